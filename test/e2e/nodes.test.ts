/**
 * Every action node inside a REAL n8n (the pinned n8n, run by Node 24, with this package packed and installed
 * as a community package), against the sandbox running in this jest process. All node workflows run in ONE
 * `n8n execute-batch` process; the failure path runs once with `n8n execute` (exit code 1).
 * Needs `npm run build` first (skips itself otherwise).
 */
import { startSandbox, type LedgerEntry, type RunningSandbox } from '../../sandbox';
import {
	addCredentials,
	addSandboxCredentials,
	distExists,
	N8nHandle,
	nodeRuns,
	runError,
	runWorkflow,
	runWorkflowsBatch,
	setupN8n,
	teardownN8n,
	nodeType,
	type BatchResult,
} from './harness';
import {
	merchantWorkflow,
	notificationWorkflow,
	paymentLinkWorkflow,
	reportWorkflow,
	sessionWorkflow,
	siteWorkflow,
	type E2eWorkflow,
} from './workflows';

const describeIfBuilt = distExists() ? describe : describe.skip;
if (!distExists()) console.warn('e2e nodes skipped: dist/ does not exist; run `npm run build` first.');

/** Items (json) a node output in a run, as n8n recorded them. */
function items(output: any, node: string): any[] {
	const run = nodeRuns({ output }, node)?.[0];
	return (run?.data?.main?.[0] ?? []).map((i: { json: unknown }) => i.json);
}
function paired(output: any, node: string): unknown[] {
	const run = nodeRuns({ output }, node)?.[0];
	return (run?.data?.main?.[0] ?? []).map((i: { pairedItem?: unknown }) => i.pairedItem);
}
const withoutAuth = (body: any) => {
	const { auth, ...rest } = body ?? {};
	return { auth, rest };
};

describeIfBuilt('e2e: every action node in a real n8n, against the sandbox', () => {
	let sandbox: RunningSandbox;
	let n8n: N8nHandle | undefined;
	let creds: Record<string, { id: string; name: string }>;
	let byId: Map<string, BatchResult>;
	let ledger: LedgerEntry[];
	const stamp = `${Date.now() % 1_000_000}`;
	const linkReference = `DEAL-${stamp}`;
	const sessionReference = `ORDER-${stamp}`;
	const day = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);

	beforeAll(async () => {
		sandbox = await startSandbox({ port: 0, processPendingPolls: 1, retryAfterSeconds: 1, reportPendingPolls: 1, reportRows: 3 });
		n8n = await setupN8n();
		const c = sandbox.credentials;
		creds = await addSandboxCredentials(n8n, sandbox);
		const validation: E2eWorkflow = {
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
					credentials: { paySuiteApi: creds.paySuiteApi },
					parameters: {
						resource: 'paymentLink',
						operation: 'create',
						name: 'Bad',
						reference: `BAD-${stamp}`,
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
		const workflows = [
			paymentLinkWorkflow(creds, linkReference),
			sessionWorkflow(creds, sandbox.url, sessionReference),
			reportWorkflow(creds, `${day}T00:00:00`, `${day}T23:59:59`),
			siteWorkflow(creds, c.customerId, `E2E shop ${stamp}`),
			merchantWorkflow(creds, `Acme${stamp}`),
			notificationWorkflow(creds),
			validation,
		];
		sandbox.clearLedger();
		const batch = await runWorkflowsBatch(n8n, workflows);
		byId = new Map(batch.results.map((r) => [r.workflowId, r]));
		ledger = sandbox.ledger().filter((e) => !e.path.startsWith('/__sandbox'));
		// A failing run shows what n8n printed; a passing one prints nothing.
		for (const r of batch.results) if (r.status !== 'success') console.log(`${r.workflowId}: ${r.status} ${r.error}\n${batch.stdout.slice(-3000)}`);
	});

	afterAll(async () => {
		await teardownN8n(n8n);
		await sandbox?.stop();
	});

	const outputOf = (id: string) => {
		const r = byId.get(id);
		expect({ id, status: r?.status, error: r?.error }).toEqual({ id, status: 'success', error: undefined });
		return r!.output;
	};
	const calls = (pattern: RegExp) => ledger.filter((e) => pattern.test(e.path));

	it('Payment Link: create → get → disable, signed, with the spec fields on the wire', () => {
		const output = outputOf('psE2eLink');
		const [created] = items(output, 'Create Link');
		expect(created).toMatchObject({ id: expect.anything() });
		expect(paired(output, 'Create Link')).toEqual([{ item: 0 }]);
		expect(items(output, 'Get Link')[0]).toMatchObject({ id: created.id, reference: linkReference, name: 'Deal 42', status: 'ACTIVE' });
		expect(items(output, 'Get Disabled')[0]).toMatchObject({ id: created.id, status: 'INACTIVE' });

		const link = calls(/^\/api\/payment-link/);
		expect(link.map((e) => `${e.method} ${e.path} ${e.status}`)).toEqual([
			'POST /api/payment-link 200',
			`POST /api/payment-link/${created.id} 200`,
			expect.stringMatching(new RegExp(`^POST /api/payment-link/(disalbe|disable)/${created.id} 200$`)),
			`POST /api/payment-link/${created.id} 200`,
		]);
		for (const e of link) expect(e.auth).toMatchObject({ ok: true, login: sandbox.credentials.login });
		const { auth, rest } = withoutAuth(link[0].body);
		expect(Object.keys(auth).sort()).toEqual(['login', 'nonce', 'seed', 'tranKey']);
		expect(rest).toMatchObject({ name: 'Deal 42', reference: linkReference, description: 'Annual plan for ACME', payment: { amount: { currency: 'USD', total: 1200 } } });
	});

	it('Session: create → pay in the sandbox → get (one item per payment) → refund', () => {
		const output = outputOf('psE2eSession');
		const [session] = items(output, 'Create Session');
		expect(session).toMatchObject({ requestId: expect.anything(), processUrl: expect.stringContaining(sandbox.url) });
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
			payment: { reference: sessionReference, description: 'Two pairs of shoes', amount: { currency: 'USD', total: 120.5 } },
			returnUrl: 'https://shop.example.com/return',
			ipAddress: '203.0.113.7',
			userAgent: 'Mozilla/5.0 (X11; Linux x86_64)',
			buyer: { email: 'buyer@example.com', name: 'Ana' },
		});
		expect(withoutAuth(calls(/^\/api\/reverse$/)[0].body).rest).toEqual({ internalReference: payments[0].internalReference });
	});

	it('Gateway report: request and wait → one item per report row', () => {
		const output = outputOf('psE2eReport');
		const rows = items(output, 'Report');
		expect(rows.length).toBeGreaterThanOrEqual(3);
		for (const row of rows) expect(Object.keys(row).length).toBeGreaterThan(1);
		const report = calls(/^\/gateway\/report/);
		expect(report[0]).toMatchObject({ method: 'POST', path: '/gateway/report', status: 200 });
		expect(withoutAuth(report[0].body).rest).toMatchObject({ filters: { startDate: `${day}T00:00:00+00:00`, endDate: `${day}T23:59:59+00:00` } });
		expect(report.slice(1).map((e) => e.path)).toEqual(report.slice(1).map(() => '/gateway/report/obtain'));
		expect(report.at(-1)!.status).toBe(200);
		expect(report.some((e) => e.status === 425)).toBe(true);
	});

	it('Site: create a site → create a payment method → add it to the new site', () => {
		const output = outputOf('psE2eSite');
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
	});

	it('Merchant: create with Wait for Completion follows the process, then get', () => {
		const output = outputOf('psE2eMerchant');
		const [created] = items(output, 'Create Merchant');
		expect(created).toMatchObject({ merchantId: expect.anything() });
		const [merchant] = items(output, 'Get Merchant');
		expect(merchant).toMatchObject({ brand: `Acme${stamp}` });
		const onboarding = calls(/^\/api\/(merchants|processes)/);
		expect(onboarding[0]).toMatchObject({ method: 'POST', path: '/api/merchants', status: 202 });
		expect(onboarding[0].headers.authorization).toBe('Bearer ***');
		expect(onboarding[0].headers['idempotency-key']).toEqual(expect.any(String));
		expect(onboarding[0].body).toMatchObject({ brand: `Acme${stamp}`, languages: ['es', 'en'], currencies: ['USD', 'COP'] });
		const polls = onboarding.filter((e) => e.path.startsWith('/api/processes/'));
		expect(polls.length).toBeGreaterThanOrEqual(2);
		expect(onboarding.at(-1)).toMatchObject({ method: 'GET', path: `/api/merchants/${created.merchantId}`, status: 200 });
	});

	it('Notification: send → accepted, body in the spec field names', () => {
		const output = outputOf('psE2eNotify');
		expect(items(output, 'Send')).toEqual([expect.objectContaining({ accepted: true, channels: ['sms', 'email'] })]);
		const [sent] = calls(/^\/api\/notifications$/);
		expect(sent.body).toEqual({
			message: 'Your store is ready',
			channels: { email: { email: 'owner@acme.example.com', subject: 'Welcome' }, sms: { phone_number: '+573001112233', short_message: 'Store ready' } },
		});
	});

	it('bad input fails the item before anything is sent, naming the field and the item', () => {
		const output = outputOf('psE2eInvalid');
		const [failed] = items(output, 'Bad Link');
		expect(failed.error).toBe("Currency must be an ISO 4217 alphabetic code such as USD; got 'usd' (item 0)");
		expect(ledger.filter((e) => JSON.stringify(e.body ?? '').includes(`BAD-${stamp}`))).toEqual([]);
	});

	it('a wrong secret key fails the run (exit 1) with the words for reason 102 and no secret in the output', async () => {
		const c = sandbox.credentials;
		const [wrong] = Object.values(
			await addCredentials(n8n!, [{ type: 'paySuiteApi', name: 'Wrong secret', data: { login: c.login, secretKey: 'not-the-secret-key', algorithm: 'sha256', baseUrl: sandbox.url } }]),
		);
		sandbox.clearLedger();
		const run = await runWorkflow(n8n!, [
			{ name: 'Start', type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, parameters: {} },
			{ name: 'Facilitators', type: nodeType('paySuiteSite'), typeVersion: 1, credentials: { paySuiteApi: wrong }, parameters: { resource: 'paymentFacilitator', operation: 'getMany', limit: 1, filters: {} } },
		]);
		expect(run.exitCode).toBe(1);
		const error = runError(run, 'Facilitators') ?? runError(run);
		expect(`${error?.message} ${error?.description}`).toMatch(/Wrong secret key/);
		expect(run.stdout + run.stderr).not.toContain('not-the-secret-key');
		expect(run.stdout + run.stderr).not.toContain(c.secretKey);
		const [call] = sandbox.ledger().filter((e) => !e.path.startsWith('/__sandbox'));
		expect(call).toMatchObject({ path: '/core/tools/payment-facilitator/search', status: 401, auth: { ok: false } });
	});
});
