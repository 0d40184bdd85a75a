/**
 * The example workflows in examples/ run in a REAL n8n against the sandbox, exactly as `npm run demo` runs
 * them (scripts/n8n/examples.js: a running `n8n start`, each from its "Try it" start): every runnable example
 * and offline twin must succeed and do what it says; every real-node variant must be the same chain as its
 * twin. In an n8n older than an example needs (PAYSUITE_N8N_VERSION=1.123.x: `meta.minN8nVersion`), that example
 * is not imported and its checks are skipped. Needs `npm run build` first (skips itself otherwise).
 */
/* eslint-disable @typescript-eslint/no-explicit-any, @typescript-eslint/no-require-imports, no-console -- runs in Node, not in n8n: eslint.dev.config.mjs lints it */
import { startSandbox, type LedgerEntry, type RunningSandbox } from '../../sandbox';
import { describeWithBuild, N8nHandle, outcome, setupN8n, teardownN8n } from './harness';
import { cents } from './editorPanels';

const examples = require('../../scripts/n8n/examples.js');
const { N8N_VERSION } = require('../../scripts/n8n/install.js');

const describeIfBuilt = describeWithBuild('e2e examples');

interface ExampleRun {
	status: string;
	error?: string;
	output: any;
	calls: LedgerEntry[];
}

interface ExampleResult {
	file: string;
	kind: 'runnable' | 'realNodes' | 'offline';
	id: string;
	status: string;
	error?: string;
	output: any;
	runs: ExampleRun[];
	summary?: string;
}

interface Example {
	file: string;
	kind: ExampleResult['kind'];
	workflow: { id: string; name: string; nodes: any[]; connections: Record<string, any> };
}

const EXAMPLES: Example[] = examples.loadExamples();
/** The examples this n8n version gets (all of them in n8n 2.x). */
const GIVEN = new Set((examples.examplesFor(N8N_VERSION, { examples: EXAMPLES }) as Example[]).map((e) => e.file));
/** A check of one example: skipped in an n8n that does not get it. */
const itGiven = (file: string) => (GIVEN.has(file) ? it : it.skip);
const byFile = (file: string) => EXAMPLES.find((e) => e.file === file)!;
const paySuiteNodes = (e: Example) => e.workflow.nodes.filter((n) => n.type.startsWith('n8n-nodes-paysuite.'));

describeIfBuilt('e2e: the example workflows run in a real n8n', () => {
	let sandbox: RunningSandbox;
	let n8n: N8nHandle | undefined;
	let results: Map<string, ExampleResult>;
	let tables: Array<{ name: string; rows: Array<Record<string, any>> }>;

	beforeAll(async () => {
		sandbox = await startSandbox({ port: 0, processPendingPolls: 1, retryAfterSeconds: 1, reportPendingPolls: 1, reportRows: 4 });
		n8n = await setupN8n();
		const run = await examples.runExamples({
			userFolder: n8n.userFolder,
			sandboxUrl: sandbox.url,
			credentials: sandbox.credentials,
			ledger: () => sandbox.ledger().filter((e) => !e.path.startsWith('/__sandbox')),
		});
		results = new Map((run.results as ExampleResult[]).map((r) => [r.file, r]));
		tables = run.tables;
		// A failing example shows what it did; passing ones print nothing.
		for (const r of run.results as ExampleResult[]) if (!['success', 'listed'].includes(r.status)) console.log(`${r.file}: ${r.status} ${r.error}`);
	});

	afterAll(async () => {
		await teardownN8n(n8n);
		await sandbox?.stop();
	});

	const ok = (file: string) => {
		const r = results.get(file);
		expect({ file, status: r?.status, error: r?.error }).toEqual({ file, status: 'success', error: undefined });
		return r!;
	};
	const items = (output: any, node: string): any[] => examples.nodeItems(output, node);
	const rowsOf = (table: string) => tables.find((t) => t.name === table)?.rows ?? [];

	it('ships the agreed examples, each with one manual "Try it" start and the credentials the demo imports', () => {
		expect(EXAMPLES.map((e) => `${e.kind} ${e.file}`)).toEqual([
			'realNodes approved-payment-to-hubspot.json',
			'runnable autopay-failure-alert.json',
			'realNodes autopay-failure-to-slack.json',
			'realNodes daily-report-to-google-sheets.json',
			'runnable daily-transaction-report.json',
			'runnable merchant-onboarding.json',
			'realNodes monthly-card-charge.json',
			'offline offline/approved-payment-to-data-table.json',
			'offline offline/autopay-failure-to-data-table.json',
			'offline offline/daily-report-to-data-table.json',
			'offline offline/monthly-card-charge-to-data-table.json',
			'offline offline/paid-checkout-to-data-table.json',
			'offline offline/payment-link-for-deal-to-data-table.json',
			'offline offline/refund-on-request-to-data-table.json',
			'offline offline/weekly-totals-to-data-table.json',
			'realNodes paid-checkout-to-hubspot.json',
			'realNodes paid-checkout-to-pipedrive.json',
			'realNodes payment-link-for-deal.json',
			'runnable refund-on-request.json',
			'runnable refunds-this-week.json',
			'realNodes weekly-totals-to-google-sheets.json',
		]);
		expect(new Set(EXAMPLES.map((e) => e.workflow.id)).size).toBe(EXAMPLES.length);
		for (const { workflow } of EXAMPLES) {
			expect(workflow.id.length).toBeLessThanOrEqual(21);
			expect(workflow.nodes.filter((n) => n.type === 'n8n-nodes-base.manualTrigger').map((n) => n.name)).toEqual(['Try it']);
			for (const node of paySuiteNodes({ workflow } as Example)) {
				const [type] = Object.keys(node.credentials ?? {});
				expect(examples.CREDENTIALS[type]).toEqual(node.credentials[type]);
			}
		}
	});

	it("a note that tells you which sheet columns to make names every column the sheet's node writes", () => {
		const checked: string[] = [];
		for (const { file, workflow } of EXAMPLES) {
			const listed = workflow.nodes.map((n) => /column names: ([^.]+)\./.exec(n.parameters?.content ?? '')?.[1]).find(Boolean);
			const written = workflow.nodes.find((n) => n.type === 'n8n-nodes-base.googleSheets' && n.parameters?.columns?.value)?.parameters.columns.value;
			if (!listed || !written) continue;
			checked.push(file);
			expect({ file, columns: listed.split(', ').sort() }).toEqual({ file, columns: Object.keys(written).sort() });
		}
		expect(checked).toEqual(['daily-report-to-google-sheets.json', 'weekly-totals-to-google-sheets.json']);
	});

	it('every runnable example and offline twin ran; the real-node variants were listed, not run', () => {
		for (const e of EXAMPLES.filter((x) => GIVEN.has(x.file))) {
			const r = results.get(e.file)!;
			if (e.kind === 'realNodes') expect({ file: e.file, status: r.status, runs: r.runs.length }).toEqual({ file: e.file, status: 'listed', runs: 0 });
			else ok(e.file);
		}
	});

	it.each(Object.entries(examples.TWINS as Record<string, string>))(
		'the real-node variant %s is the chain of its twin %s: the same PaySuite nodes and parameters, a third-party node where the twin has a Data Table',
		(file, twin) => {
			const real = byFile(file);
			const offline = byFile(twin);
			// Valid JSON (loadExamples parsed it) whose PaySuite nodes are the twin's, parameter for parameter.
			const shape = (e: Example) => paySuiteNodes(e).map((n) => ({ name: n.name, type: n.type, typeVersion: n.typeVersion, parameters: n.parameters }));
			expect(shape(real)).toEqual(shape(offline));
			const thirdParty = real.workflow.nodes.filter(examples.isThirdPartyNode);
			expect(thirdParty.length).toBeGreaterThan(0);
			expect(offline.workflow.nodes.some((n) => n.type === 'n8n-nodes-base.dataTable')).toBe(true);
			expect(offline.workflow.nodes.some(examples.isThirdPartyNode)).toBe(false);
			// Every connection names a node of the workflow.
			const names = new Set(real.workflow.nodes.map((n) => n.name));
			for (const [from, out] of Object.entries(real.workflow.connections)) {
				expect(names.has(from)).toBe(true);
				for (const target of (out as any).main.flat()) expect(names.has(target.node)).toBe(true);
			}
			if (GIVEN.has(file) && GIVEN.has(twin)) expect(results.get(file)!.summary).toMatch(/^opens in the editor; needs your ".+" credential; its offline twin ran/);
		},
	);

	it.each(Object.entries(examples.TRY_IT_TWINS as Record<string, string>))(
		'the runnable example %s is the chain of its twin %s: the same PaySuite nodes and parameters from the request on, a Data Table at the end',
		(file, twin) => {
			const shape = (e: Example) => paySuiteNodes(e).map((n) => ({ name: n.name, type: n.type, typeVersion: n.typeVersion, parameters: n.parameters }));
			const names = new Set(paySuiteNodes(byFile(file)).map((n) => n.name));
			expect(shape(byFile(twin)).filter((n) => names.has(n.name))).toEqual(shape(byFile(file)));
			expect(byFile(twin).workflow.nodes.some((n) => n.type === 'n8n-nodes-base.dataTable')).toBe(true);
			expect(byFile(twin).workflow.nodes.some(examples.isThirdPartyNode)).toBe(false);
		},
	);

	itGiven('offline/refund-on-request-to-data-table.json')(
		'refund on request → Data Table (offline twin): each run buys its own order, pays it, asks its refund twice and refunds it once; a second run refunds no earlier payment',
		() => {
			const r = ok('offline/refund-on-request-to-data-table.json');
			expect(r.runs).toHaveLength(2);
			const reversed = r.runs.map((run) => run.calls.filter((e) => e.path === '/api/reverse'));
			expect(reversed.map((calls) => calls.map((e) => e.status))).toEqual([[200], [200]]);
			// The ticket is sent twice (Sent twice): the session's payment is read for each copy.
			const paid = r.runs.map((run) => items(run.output, 'Payments of the session').map((p) => String(p.internalReference)));
			expect(paid.map((refs) => refs.length)).toEqual([2, 2]);
			expect(paid.map((refs) => new Set(refs).size)).toEqual([1, 1]);
			expect(reversed.map((calls) => String((calls[0].body as any).internalReference))).toEqual(paid.map((refs) => refs[0]));
			expect(paid[0][0]).not.toBe(paid[1][0]);
			const rows = rowsOf('PaySuite refunds');
			expect(rows).toHaveLength(4);
			for (const [i, refs] of paid.entries()) {
				expect(rows.filter((row) => row.internalReference === refs[0])).toEqual([
					expect.objectContaining({ outcome: 'refunded', amountRefunded: 45, refundedAmount: 45, refundableAmount: 0, paymentAmount: 45, currency: 'USD', ticketId: 'T-881' }),
					expect.objectContaining({ outcome: `Not sent: transaction ${refs[0]} is already refunded in full`, amountRefunded: 0, refundedAmount: 45, refundableAmount: 0, paymentAmount: 45, currency: 'USD', ticketId: 'T-881', detail: expect.stringContaining('Allow Repeat') }),
				]);
				expect(items(r.runs[i].output, 'Refund row')).toHaveLength(2);
			}
		},
	);

	itGiven('daily-transaction-report.json')("daily report: yesterday's report rows become a CSV file, through the Period preset", () => {
		const r = ok('daily-transaction-report.json');
		const rows = items(r.output, "Yesterday's report");
		expect(rows.length).toBeGreaterThanOrEqual(4);
		const [file] = examples.nodeBinaries(r.output, 'Spreadsheet (CSV)');
		expect(file.data).toMatchObject({ mimeType: 'text/csv', fileName: expect.stringMatching(/^transactions-\d{4}-\d{2}-\d{2}\.csv$/) });
		// Yesterday on the site's clock (the sandbox credential's Site Time Zone, America/Bogota: UTC-5, no DST).
		const yesterday = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Bogota' }).format(new Date(Date.now() - 86_400_000));
		const reports = r.runs[0].calls.filter((e) => e.path === '/gateway/report');
		expect(reports.map((e) => (e.body as any).filters)).toEqual([{ startDate: `${yesterday}T00:00:00-05:00`, endDate: `${yesterday}T23:59:59-05:00` }].map((f) => expect.objectContaining(f)));
	});

	itGiven('offline/payment-link-for-deal-to-data-table.json')(
		'won deal → payment link → paid on its page → deal recorded (offline twin): one workflow, nothing pasted',
		() => {
			const r = ok('offline/payment-link-for-deal-to-data-table.json');
			const run = r.runs[0] as any;
			// The run waited on the link, was paid on the link's page as a buyer pays, and went on.
			expect(run.paidLink).toMatchObject({ id: expect.anything(), url: expect.stringContaining('/payment-link/'), pageStatus: 200 });
			const create = run.calls.find((e: any) => e.path === '/api/payment-link')!;
			expect(create.body).toMatchObject({ name: 'Annual plan for ACME', reference: expect.stringMatching(/^DEAL-D-\d{10}$/), payment: { amount: { currency: 'USD', total: 1200 } }, receiverEmails: ['buyer@acme.example.com'] });
			expect(new URL(create.body.notificationUrl).pathname).toMatch(/^\/webhook-waiting\/\d+$/);
			const [paid] = items(r.output, 'Payment link, wait for payment');
			expect(paid).toMatchObject({ status: 'APPROVED', linkId: run.paidLink.id, reference: create.body.reference, amount: 1200, currency: 'USD', internalReference: expect.anything() });
			expect(rowsOf('PaySuite deal payments')).toEqual([
				expect.objectContaining({ reference: create.body.reference, stage: 'closed won', status: 'APPROVED', amount: 1200, currency: 'USD', internalReference: String(paid.internalReference) }),
			]);
		},
	);

	itGiven('offline/paid-checkout-to-data-table.json')('paid checkout → deal (offline twin): the Data Table deal of the reference is won with the amount paid', () => {
		const r = ok('offline/paid-checkout-to-data-table.json');
		const [session] = items(r.output, 'Get session');
		expect(session.status).toBe('APPROVED');
		expect(items(r.output, 'Paid payment')).toEqual([expect.objectContaining({ reference: 'DEAL-D-1042', amount: 1200, currency: 'USD' })]);
		expect(rowsOf('PaySuite deals')).toEqual([
			expect.objectContaining({ reference: 'DEAL-D-1042', stage: 'closed won', amount: 1200, currency: 'USD', requestId: String(session.requestId) }),
		]);
	});

	itGiven('offline/daily-report-to-data-table.json')("yesterday's report → Data Table (offline twin): run twice, one row per internal reference; the approved totals per currency and kind", () => {
		const r = ok('offline/daily-report-to-data-table.json');
		expect(r.runs.map(outcome)).toEqual([{ status: 'success' }, { status: 'success' }]);
		const reportRows = items(r.output, "Yesterday's report");
		expect(reportRows.length).toBeGreaterThanOrEqual(4);
		const rows = rowsOf('PaySuite transactions');
		const references = rows.map((row) => row.internal_reference);
		expect(new Set(references).size).toBe(rows.length);
		expect(references.sort()).toEqual(reportRows.map((row) => String(row.internal_reference)).sort());
		const first = reportRows[0];
		// The table's columns are the report's field names.
		expect(rows.find((row) => row.internal_reference === String(first.internal_reference))).toMatchObject({ reference: first.reference, status: first.status, currency_code: first.currency_code });
		// Each row says what it is and, for a refund, which payment it belongs to: a sum by kind keeps them apart.
		for (const reportRow of reportRows) {
			expect(rows.find((row) => row.internal_reference === String(reportRow.internal_reference))).toMatchObject({
				kind: reportRow.kind,
				payment_internal_reference: reportRow.payment_internal_reference === null ? '' : String(reportRow.payment_internal_reference),
			});
		}
		// Yesterday's totals: the approved rows summed per currency and kind, to the cent.
		const approved = reportRows.filter((row) => row.status === 'APPROVED');
		const expected: Record<string, { cents: number; count: number }> = {};
		for (const row of approved) {
			const key = `${row.currency_code} ${row.kind}`;
			expected[key] ??= { cents: 0, count: 0 };
			expected[key].cents += cents(row.amount);
			expected[key].count++;
		}
		const totals = items(r.output, "Yesterday's totals");
		expect(Object.fromEntries(totals.map((t) => [`${t.currency_code} ${t.kind}`, { cents: cents(t.sum_amount), count: t.count_internal_reference }]))).toEqual(expected);
		expect(totals).toHaveLength(Object.keys(expected).length);
	});

	itGiven('offline/weekly-totals-to-data-table.json')(
		'weekly totals → Data Table (offline twin): the approved rows summed by currency and kind, payments and refunds apart; run twice, one row each',
		() => {
			const r = ok('offline/weekly-totals-to-data-table.json');
			expect(r.runs.map((run) => run.status)).toEqual(['success', 'success']);
			const report = items(r.output, "Approved transactions of the week");
			expect(report.length).toBeGreaterThanOrEqual(4);
			expect(report.every((row) => row.status === 'APPROVED' && typeof row.kind === 'string')).toBe(true);
			// Every type was asked for (so each row has its type and kind), approved only, on the site's clock.
			const asked = r.runs[0].calls.filter((e) => e.path === '/gateway/report').map((e) => (e.body as any).filters);
			expect(asked).toEqual([expect.objectContaining({ state: ['APPROVED'], type: expect.arrayContaining(['AUTH_ONLY', 'REFUND']), startDate: expect.stringMatching(/T00:00:00-05:00$/) })]);
			// Last Week: Monday 00:00:00 to Sunday 23:59:59 on the site's clock.
			expect(new Date(`${String(asked[0].startDate).slice(0, 10)}T12:00:00Z`).getUTCDay()).toBe(1);
			expect(String(asked[0].endDate)).toMatch(/T23:59:59-05:00$/);
			const totals = items(r.output, "Week's row");
			const sum = (kind: string, currency: string) => report.filter((row) => row.kind === kind && row.currency_code === currency).reduce((total, row) => total + row.amount, 0);
			for (const total of totals) expect(total.total).toBeCloseTo(sum(total.kind, total.currency), 2);
			expect(totals.map((total) => total.kind)).toEqual(expect.arrayContaining(['payment', 'refund']));
			expect(new Set(totals.map((total) => `${total.currency} ${total.kind}`)).size).toBe(totals.length);
			// Each row says what it counts as: a pre-authorization only holds money.
			const countsAs = (kind: unknown) => (['payment', 'capture'].includes(String(kind)) ? 'money taken' : ['refund', 'reversal'].includes(String(kind)) ? 'given back' : 'neither');
			expect(totals.map((total) => [total.kind, total.countsAs])).toEqual(totals.map((total) => [total.kind, countsAs(total.kind)]));
			expect(rowsOf('PaySuite weekly totals')).toHaveLength(totals.length);
			expect(rowsOf('PaySuite weekly totals').map((row) => [row.kind, row.countsAs]).sort()).toEqual(totals.map((total) => [total.kind, total.countsAs]).sort());
		},
	);

	itGiven('offline/monthly-card-charge-to-data-table.json')(
		'monthly charge (offline twin): the saved cards charged once a month, run twice, one transaction per card; the declined one stored once',
		async () => {
			const r = ok('offline/monthly-card-charge-to-data-table.json');
			expect(r.runs.map(outcome)).toEqual([{ status: 'success' }, { status: 'success' }]);
			const month = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Bogota' }).format(new Date()).slice(0, 7);
			const references = [`SUB-C-1001-${month}`, `SUB-C-1002-${month}`];
			// Each run asked to charge both cards, with the month's reference as its idempotency key.
			for (const run of r.runs) {
				const sent = run.calls.filter((e) => e.path === '/gateway/process');
				expect(sent.map((e) => [(e.body as any).payment.reference, (e.body as any).idempotenceKey, (e.body as any).instrument.token.token])).toEqual([
					[references[0], references[0], 'demo-token-approves-0001'],
					[references[1], references[1], 'demo-token-declines-0002'],
				]);
			}
			// The second run got the first run's transactions back: the sandbox holds one transaction per card and month.
			const charged = (run: ExampleRun) => examples.nodeItems(run.output, 'Charge the saved card').map((t: any) => [t.reference, t.internalReference, t.status]);
			expect(charged(r.runs[1])).toEqual(charged(r.runs[0]));
			expect(charged(r.runs[0]).map(([, , status]: string[]) => status)).toEqual(['APPROVED', 'REJECTED']);
			const { transactions } = (await (await fetch(`${sandbox.url}/__sandbox/gateway/transactions`)).json()) as { transactions: Array<{ reference: string }> };
			expect(transactions.filter((t) => references.includes(t.reference)).map((t) => t.reference).sort()).toEqual(references);
			// The declined card is told (here: stored), once, whatever the runs.
			expect(items(r.output, 'Failed charge')).toEqual([expect.objectContaining({ reference: references[1], customer: 'C-1002', status: 'REJECTED', reason: '05' })]);
			expect(rowsOf('PaySuite failed charges')).toEqual([
				expect.objectContaining({ reference: references[1], customer: 'C-1002', email: 'ben@example.com', amount: 29.9, currency: 'USD', status: 'REJECTED', reason: '05' }),
			]);
		},
	);

	itGiven('offline/monthly-card-charge-to-data-table.json')(
		'monthly charge (offline twin): the second run in the month says "already charged", in its output and in the Data Table row; one transaction per card',
		async () => {
			const r = ok('offline/monthly-card-charge-to-data-table.json');
			const month = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Bogota' }).format(new Date()).slice(0, 7);
			const references = [`SUB-C-1001-${month}`, `SUB-C-1002-${month}`];
			const said = (run: ExampleRun) => examples.nodeItems(run.output, 'Outcome').map((t: any) => [t.reference, t.outcome]);
			expect(said(r.runs[0])).toEqual([
				[references[0], 'charged'],
				[references[1], 'not approved: REJECTED'],
			]);
			expect(said(r.runs[1])).toEqual([
				[references[0], 'already charged this month: no new charge'],
				[references[1], 'already tried this month (REJECTED): no new charge'],
			]);
			// Each run looked for this month's transaction (reference and amount) before asking to charge.
			for (const run of r.runs) {
				const paths = run.calls.filter((e) => e.path === '/gateway/search' || e.path === '/gateway/process').map((e) => `${e.path} ${(e.body as any).reference ?? (e.body as any).payment.reference}`);
				expect(paths).toEqual([`/gateway/search ${references[0]}`, `/gateway/search ${references[1]}`, `/gateway/process ${references[0]}`, `/gateway/process ${references[1]}`]);
			}
			// The sandbox made one transaction per card: the second run's are the first run's.
			const { transactions } = (await (await fetch(`${sandbox.url}/__sandbox/gateway/transactions`)).json()) as { transactions: Array<{ reference: string }> };
			for (const reference of references) expect(transactions.filter((t) => t.reference === reference)).toHaveLength(1);
			// The declined card's row, written again by the second run, says so.
			expect(rowsOf('PaySuite failed charges')).toEqual([
				expect.objectContaining({ reference: references[1], status: 'REJECTED', outcome: 'already tried this month (REJECTED): no new charge' }),
			]);
		},
	);

	itGiven('refund-on-request.json')('refund on request: the approved payment of the session is refunded', () => {
		const r = ok('refund-on-request.json');
		const payments = items(r.output, 'Payments of the session');
		expect(payments).toHaveLength(1);
		expect(items(r.output, 'Refund')).toHaveLength(1);
		const refund = r.runs[0].calls.find((e) => e.path === '/api/reverse')!;
		expect(refund).toMatchObject({ status: 200 });
		expect((refund.body as any).internalReference).toBe(payments[0].internalReference);
	});

	itGiven('merchant-onboarding.json')('merchant onboarding: merchant (waited for) → store → payment method → enabled → welcome e-mail', () => {
		const r = ok('merchant-onboarding.json');
		const calls = r.runs[0].calls;
		const [merchant] = items(r.output, 'Create merchant');
		const [site] = items(r.output, 'Create store');
		const [method] = items(r.output, 'Register payment method');
		expect(merchant.merchantId).toEqual(expect.anything());
		const paths = calls.map((e) => `${e.method} ${e.path}`);
		const order = ['POST /api/merchants', 'POST /core/site/create', 'POST /core/merchant/payment-methods/create', 'POST /core/site/payment-methods/create'].map((p) =>
			paths.indexOf(p),
		);
		expect(order.every((i, k) => i >= 0 && (k === 0 || i > order[k - 1]))).toBe(true);
		expect(calls.find((e) => e.path === '/core/site/create')!.body).toMatchObject({ data: { customerId: Number(merchant.merchantId), name: 'Acme online store' } });
		expect(calls.find((e) => e.path === '/core/site/payment-methods/create')!.body).toMatchObject({ data: { siteId: site.id, customerPaymentId: method.id } });
		const mail = calls.find((e) => e.path === '/api/notifications')!;
		expect(mail.body).toMatchObject({ channels: { email: { email: 'owner@acme.example.com' } } });
	});

	itGiven('autopay-failure-alert.json')('autopay failure alert: the team is alerted by e-mail and SMS', () => {
		const r = ok('autopay-failure-alert.json');
		expect(items(r.output, 'Alert the team')).toEqual([expect.objectContaining({ accepted: true, channels: ['sms', 'email'] })]);
		const alert = r.runs[0].calls.find((e) => e.path === '/api/notifications')!;
		expect(alert.body).toMatchObject({ channels: { sms: { phone_number: '+573001112233' }, email: { email: 'billing-team@example.com' } } });
		expect(JSON.stringify(alert.body)).toContain('SUB-0042');
	});

	itGiven('offline/autopay-failure-to-data-table.json')('failed autopay charge → Data Table (offline twin): the failed charge is stored', () => {
		ok('offline/autopay-failure-to-data-table.json');
		expect(rowsOf('PaySuite autopay alerts')).toEqual([
			expect.objectContaining({ reference: 'SUB-0042', autopayId: '7d1f6c2a-4b1e-4d8e-9a51-2f0c8e3b6a10', failedAt: '2026-11-22T06:00:00-05:00', attempt: 2 }),
		]);
	});
});

describeIfBuilt('e2e: the refund twin asked twice for the same session (its webhook path) gives money back once', () => {
	const TWIN = 'offline/refund-on-request-to-data-table.json';
	(GIVEN.has(TWIN) ? it : it.skip)('the second request adds a "Not sent" row, with 0 given back and why, and sends no refund', async () => {
		const sandbox = await startSandbox({ port: 0, processPendingPolls: 1, retryAfterSeconds: 1 });
		let n8n: N8nHandle | undefined;
		try {
			n8n = await setupN8n();
			// The twin with the request of the webhook path in place of its Try it order: the demo's paid session, asked twice.
			const wf = JSON.parse(JSON.stringify(byFile(TWIN).workflow));
			wf.nodes = wf.nodes.filter((n: any) => !['A paid order', 'Pay it (sandbox)', 'Sent twice'].includes(n.name));
			const request = wf.nodes.find((n: any) => n.name === 'Ticket for it');
			Object.assign(request, { name: 'Sample request', parameters: { ...request.parameters, jsonOutput: JSON.stringify({ body: { requestId: 1, ticketId: 'T-881' } }) } });
			wf.connections = { ...wf.connections, 'Try it': { main: [[{ node: 'Sample request', type: 'main', index: 0 }]] }, 'Sample request': wf.connections['Sent twice'] };
			for (const gone of ['A paid order', 'Pay it (sandbox)', 'Ticket for it', 'Sent twice']) delete wf.connections[gone];
			const run = await examples.runExamples({
				userFolder: n8n.userFolder,
				sandboxUrl: sandbox.url,
				credentials: sandbox.credentials,
				examples: [{ file: TWIN, kind: 'offline', workflow: wf }],
				ledger: () => sandbox.ledger().filter((e) => !e.path.startsWith('/__sandbox')),
			});
			const [r] = run.results as ExampleResult[];
			expect(r.runs.map((x) => x.status)).toEqual(['success', 'success']);
			expect(r.runs.map((x) => x.calls.filter((e) => e.path === '/api/reverse').length)).toEqual([1, 0]);
			const rows = run.tables.find((t: { name: string }) => t.name === 'PaySuite refunds').rows;
			const internalReference = String((r.runs[0].calls.find((e) => e.path === '/api/reverse')!.body as any).internalReference);
			expect(rows).toEqual([
				expect.objectContaining({ internalReference, outcome: 'refunded', amountRefunded: 45, refundedAmount: 45, refundableAmount: 0, currency: 'USD' }),
				expect.objectContaining({
					internalReference,
					outcome: `Not sent: transaction ${internalReference} is already refunded in full`,
					amountRefunded: 0,
					refundedAmount: 45,
					refundableAmount: 0,
					detail: expect.stringContaining('Allow Repeat'),
				}),
			]);
		} finally {
			await teardownN8n(n8n);
			await sandbox.stop();
		}
	});
});
