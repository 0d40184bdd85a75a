/**
 * The example workflows in examples/ run in a REAL n8n against the sandbox, exactly as `npm run demo` runs
 * them (scripts/n8n/examples.js): every one must succeed, do what it says, and be valid against the node
 * parameters. Needs `npm run build` first (skips itself otherwise).
 */
import { createServer } from 'http';
import type { AddressInfo } from 'net';

import { startSandbox, type LedgerEntry, type RunningSandbox } from '../../sandbox';
import { distExists, N8nHandle, setupN8n, teardownN8n } from './harness';

const examples = require('../../scripts/n8n/examples.js');

const describeIfBuilt = distExists() ? describe : describe.skip;

interface ExampleResult {
	file: string;
	id: string;
	status: string;
	error?: string;
	output: any;
	summary?: string;
}

describeIfBuilt('e2e: the example workflows run in a real n8n', () => {
	let sandbox: RunningSandbox;
	let n8n: N8nHandle | undefined;
	let results: Map<string, ExampleResult>;
	let ledger: LedgerEntry[];
	const crmCalls: unknown[] = [];
	const crm = createServer((req, res) => {
		let body = '';
		req.on('data', (d) => (body += d));
		req.on('end', () => {
			crmCalls.push(JSON.parse(body));
			res.writeHead(201, { 'content-type': 'application/json' });
			res.end('{"updated":true}');
		});
	});

	beforeAll(async () => {
		sandbox = await startSandbox({ port: 0, processPendingPolls: 1, retryAfterSeconds: 1, reportPendingPolls: 1, reportRows: 4 });
		await new Promise<void>((resolve) => crm.listen(0, '127.0.0.1', () => resolve()));
		n8n = await setupN8n();
		const run = await examples.runExamples({
			userFolder: n8n.userFolder,
			sandboxUrl: sandbox.url,
			credentials: sandbox.credentials,
			crmUrl: `http://127.0.0.1:${(crm.address() as AddressInfo).port}/api/v1/payments`,
		});
		results = new Map((run.results as ExampleResult[]).map((r) => [r.file, r]));
		ledger = sandbox.ledger().filter((e) => !e.path.startsWith('/__sandbox'));
		// A failing example shows what it did; passing ones print nothing.
		for (const r of run.results as ExampleResult[]) if (r.status !== 'success') console.log(`${r.file}: ${r.status} ${r.summary ?? r.error}`);
	});

	afterAll(async () => {
		await teardownN8n(n8n);
		crm.close();
		await sandbox?.stop();
	});

	const ok = (file: string) => {
		const r = results.get(file);
		expect({ file, status: r?.status, error: r?.error }).toEqual({ file, status: 'success', error: undefined });
		return r!.output;
	};
	const items = (output: any, node: string): any[] => examples.nodeItems(output, node);

	it('ships the six examples, each with a manual "Try it" start and the credentials the demo imports', () => {
		const list = examples.loadExamples() as Array<{ file: string; workflow: any }>;
		expect(list.map((e) => e.file).sort()).toEqual([
			'autopay-failure-alert.json',
			'daily-transaction-report.json',
			'merchant-onboarding.json',
			'paid-session-to-crm.json',
			'payment-link-for-deal.json',
			'refund-on-request.json',
		]);
		for (const { workflow } of list) {
			expect(workflow.id.length).toBeLessThanOrEqual(21);
			expect(workflow.nodes.filter((n: any) => n.type === 'n8n-nodes-base.manualTrigger')).toHaveLength(1);
			for (const node of workflow.nodes.filter((n: any) => n.type.startsWith('n8n-nodes-paysuite.'))) {
				const [type] = Object.keys(node.credentials ?? {});
				expect(examples.CREDENTIALS[type]).toEqual(node.credentials[type]);
			}
		}
	});

	it('daily report: yesterday\'s report rows become a CSV file', () => {
		const output = ok('daily-transaction-report.json');
		const rows = items(output, "Yesterday's report");
		expect(rows.length).toBeGreaterThanOrEqual(4);
		const [file] = examples.nodeBinaries(output, 'Spreadsheet (CSV)');
		expect(file.data).toMatchObject({ mimeType: 'text/csv', fileName: expect.stringMatching(/^transactions-\d{4}-\d{2}-\d{2}\.csv$/) });
		const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
		const report = ledger.find((e) => e.path === '/gateway/report')!;
		expect((report.body as any).filters.startDate).toContain(yesterday);
	});

	it('payment link for a deal: the link is created from the deal and e-mailed to the customer', () => {
		const output = ok('payment-link-for-deal.json');
		const [link] = items(output, 'Create payment link');
		expect(link).toMatchObject({ id: expect.anything(), url: expect.stringContaining('/payment-link/') });
		const create = ledger.find((e) => e.path === '/api/payment-link')!;
		expect(create.body).toMatchObject({ name: 'Annual plan for ACME', reference: 'DEAL-D-1042', payment: { amount: { currency: 'USD', total: 1200 } } });
		const mail = ledger.find((e) => e.path === '/api/notifications' && JSON.stringify(e.body).includes('Payment link for'))!;
		expect(mail.body).toMatchObject({ channels: { email: { email: 'buyer@acme.example.com' } } });
		expect((mail.body as any).message).toContain(link.url);
	});

	it('paid session to CRM: the CRM receives the paid session', () => {
		const output = ok('paid-session-to-crm.json');
		const [session] = items(output, 'Get session');
		expect(session.status.status).toBe('APPROVED');
		expect(crmCalls).toEqual([
			expect.objectContaining({ requestId: session.requestId, status: 'APPROVED', total: 89.9, currency: 'USD', reference: expect.stringMatching(/^DEMO-CRM-/), buyerEmail: 'ana@example.com' }),
		]);
	});

	it('refund on request: the approved payment of the session is refunded', () => {
		const output = ok('refund-on-request.json');
		const payments = items(output, 'Payments of the session');
		expect(payments).toHaveLength(1);
		expect(items(output, 'Refund')).toHaveLength(1);
		const refund = ledger.find((e) => e.path === '/api/reverse')!;
		expect(refund).toMatchObject({ status: 200 });
		expect((refund.body as any).internalReference).toBe(payments[0].internalReference);
	});

	it('merchant onboarding: merchant (waited for) → store → payment method → enabled → welcome e-mail', () => {
		const output = ok('merchant-onboarding.json');
		const [merchant] = items(output, 'Create merchant');
		const [site] = items(output, 'Create store');
		const [method] = items(output, 'Register payment method');
		expect(merchant.merchantId).toEqual(expect.anything());
		const paths = ledger.map((e) => `${e.method} ${e.path}`);
		const order = ['POST /api/merchants', 'POST /core/site/create', 'POST /core/merchant/payment-methods/create', 'POST /core/site/payment-methods/create'].map((p) =>
			paths.indexOf(p),
		);
		expect(order.every((i, k) => i >= 0 && (k === 0 || i > order[k - 1]))).toBe(true);
		expect(ledger.find((e) => e.path === '/core/site/create')!.body).toMatchObject({ data: { customerId: Number(merchant.merchantId), name: 'Acme online store' } });
		expect(ledger.find((e) => e.path === '/core/site/payment-methods/create')!.body).toMatchObject({ data: { siteId: site.id, customerPaymentId: method.id } });
		const mail = ledger.find((e) => e.path === '/api/notifications' && JSON.stringify(e.body).includes('Your store is ready'))!;
		expect(mail.body).toMatchObject({ channels: { email: { email: 'owner@acme.example.com' } } });
	});

	it('autopay failure alert: the team is alerted by e-mail and SMS', () => {
		const output = ok('autopay-failure-alert.json');
		expect(items(output, 'Alert the team')).toEqual([expect.objectContaining({ accepted: true, channels: ['sms', 'email'] })]);
		const alert = ledger.find((e) => e.path === '/api/notifications' && JSON.stringify(e.body).includes('SUB-0042'))!;
		expect(alert.body).toMatchObject({ channels: { sms: { phone_number: '+573001112233' }, email: { email: 'billing-team@example.com' } } });
	});
});
