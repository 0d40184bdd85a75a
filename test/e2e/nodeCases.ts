/**
 * Each action node's workflow and what its run must show, shared by the single-process e2e (nodes.test.ts) and
 * the queue-mode one (queue.test.ts): the same workflows, the same assertions on the items n8n recorded and on
 * the calls the sandbox received.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- runs in Node, not in n8n: eslint.dev.config.mjs lints it */
import type { LedgerEntry, RunningSandbox } from '../../sandbox';
import { nodeRuns, nodeType } from './harness';
import {
	merchantWorkflow,
	notificationWorkflow,
	paymentLinkWorkflow,
	reportWorkflow,
	sessionWorkflow,
	siteWorkflow,
	type E2eWorkflow,
} from './workflows';

export interface NodeCaseContext {
	sandbox: RunningSandbox;
	creds: Record<string, { id: string; name: string }>;
	/** Makes this run's references unique. */
	stamp: string;
	/** The day the report covers (YYYY-MM-DD). */
	day: string;
}

/** The sandbox calls (non-control) whose path matches. */
export type Calls = (pattern: RegExp) => LedgerEntry[];

export interface NodeCase {
	id: string;
	title: string;
	workflow(ctx: NodeCaseContext): E2eWorkflow;
	/** `output` is the run as `n8n execute --rawOutput` prints it: { data: { resultData: { runData } } }. */
	check(output: any, calls: Calls, ctx: NodeCaseContext): void;
}

/** Items (json) a node output in a run, as n8n recorded them. */
export function items(output: any, node: string): any[] {
	const run = nodeRuns({ output }, node)?.[0];
	return (run?.data?.main?.[0] ?? []).map((i: { json: unknown }) => i.json);
}
export function paired(output: any, node: string): unknown[] {
	const run = nodeRuns({ output }, node)?.[0];
	return (run?.data?.main?.[0] ?? []).map((i: { pairedItem?: unknown }) => i.pairedItem);
}
export const withoutAuth = (body: any) => {
	const { auth, ...rest } = body ?? {};
	return { auth, rest };
};

const linkReference = (ctx: NodeCaseContext) => `DEAL-${ctx.stamp}`;
const sessionReference = (ctx: NodeCaseContext) => `ORDER-${ctx.stamp}`;

/** A Payment Link create with a lower-case currency: fails the item before anything is sent. */
function validationWorkflow(ctx: NodeCaseContext): E2eWorkflow {
	return {
		id: 'psE2eInvalid',
		name: 'E2E validation',
		nodes: [
			{ name: 'Start', type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, parameters: {}, position: [0, 0] },
			{
				name: 'Bad Link',
				type: nodeType('paySuitePaymentLink'),
				typeVersion: 1,
				position: [240, 0],
				onError: 'continueRegularOutput',
				credentials: { paySuiteApi: ctx.creds.paySuiteApi },
				parameters: {
					resource: 'paymentLink',
					operation: 'create',
					name: 'Bad',
					reference: `BAD-${ctx.stamp}`,
					description: 'lower-case currency',
					currency: 'usd',
					total: 10,
					expirationDate: `${new Date().getUTCFullYear() + 1}-03-01T10:15:00`,
					paymentExpiration: 30,
					additionalFields: {},
				},
			},
		],
		connections: { Start: { main: [[{ node: 'Bad Link', type: 'main', index: 0 }]] } },
	};
}

export const NODE_CASES: NodeCase[] = [
	{
		id: 'psE2eLink',
		title: 'Payment Link: create → get → disable, signed, with the spec fields on the wire',
		workflow: (ctx) => paymentLinkWorkflow(ctx.creds, linkReference(ctx)),
		check(output, calls, ctx) {
			const [created] = items(output, 'Create Link');
			expect(created).toMatchObject({ id: expect.anything() });
			expect(paired(output, 'Create Link')).toEqual([{ item: 0 }]);
			expect(items(output, 'Get Link')[0]).toMatchObject({ id: created.id, reference: linkReference(ctx), name: 'Deal 42', status: 'ACTIVE' });
			expect(items(output, 'Get Disabled')[0]).toMatchObject({ id: created.id, status: 'INACTIVE' });

			const link = calls(/^\/api\/payment-link/);
			expect(link.map((e) => `${e.method} ${e.path} ${e.status}`)).toEqual([
				'POST /api/payment-link 200',
				`POST /api/payment-link/${created.id} 200`,
				expect.stringMatching(new RegExp(`^POST /api/payment-link/(disalbe|disable)/${created.id} 200$`)),
				`POST /api/payment-link/${created.id} 200`,
			]);
			for (const e of link) expect(e.auth).toMatchObject({ ok: true, login: ctx.sandbox.credentials.login });
			const { auth, rest } = withoutAuth(link[0].body);
			expect(Object.keys(auth).sort()).toEqual(['login', 'nonce', 'seed', 'tranKey']);
			expect(rest).toMatchObject({ name: 'Deal 42', reference: linkReference(ctx), description: 'Annual plan for ACME', payment: { amount: { currency: 'USD', total: 1200 } } });
		},
	},
	{
		id: 'psE2eSession',
		title: 'Session: create → pay in the sandbox → get (one item per payment) → refund',
		workflow: (ctx) => sessionWorkflow(ctx.creds, ctx.sandbox.url, sessionReference(ctx)),
		check(output, calls, ctx) {
			const [session] = items(output, 'Create Session');
			expect(session).toMatchObject({ requestId: expect.anything(), processUrl: expect.stringContaining(ctx.sandbox.url) });
			const payments = items(output, 'Get Session');
			expect(payments).toHaveLength(1);
			expect(payments[0]).toMatchObject({ requestId: session.requestId, internalReference: expect.any(Number), status: { status: 'APPROVED' } });
			const [refund] = items(output, 'Refund');
			expect(refund).toMatchObject({ status: { status: 'OK' }, payment: { internalReference: expect.any(Number), refunded: true } });

			expect(calls(/^\/api\/(session|reverse)/).map((e) => `${e.method} ${e.path} ${e.status}`)).toEqual([
				'POST /api/session 200',
				`POST /api/session/${session.requestId} 200`,
				'POST /api/reverse 200',
			]);
			const create = withoutAuth(calls(/^\/api\/session$/)[0].body).rest;
			expect(create).toMatchObject({
				payment: { reference: sessionReference(ctx), description: 'Two pairs of shoes', amount: { currency: 'USD', total: 120.5 } },
				returnUrl: 'https://shop.example.com/return',
				ipAddress: '203.0.113.7',
				userAgent: 'Mozilla/5.0 (X11; Linux x86_64)',
				buyer: { email: 'buyer@example.com', name: 'Ana' },
			});
			expect(withoutAuth(calls(/^\/api\/reverse$/)[0].body).rest).toEqual({ internalReference: payments[0].internalReference });
		},
	},
	{
		id: 'psE2eReport',
		title: 'Gateway report: request and wait → one item per report row',
		workflow: (ctx) => reportWorkflow(ctx.creds, `${ctx.day}T00:00:00`, `${ctx.day}T23:59:59`),
		check(output, calls, ctx) {
			const rows = items(output, 'Report');
			expect(rows.length).toBeGreaterThanOrEqual(3);
			for (const row of rows) expect(Object.keys(row).length).toBeGreaterThan(1);
			const report = calls(/^\/gateway\/report/);
			expect(report[0]).toMatchObject({ method: 'POST', path: '/gateway/report', status: 200 });
			// The day is read on the site's clock: the sandbox credential names America/Bogota (UTC-5).
			expect(withoutAuth(report[0].body).rest).toMatchObject({ filters: { startDate: `${ctx.day}T00:00:00-05:00`, endDate: `${ctx.day}T23:59:59-05:00` } });
			expect(report.slice(1).map((e) => e.path)).toEqual(report.slice(1).map(() => '/gateway/report/obtain'));
			expect(report.at(-1)!.status).toBe(200);
			expect(report.some((e) => e.status === 425)).toBe(true);
		},
	},
	{
		id: 'psE2eSite',
		title: 'Site: create a site → create a payment method → add it to the new site',
		workflow: (ctx) => siteWorkflow(ctx.creds, ctx.sandbox.credentials.customerId, `E2E shop ${ctx.stamp}`),
		check(output, calls) {
			const [site] = items(output, 'Create Site');
			const [method] = items(output, 'Create Method');
			const [association] = items(output, 'Add To Site');
			expect(site).toMatchObject({ id: expect.any(Number), login: expect.any(String) });
			expect(method).toMatchObject({ id: expect.any(Number) });
			expect(association).toMatchObject({ id: expect.anything() });
			expect(calls(/^\/core\//).map((e) => `${e.path} ${e.status}`)).toEqual([
				'/core/site/create 200',
				'/core/merchant/payment-methods/create 200',
				'/core/site/payment-methods/create 200',
			]);
			const [, , add] = calls(/^\/core\//);
			expect(withoutAuth(add.body).rest).toEqual({ data: { siteId: site.id, customerPaymentId: method.id, minAmount: 10, maxAmount: 5000 } });
		},
	},
	{
		id: 'psE2eMerchant',
		title: 'Merchant: create with Wait for Completion follows the process, then get',
		workflow: (ctx) => merchantWorkflow(ctx.creds, `Acme${ctx.stamp}`),
		check(output, calls, ctx) {
			const [created] = items(output, 'Create Merchant');
			expect(created).toMatchObject({ merchantId: expect.anything() });
			const [merchant] = items(output, 'Get Merchant');
			expect(merchant).toMatchObject({ brand: `Acme${ctx.stamp}` });
			const onboarding = calls(/^\/api\/(merchants|processes)/);
			expect(onboarding[0]).toMatchObject({ method: 'POST', path: '/api/merchants', status: 202 });
			expect(onboarding[0].headers.authorization).toBe('Bearer ***');
			expect(onboarding[0].headers['idempotency-key']).toEqual(expect.any(String));
			expect(onboarding[0].body).toMatchObject({ brand: `Acme${ctx.stamp}`, languages: ['es', 'en'], currencies: ['USD', 'COP'] });
			const polls = onboarding.filter((e) => e.path.startsWith('/api/processes/'));
			expect(polls.length).toBeGreaterThanOrEqual(2);
			expect(onboarding.at(-1)).toMatchObject({ method: 'GET', path: `/api/merchants/${created.merchantId}`, status: 200 });
		},
	},
	{
		id: 'psE2eNotify',
		title: 'Notification: send → accepted, body in the spec field names',
		workflow: (ctx) => notificationWorkflow(ctx.creds),
		check(output, calls) {
			expect(items(output, 'Send')).toEqual([expect.objectContaining({ accepted: true, channels: ['sms', 'email'] })]);
			const [sent] = calls(/^\/api\/notifications$/);
			expect(sent.body).toEqual({
				message: 'Your store is ready',
				channels: { email: { email: 'owner@acme.example.com', subject: 'Welcome' }, sms: { phone_number: '+573001112233', short_message: 'Store ready' } },
			});
		},
	},
	{
		id: 'psE2eInvalid',
		title: 'bad input fails the item before anything is sent, naming the field and the item',
		workflow: validationWorkflow,
		check(output, calls, ctx) {
			const [failed] = items(output, 'Bad Link');
			expect(failed.error).toBe("Currency must be an ISO 4217 alphabetic code such as USD; got 'usd' (item 0)");
			expect(calls(/./).filter((e) => JSON.stringify(e.body ?? '').includes(`BAD-${ctx.stamp}`))).toEqual([]);
		},
	},
];
