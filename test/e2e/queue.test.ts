/**
 * The package on n8n's queue mode: Redis, PostgreSQL, a main, 2 workers and a webhook process behind
 * nginx from deploy/ (scripts/n8n/queue.js), the package packed into their shared user folder. Each action node's workflow
 * (nodeCases.ts: the same workflows and assertions as the single-process nodes.test.ts) is run from the main
 * as the editor does, and must have run on a worker, not on the main. A report's binary file, written on a
 * worker (binary data mode `database`), is read by the next node and by the main.
 * Needs `npm run build` first (skips itself otherwise).
 */
/* eslint-disable no-console -- runs in Node, not in n8n: eslint.dev.config.mjs lints it */
import { startSandbox, type LedgerEntry, type RunningSandbox } from '../../sandbox';
import { items, NODE_CASES, type NodeCaseContext } from './nodeCases';
import { outcome } from './harness';
import { addSandboxCredentials, type ClusterRun, describeOnCluster, importWorkflows, type QueueHandle, runOnCluster, setupQueue, teardownQueue } from './queueHarness';
import { reportWorkflow, type E2eWorkflow } from './workflows';

const describeIfBuilt = describeOnCluster('e2e queue test');

/** Report › Request and Wait with a binary output, then Extract From File reading the TSV as CSV with tabs. */
function reportFileWorkflow(creds: NodeCaseContext['creds'], day: string): E2eWorkflow {
	const base = reportWorkflow(creds, `${day}T00:00:00`, `${day}T23:59:59`);
	const report = { ...base.nodes[1], parameters: { ...base.nodes[1].parameters, output: 'binary', binaryPropertyName: 'data' } };
	return {
		id: 'psE2eReportFile',
		name: 'E2E Report file',
		nodes: [
			base.nodes[0],
			report,
			{
				name: 'Read File',
				type: 'n8n-nodes-base.extractFromFile',
				typeVersion: 1.1,
				position: [480, 0],
				parameters: { operation: 'csv', binaryPropertyName: 'data', options: { delimiter: '\t' } },
			},
		],
		connections: {
			Start: { main: [[{ node: 'Report', type: 'main', index: 0 }]] },
			Report: { main: [[{ node: 'Read File', type: 'main', index: 0 }]] },
		},
	};
}

describeIfBuilt('e2e: every action node on an n8n queue-mode cluster (main, 2 workers, webhook process)', () => {
	let sandbox: RunningSandbox;
	let q: QueueHandle | undefined;
	let ctx: NodeCaseContext;
	const runs = new Map<string, ClusterRun>();
	let ledger: LedgerEntry[];

	beforeAll(async () => {
		sandbox = await startSandbox({ port: 0, processPendingPolls: 1, retryAfterSeconds: 1, reportPendingPolls: 1, reportRows: 3 });
		q = await setupQueue();
		const creds = await addSandboxCredentials(q, sandbox);
		ctx = { sandbox, creds, stamp: `${Date.now() % 1_000_000}`, day: new Date(Date.now() - 86_400_000).toISOString().slice(0, 10) };
		await importWorkflows(q, [...NODE_CASES.map((c) => c.workflow(ctx)), reportFileWorkflow(creds, ctx.day)]);
		sandbox.clearLedger();
		// All at once, as users' runs arrive: the workers share them. Each case reads only its own endpoints.
		const done = await Promise.all(NODE_CASES.map(async (c) => [c.id, await runOnCluster(q!, c.id)] as const));
		for (const [id, run] of done) runs.set(id, run);
		ledger = sandbox.ledger().filter((e) => !e.path.startsWith('/__sandbox'));
		for (const [id, run] of done) if (run.status !== 'success') console.log(`${id}: ${run.status} ${JSON.stringify(run.output.data?.resultData?.error ?? {}).slice(0, 1000)}`);
	});

	afterAll(async () => {
		await teardownQueue(q);
		await sandbox?.stop();
	});

	const calls = (pattern: RegExp) => ledger.filter((e) => pattern.test(e.path));

	it('the cluster is nginx, Redis, PostgreSQL, a main, 2 workers and a webhook process, every one ready', () => {
		expect(q!.cluster.describe().map((line) => line.split(/\s+/)[0])).toEqual(['nginx', 'redis', 'postgres', 'main', 'worker-1', 'worker-2', 'webhook-1']);
		for (const p of [q!.cluster.main, ...q!.cluster.workers, ...q!.cluster.webhooks]) expect({ [p.name]: p.up }).toEqual({ [p.name]: true });
		for (const p of [q!.cluster.main, ...q!.cluster.workers, ...q!.cluster.webhooks]) expect(p.logs()).not.toMatch(/Failed to load package|Unrecognized node type/);
	});

	for (const c of NODE_CASES) {
		it(`${c.title} (on a worker)`, () => {
			const run = runs.get(c.id)!;
			expect({ id: c.id, ...outcome(run) }).toEqual({ id: c.id, status: 'success' });
			// Exactly one worker started it; the main only queued it.
			expect(run.ranOn).toEqual([expect.stringMatching(/^worker-\d$/)]);
			c.check(run.output, calls, ctx);
		});
	}

	it('a report file written on a worker is read by the next node and by the main (binary data in the database)', async () => {
		sandbox.clearLedger();
		const run = await runOnCluster(q!, 'psE2eReportFile');
		expect(outcome(run)).toEqual({ status: 'success' });
		expect(run.ranOn).toEqual([expect.stringMatching(/^worker-\d$/)]);
		const reportRun = run.output.data.resultData.runData.Report[0];
		const file = reportRun.data.main[0][0].binary.data;
		expect(file).toMatchObject({ fileName: expect.stringMatching(/^report-\d+\.tsv$/), mimeType: 'text/tab-separated-values', id: expect.stringMatching(/^database:/) });
		// Extract From File read the stored file: one item per report row, the TSV's columns as fields.
		const rows = items(run.output, 'Read File');
		expect(rows.length).toBeGreaterThanOrEqual(3);
		expect(Object.keys(rows[0]).length).toBeGreaterThan(1);
		// Another process (the main, as the editor's binary view does) reads the same bytes.
		const download = await q!.rest.call('GET', `/rest/binary-data?id=${encodeURIComponent(file.id)}&action=download`);
		expect(download.status).toBe(200);
		const [header, ...lines] = download.text.trim().split('\n');
		// Every field of every row is a column of the file (a column empty in a row is not a field of that row).
		const columns = header.split('\t');
		expect([...new Set(rows.flatMap((row) => Object.keys(row)))].filter((key) => !columns.includes(key))).toEqual([]);
		expect(lines).toHaveLength(rows.length);
	});
});
