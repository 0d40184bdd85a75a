/**
 * Triggers behind TWO webhook processes, on one cluster (scripts/n8n/queue.js: Redis,
 * PostgreSQL, a main, 2 workers, 2 webhook processes). One published workflow: PaySuite Autopay Trigger →
 * Gateway › Process (charges a card with the event's reference). The sandbox signs every delivery; a delivery
 * sent again with the same id, type, date and reference is the same bytes (asserted).
 *  - Sequential: a delivery answered by one webhook process, then the same bytes at the other (both orders).
 *  - Simultaneous: each of 50 deliveries sent to both processes at the same moment.
 *  - Crossed: two deliveries at once, one on each process, then each sent to the other process.
 *  - Through nginx (what `npm start -- --queue` and docs/scaling.md do: one trigger path, one process): each
 *    of 20 deliveries sent twice at the same moment runs once.
 * The trigger's durable record (static data, saved before the answer) stops a copy sent after the first one was
 * answered: the sequential cases assert one run. Simultaneous copies at two processes, and a record dropped by two
 * processes saving at the same moment (crossed), can each start an execution: those count the executions honestly
 * (each answer says whether its copy started one; the executions must match: 1 or 2 per delivery, never more,
 * each on a worker). The trigger's check at the start of each run on the worker (runGate.ts, under the node's
 * lock) then lets one of them do the work: every case asserts that Gateway › Process ran once per delivery, and what the
 * package promises for money: every run gives Gateway › Process the same input, hence the same idempotency key,
 * and the sandbox keeps ONE transaction per delivery. PAYSUITE_E2E_FIGURES=1 prints the runs per delivery (for
 * docs/scaling.md). Needs `npm run build`.
 */
/* eslint-disable @n8n/community-nodes/no-restricted-globals, no-console -- runs in Node, not in n8n: eslint.dev.config.mjs lints it */
import { randomUUID } from 'crypto';

import { startSandbox, type RunningSandbox } from '../../sandbox';
import { deliveryKey } from '../../nodes/shared/webhooks/replay';
import { COPY_KEY_FIELD, RUN_KEY_FIELD } from '../../nodes/shared/webhooks/runGate';
import { expectAcknowledged, type Answer } from '../engine/webhookCalls';
import { gatewayProcessParameters } from '../helpers/fixtures';
import { endedExecutions, nodeType, outcomes, storedRun, until } from './harness';
import { addSandboxCredentials, describeOnCluster, finishedExecution, type QueueHandle, setupQueue, teardownQueue } from './queueHarness';
import { autopayTriggerNode } from './workflows';

const describeIfBuilt = describeOnCluster('e2e queue webhooks test');

const ROUNDS = 20;
/** Deliveries each sent to both webhook processes at the same moment. */
const SIMULTANEOUS_ROUNDS = 50;
const CROSSED_PAIRS = 10;
const WEBHOOK_ID = 'a0c1e2e0-0000-4000-8000-00000000a0b2';
const RECEIVED = 'Event AUTOPAY_CREATED received';
const DUPLICATE = `${RECEIVED}; already received, the workflow does not run again`;
const WAIT_MS = 5 * 60_000;

interface Event {
	id: string;
	date: string;
	reference: string;
}

describeIfBuilt('e2e: a trigger behind two webhook processes (queue mode)', () => {
	let sandbox: RunningSandbox;
	let q: QueueHandle | undefined;
	let workflowId: string;
	/** The reference of each execution's event and whether it charged, read once from its stored run. */
	const referenceOf = new Map<string, { reference: string; charged: boolean }>();
	/** Runs per delivery, printed with PAYSUITE_E2E_FIGURES=1. */
	const figures: string[] = [];

	beforeAll(async () => {
		sandbox = await startSandbox({ port: 0, processPendingPolls: 0, retryAfterSeconds: 0 });
		q = await setupQueue({ workers: 2, webhooks: 2 });
		const creds = await addSandboxCredentials(q, sandbox);
		const nodes = [
			autopayTriggerNode(creds, WEBHOOK_ID),
			{
				name: 'Charge',
				type: nodeType('paySuiteGateway'),
				typeVersion: 1,
				position: [240, 0],
				credentials: { paySuiteApi: creds.paySuiteApi },
				parameters: gatewayProcessParameters({ reference: '={{ $json.unsigned.reference }}', description: 'Autopay charge', total: '25' }),
			},
		];
		const connections = { Trigger: { main: [[{ node: 'Charge', type: 'main', index: 0 }]] } };
		const saved = await q.rest.call('POST', '/rest/workflows', { name: 'Two webhook processes', nodes, connections, settings: { executionOrder: 'v1' } });
		if (saved.status !== 200) throw new Error(`saving the workflow failed: ${saved.status} ${saved.text}`);
		const { id, versionId } = saved.json.data as { id: string; versionId: string };
		const published = await q.rest.call('POST', `/rest/workflows/${id}/activate`, { versionId });
		if (published.status !== 200) throw new Error(`publishing the workflow failed: ${published.status} ${published.text}`);
		workflowId = id;
		// Each webhook process learns of the published workflow on its own: wait until both answer its path (an
		// empty body gets the trigger's 400, and no run).
		for (const url of Object.values(urls())) {
			await until(`the trigger at ${url}`, async () => ((await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })).status === 400 ? true : undefined), WAIT_MS);
		}
	});

	afterAll(async () => {
		if (process.env.PAYSUITE_E2E_FIGURES) console.log(figures.join('\n'));
		await teardownQueue(q);
		await sandbox?.stop();
	});

	/** The two webhook processes' production URLs of the trigger. */
	const urls = () => {
		const [a, b] = q!.cluster.webhooks;
		expect(a.url).not.toBe(b.url);
		return { A: `${a.url}/webhook/${WEBHOOK_ID}/autopay`, B: `${b.url}/webhook/${WEBHOOK_ID}/autopay` };
	};

	/** Each event's reference by its run key (runGate.ts): a copy stopped at the trigger names its delivery only so. */
	const referenceOfKey = new Map<string, string>();
	const newEvent = (reference: string): Event => {
		const event = { id: randomUUID(), date: new Date().toISOString().replace(/\.\d{3}Z$/, '+00:00'), reference };
		referenceOfKey.set(deliveryKey([workflowId, 'Trigger', 'webhook', event.id, 'AUTOPAY_CREATED', event.date]), reference);
		return event;
	};

	/** The sandbox signs and sends the event to `url`; answers what the webhook process answered and the bytes sent. */
	async function send(url: string, event: Event): Promise<{ answer: Answer; sent: string }> {
		const response = await fetch(`${sandbox.url}/__sandbox/webhooks/autopay`, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify({ url, type: 'AUTOPAY_CREATED', ...event }),
		});
		expect(response.status).toBe(200);
		const { delivery, sent } = (await response.json()) as { delivery: Answer & { error?: string }; sent: string };
		expect(delivery.error).toBeUndefined();
		return { answer: delivery, sent };
	}

	/** Whether an answer says its copy started a run (RECEIVED) or found it already received (DUPLICATE). */
	function started(answer: Answer): boolean {
		const message = (JSON.parse(answer.body) as { status: { message: string } }).status.message;
		expectAcknowledged(answer, message === DUPLICATE ? DUPLICATE : RECEIVED);
		return message === RECEIVED;
	}

	/**
	 * Every execution of the workflow, once all are finished: id, status and its event's reference. n8n records an
	 * execution before its webhook process answers, so once every delivery is answered, every run is listed
	 * (endedExecutions: in one read).
	 */
	async function executions(): Promise<Array<{ id: string; status: string; reference: string; charged: boolean }>> {
		const list = await endedExecutions(q!.rest, workflowId, 'every execution finished', undefined, WAIT_MS);
		const out = [];
		for (const { id, status } of list) {
			if (!referenceOf.has(id)) {
				// A copy stopped at the trigger outputs nothing: its custom data names its delivery's run key.
				const run = storedRun(await finishedExecution(q!, id));
				const metadata = (run.resultData.metadata ?? {}) as Record<string, string>;
				const byKey = referenceOfKey.get(metadata[COPY_KEY_FIELD] ?? metadata[RUN_KEY_FIELD] ?? '');
				const reference = /"(WH-[A-Z]+-[A-Za-z0-9-]+)"/.exec(JSON.stringify(run.resultData.runData))?.[1] ?? byKey ?? '?';
				referenceOf.set(id, { reference, charged: Boolean(run.resultData.runData.Charge?.length) });
			}
			out.push({ id: String(id), status, ...referenceOf.get(id)! });
		}
		return out;
	}

	/** Which process logged starting each execution ("worker-1"...). */
	function startedOn(): Map<string, string> {
		const on = new Map<string, string>();
		for (const p of [q!.cluster.main, ...q!.cluster.workers, ...q!.cluster.webhooks]) {
			for (const m of p.logs().matchAll(/Worker started execution (\d+) \(job/g)) on.set(m[1], p.name);
		}
		return on;
	}

	/** The sandbox's transactions and the charges it received, of the references starting with `prefix`. */
	async function money(prefix: string) {
		const r = (await (await fetch(`${sandbox.url}/__sandbox/gateway/transactions`)).json()) as {
			transactions: Array<{ reference: string; idempotenceKey: string | null }>;
		};
		const charges = sandbox
			.ledger()
			.filter((e) => e.path === '/gateway/process')
			.map((e) => e.body as { idempotenceKey: string; payment: { reference: string } })
			.filter((b) => b.payment.reference.startsWith(prefix));
		return { transactions: r.transactions.filter((t) => t.reference.startsWith(prefix)), charges };
	}

	/** What runs and money say for these events: each ran as often as its answers said, was charged once, with one key. */
	async function expectRunsAndOneCharge(prefix: string, events: Event[], runsOf: Map<string, number>) {
		const expected = [...runsOf.values()].reduce((a, b) => a + b, 0);
		const all = await executions();
		const mine = all.filter((e) => e.reference.startsWith(prefix));
		// On a miss, what the other executions are says where the run went (printed, then the assertion fails).
		if (mine.length !== expected) console.log(`${prefix}: ${mine.length} of ${expected}; not of a known delivery: ${JSON.stringify(all.filter((e) => !/^WH-[A-Z]+-/.test(e.reference)))}`);
		expect(mine).toHaveLength(expected);
		expect(await outcomes(q!.rest, mine.filter((e) => e.status !== 'success'))).toEqual([]);
		const on = startedOn();
		const workers = q!.cluster.workers.map((w) => w.name);
		// Each run started on a worker, none on the main or a webhook process.
		for (const e of mine) expect({ execution: e.id, onAWorker: workers.includes(on.get(e.id) ?? '') }).toEqual({ execution: e.id, onAWorker: true });
		for (const event of events) {
			expect({ reference: event.reference, runs: mine.filter((e) => e.reference === event.reference).length }).toEqual({
				reference: event.reference,
				runs: runsOf.get(event.reference),
			});
		}
		// One run per delivery did the work (the others stopped at the trigger, on the worker); it sent the charge
		// with the delivery's key, and the sandbox made one transaction.
		const worked = events.map((event) => mine.filter((e) => e.reference === event.reference && e.charged).length);
		for (const [i, event] of events.entries()) {
			expect({ reference: event.reference, worked: worked[i] }).toEqual({ reference: event.reference, worked: 1 });
		}
		const { transactions, charges } = await money(prefix);
		expect(charges).toHaveLength(worked.reduce((a, b) => a + b, 0));
		expect(transactions.map((t) => t.reference).sort()).toEqual(events.map((e) => e.reference).sort());
		for (const t of transactions) {
			const keys = new Set(charges.filter((c) => c.payment.reference === t.reference).map((c) => c.idempotenceKey));
			expect({ reference: t.reference, keys: [...keys] }).toEqual({ reference: t.reference, keys: [t.idempotenceKey] });
		}
		return mine.map((e) => ({ ...e, on: on.get(e.id)! }));
	}

	it.each([
		['A', 'B'],
		['B', 'A'],
	] as const)('a delivery answered by webhook process %s, then the same bytes at %s: already received, one run, one charge', async (first, second) => {
		const url = urls();
		const prefix = `WH-SEQ-${first}${second}-`;
		const event = newEvent(`${prefix}1`);
		const one = await send(url[first], event);
		expectAcknowledged(one.answer, RECEIVED);
		const two = await send(url[second], event);
		expect(two.sent).toBe(one.sent);
		// The record is in the database before the first process answers: the other process reads it.
		expectAcknowledged(two.answer, DUPLICATE);
		const runs = 1 + Number(started(two.answer));
		// n8n records an execution before its webhook answers: a second run would be listed by now.
		await expectRunsAndOneCharge(prefix, [event], new Map([[event.reference, 1]]));
		figures.push(`sequential ${first} then ${second}: ${runs} run(s)`);
	});

	it(`${SIMULTANEOUS_ROUNDS} deliveries, each sent to both webhook processes at the same moment: 1 or 2 executions each, the work done once each`, async () => {
		const { A, B } = urls();
		const prefix = 'WH-BOTH-';
		const events = Array.from({ length: SIMULTANEOUS_ROUNDS }, (_, i) => newEvent(`${prefix}${i}`));
		const runsOf = new Map<string, number>();
		for (const event of events) {
			const [a, b] = await Promise.all([send(A, event), send(B, event)]);
			expect(b.sent).toBe(a.sent);
			const runs = Number(started(a.answer)) + Number(started(b.answer));
			// At least one copy runs (nothing refuses a valid delivery); n8n offers no lock, so both may.
			expect({ reference: event.reference, oneOrTwo: runs === 1 || runs === 2 }).toEqual({ reference: event.reference, oneOrTwo: true });
			runsOf.set(event.reference, runs);
		}
		// Two executions may start (each webhook process remembers only what it saw); the node's lock lets one work.
		const runs = await expectRunsAndOneCharge(prefix, events, runsOf);

		{
			const twice = events.filter((e) => runsOf.get(e.reference) === 2);
			const apart = twice.filter((e) => new Set(runs.filter((r) => r.reference === e.reference).map((r) => r.on)).size === 2);
			figures.push(
				`simultaneous copies: ${events.length} deliveries, ${runs.length} executions; ${events.length - twice.length} started one, ${twice.length} two ` +
					`(${apart.length} of them on two different workers); Gateway › Process ran ${runs.filter((r) => r.charged).length} times; ${(await money(prefix)).transactions.length} transactions`,
			);
		}
	});

	it(`${ROUNDS} deliveries, each sent twice at the same moment to nginx (sticky by path): one run each, one charge each`, async () => {
		const url = `${q!.cluster.webhookUrl}/webhook/${WEBHOOK_ID}/autopay`;
		const prefix = 'WH-ROUTER-';
		const events = Array.from({ length: ROUNDS }, (_, i) => newEvent(`${prefix}${i}`));
		const runsOf = new Map<string, number>();
		for (const event of events) {
			const [a, b] = await Promise.all([send(url, event), send(url, event)]);
			expect(b.sent).toBe(a.sent);
			runsOf.set(event.reference, Number(started(a.answer)) + Number(started(b.answer)));
		}
		// Both copies reach the same webhook process, whose memory lets one of them run.
		expect([...runsOf.values()].filter((runs) => runs !== 1)).toEqual([]);
		const runs = await expectRunsAndOneCharge(prefix, events, runsOf);
		figures.push(`simultaneous copies through nginx: ${events.length} deliveries, ${runs.length} runs`);
	});

	it(`${CROSSED_PAIRS} pairs of deliveries, one on each webhook process at once, then each sent to the other: 1 or 2 runs each, one charge each`, async () => {
		const { A, B } = urls();
		const prefix = 'WH-CROSS-';
		const pairs = Array.from({ length: CROSSED_PAIRS }, (_, i) => [newEvent(`${prefix}${i}-x`), newEvent(`${prefix}${i}-y`)] as const);
		const runsOf = new Map<string, number>();
		for (const [x, y] of pairs) {
			const [onA, onB] = await Promise.all([send(A, x), send(B, y)]);
			expectAcknowledged(onA.answer, RECEIVED);
			expectAcknowledged(onB.answer, RECEIVED);
			runsOf.set(x.reference, 1);
			runsOf.set(y.reference, 1);
		}
		// Later, each delivery at the other process: it ran again only if the other's save dropped its record.
		for (const [x, y] of pairs) {
			for (const [event, url] of [
				[x, B],
				[y, A],
			] as const) {
				if (started((await send(url, event)).answer)) runsOf.set(event.reference, 2);
			}
		}
		const events = pairs.flat();
		const runs = await expectRunsAndOneCharge(prefix, events, runsOf);

		{
			const twice = events.filter((e) => runsOf.get(e.reference) === 2).length;
			figures.push(`crossed copies: ${events.length} deliveries, ${runs.length} executions; ${twice} started again at the other process; Gateway › Process ran ${runs.filter((r) => r.charged).length} times; ${(await money(prefix)).transactions.length} transactions`);
		}
	});
});
