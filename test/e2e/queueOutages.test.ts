/**
 * Deliveries while a process dies, on the queue-mode cluster an operator runs from deploy/ (scripts/n8n/queue.js:
 * Redis, PostgreSQL, nginx in front of a main, 2 workers and 2 webhook processes). Two published workflows,
 * Autopay Trigger → Wait 3 s → Done (an HTTP Request posting the item to a capture server in the test), one per
 * Options › Acknowledge Delivery. The test plays the
 * platform: 40 signed deliveries sent within about 4 s through nginx, each sent again (the same bytes) while it is
 * not answered 2xx, after 2, 4, 8, 16 then 30 s, an attempt given up after 30 s without an answer. Once 10 runs
 * have started, one of these happens:
 *  - a worker killed (SIGKILL: the one that started most runs; it is started again on its user folder);
 *  - a webhook process killed (SIGKILL: the one holding most calls; started again);
 *  - Redis stopped for 20 s, then started on its data;
 *  - PostgreSQL restarted (its fast shutdown, then started on its data).
 * Counted per delivery: the runs whose Done reached the capture server ("lost": none; "doubled": more than one),
 * whether the platform got its 2xx, and how n8n's list of executions records them (a run whose end n8n could not
 * save while PostgreSQL restarted did its work, but n8n lists it as crashed). Asserted: 0 doubled, except When the
 * Workflow Has Finished with PostgreSQL restarted: at least once (none done more than twice: a run whose end n8n
 * could not save is run again by its copy); When the Workflow Has Finished: 0 lost, every delivery acknowledged.
 * When Received (answered before the run, so nothing sends a lost run again): as many failed or crashed executions
 * in n8n's list as lost deliveries (reported there, and to the workflow's Error Workflow).
 * Then, per acknowledgement, one delivery whose execution is queued twice (a second Bull job, as when Redis runs an
 * add whose answer it lost): the work once, the second pass named in the worker's log.
 * PAYSUITE_E2E_FIGURES=1 prints the table for docs/scaling.md. Heavy: run it alone, under the shared lock.
 */
/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, no-console -- runs in Node, not in n8n: eslint.dev.config.mjs lints it */
import { randomUUID } from 'crypto';
import { readFileSync } from 'fs';
import { join } from 'path';

import { startSandbox, type RunningSandbox } from '../../sandbox';
import { autopaySignature } from '../../sandbox/routes/events/state';
import { storedRun, until } from './harness';
import { addSandboxCredentials, describeOnCluster, type ClusterProcess, type QueueHandle, setupQueue, teardownQueue } from './queueHarness';
import { captureServer, type CaptureServer } from './captures';
import { autopayTriggerNode, httpPost } from './workflows';

const describeIfBuilt = describeOnCluster('e2e queue outages test');

const DELIVERIES = 40;
const FAULT_WHEN_STARTED = 10;
const ATTEMPT_TIMEOUT_MS = 30_000;
const BACKOFF_S = [2, 4, 8, 16, 30, 30, 30, 30, 30, 30, 30, 30];
const WAIT_MS = 8 * 60_000;
const FINISHED = new Set(['success', 'error', 'crashed', 'canceled']);
const DANGLING_MS = 120_000;

type Mode = 'received' | 'finished';
type Fault = 'worker killed' | 'webhook process killed' | 'Redis stopped 20 s' | 'PostgreSQL restarted';

interface Sent {
	reference: string;
	bytes: string;
	attempts: Array<{ status: number; ms: number }>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const acknowledged = (s: Sent) => s.attempts.some((a) => a.status >= 200 && a.status < 300);

/** Established TCP connections to a local port (/proc/net/tcp): which webhook process holds the calls. */
function connectionsTo(port: number): number {
	const hex = port.toString(16).toUpperCase().padStart(4, '0');
	let count = 0;
	for (const file of ['/proc/net/tcp', '/proc/net/tcp6']) {
		let text = '';
		try {
			text = readFileSync(file, 'utf8');
		} catch {
			continue;
		}
		for (const line of text.split('\n').slice(1)) {
			const [, local, , state] = line.trim().split(/\s+/);
			if (local?.endsWith(`:${hex}`) && state === '01') count++;
		}
	}
	return count;
}

describeIfBuilt('e2e: deliveries while a process dies, queue mode from deploy/ behind nginx', () => {
	let sandbox: RunningSandbox;
	let capture: CaptureServer;
	let q: QueueHandle | undefined;
	const figures: string[] = ['| Fault | Acknowledge Delivery | Lost | Doubled | Acknowledged to the platform | Sent again | Slowest 2xx |', '|---|---|---|---|---|---|---|'];
	const workflows = {} as Record<Mode | 'away', { url: string; workflowId: string }>;

	beforeAll(async () => {
		sandbox = await startSandbox({ port: 0, processPendingPolls: 0, retryAfterSeconds: 0 });
		capture = await captureServer();
		q = await setupQueue({ workers: 2, webhooks: 2 });
		await addSandboxCredentials(q, sandbox);
		for (const mode of ['received', 'finished'] as const) workflows[mode] = await publish(mode);
		workflows.away = await publish('finished', { passed: true });
	});

	afterAll(async () => {
		if (process.env.PAYSUITE_E2E_FIGURES) console.log(figures.join('\n'));
		await teardownQueue(q);
		await sandbox?.stop();
		capture?.close();
	});

	/**
	 * Publishes Autopay Trigger (this acknowledgement) → Wait 3 s → Done; its production URL (nginx) and id. `passed`:
	 * Trigger → Passed (posts to the capture server's `passed` once the run passed the trigger) → Wait 5 s → Done
	 * (posting the trigger's item to `away`).
	 */
	async function publish(acknowledge: Mode, { passed = false } = {}): Promise<{ url: string; workflowId: string }> {
		const webhookId = randomUUID();
		const trigger = autopayTriggerNode(q!.credentials, webhookId);
		const nodes = [
			{ ...trigger, typeVersion: 2, parameters: { events: [], options: { acknowledge } } },
			{ name: 'Wait', type: 'n8n-nodes-base.wait', typeVersion: 1.1, position: [240, 0], webhookId: randomUUID(), parameters: { amount: passed ? 5 : 3, unit: 'seconds' } },
			passed
				? { ...httpPost('Done', `${capture.url}/away`, '={{ JSON.stringify($("Trigger").first().json) }}'), position: [480, 0] }
				: { ...httpPost('Done', `${capture.url}/${acknowledge}`, '={{ JSON.stringify($json) }}'), position: [480, 0] },
			...(passed ? [{ ...httpPost('Passed', `${capture.url}/passed`, '={{ JSON.stringify($json) }}'), position: [120, 0] }] : []),
		];
		const after = (from: string, to: string) => ({ [from]: { main: [[{ node: to, type: 'main', index: 0 }]] } });
		const connections = passed ? { ...after('Trigger', 'Passed'), ...after('Passed', 'Wait'), ...after('Wait', 'Done') } : { ...after('Trigger', 'Wait'), ...after('Wait', 'Done') };
		const saved = await q!.rest.call('POST', '/rest/workflows', { name: `Outages ${acknowledge}${passed ? ' (passed)' : ''}`, nodes, connections, settings: { executionOrder: 'v1' } });
		if (saved.status !== 200) throw new Error(`saving the workflow failed: ${saved.status} ${saved.text}`);
		const workflowId = saved.json.data.id as string;
		const published = await q!.rest.call('POST', `/rest/workflows/${workflowId}/activate`, { versionId: saved.json.data.versionId });
		if (published.status !== 200) throw new Error(`publishing the workflow failed: ${published.status} ${published.text}`);
		const url = `${q!.cluster.url}/webhook/${webhookId}/autopay`;
		for (const webhook of q!.cluster.webhooks) {
			const direct = `${webhook.url}/webhook/${webhookId}/autopay`;
			await until(`the trigger at ${webhook.name}`, async () => ((await fetch(direct, { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } })).status === 400 ? true : undefined), WAIT_MS);
		}
		return { url, workflowId };
	}

	function delivery(reference: string): Sent {
		const event = { id: randomUUID(), type: 'AUTOPAY_CREATED', date: new Date().toISOString().replace(/\.\d{3}Z$/, '+00:00'), reference };
		const signature = autopaySignature(event.id, event.type, event.date, sandbox.credentials.secretKey);
		return { reference, bytes: JSON.stringify({ ...event, signature, additional: { reference } }), attempts: [] };
	}

	/** The platform's sender: the same bytes until a 2xx, with its backoff; an attempt gives up after 30 s. */
	async function sendUntilAcknowledged(url: string, sent: Sent): Promise<void> {
		for (let attempt = 0; ; attempt++) {
			const started = Date.now();
			try {
				const response = await fetch(url, { method: 'POST', body: sent.bytes, headers: { 'content-type': 'application/json' }, signal: AbortSignal.timeout(ATTEMPT_TIMEOUT_MS) });
				await response.text();
				sent.attempts.push({ status: response.status, ms: Date.now() - started });
			} catch {
				sent.attempts.push({ status: 0, ms: Date.now() - started });
			}
			if (acknowledged(sent) || attempt >= BACKOFF_S.length) return;
			await sleep(BACKOFF_S[attempt] * 1000);
		}
	}

	const startedCount = (w: ClusterProcess) => (w.logs().match(/Worker started execution/g) ?? []).length;

	/** Applies the fault; resolves once the cluster is whole again. */
	async function apply(fault: Fault, before: number[]): Promise<string> {
		const cluster = q!.cluster;
		if (fault === 'worker killed') {
			const started = cluster.workers.map((w, i) => startedCount(w) - before[i]);
			const victim = cluster.workers[started.indexOf(Math.max(...started))];
			const restarts = victim.restarts;
			process.kill(-victim.pid, 'SIGKILL');
			await until(`${victim.name} running again`, () => (victim.restarts === restarts + 1 && victim.up ? true : undefined), WAIT_MS);
			return `${victim.name} (runs started per worker: ${started.join(', ')})`;
		}
		if (fault === 'webhook process killed') {
			const held = cluster.webhooks.map((w) => connectionsTo(Number(new URL(w.url).port)));
			const victim = cluster.webhooks[held.indexOf(Math.max(...held))];
			const restarts = victim.restarts;
			process.kill(-victim.pid, 'SIGKILL');
			await until(`${victim.name} running again`, () => (victim.restarts === restarts + 1 && victim.up ? true : undefined), WAIT_MS);
			return `${victim.name} (connections held: ${held.join(', ')})`;
		}
		if (fault === 'Redis stopped 20 s') {
			await cluster.redis.pause();
			await sleep(20_000);
			await cluster.redis.resume();
			return 'redis';
		}
		await cluster.postgres.pause('SIGINT', 10_000);
		await cluster.postgres.resume();
		return 'postgres';
	}

	/**
	 * Every execution listed after `since`, newest first: n8n answers at most 100 a page (its range query), so older
	 * pages are asked for below the last id seen. Undefined when n8n did not answer.
	 */
	async function executionsAfter(filter: string, since: number): Promise<Array<{ id: string; status: string; mode: string }> | undefined> {
		const all: Array<{ id: string; status: string; mode: string }> = [];
		for (let below = 2_147_483_647; ; ) {
			const r = await q!.rest.call('GET', `/rest/executions?filter=${filter}&limit=100&firstId=${since}&lastId=${below}`).catch(() => undefined);
			const page = r?.json?.data?.results as Array<{ id: string; status: string; mode: string }> | undefined;
			if (!page) return undefined;
			all.push(...page);
			if (page.length < 100) return all;
			below = Math.min(...page.map((e) => Number(e.id)));
		}
	}

	/** The workflow's finished production executions: status, the delivery's reference, whether Done ran. */
	async function executions(workflowId: string, since: number): Promise<Array<{ id: number; status: string; reference?: string; done: boolean }>> {
		const filter = encodeURIComponent(JSON.stringify({ workflowId }));
		let open: { ids: string; since: number } | undefined;
		const list = await until(
			'every execution finished, or left unchanged by n8n',
			async () => {
				const mine = (await executionsAfter(filter, since))?.filter((e) => e.mode === 'webhook');
				if (!mine) return undefined;
				const ids = mine.filter((e) => !FINISHED.has(e.status)).map((e) => `${e.id} ${e.status}`).join(', ');
				if (!ids) return mine;
				// A run a killed process created but never queued stays "new" until n8n's queue recovery (every 180
				// minutes by default) calls it crashed: one left unchanged for DANGLING_MS counts as not run.
				if (open?.ids !== ids) open = { ids, since: Date.now() };
				return Date.now() - open.since > DANGLING_MS ? mine : undefined;
			},
			WAIT_MS,
		);
		const out = [];
		for (const e of list) {
			const { json } = await q!.rest.call('GET', `/rest/executions/${e.id}`);
			const run = storedRun(json.data);
			const reference = /"(OUT-[A-Za-z]+-[a-z]+-\d+)"/.exec(JSON.stringify(run))?.[1];
			out.push({ id: Number(e.id), status: e.status, reference, done: Boolean(run?.resultData?.runData?.Done?.length) });
		}
		return out;
	}

	async function lastExecutionId(): Promise<number> {
		const r = await q!.rest.call('GET', '/rest/executions?limit=1');
		return Number(r.json.data.results[0]?.id ?? 0);
	}

	const cases: Array<[Fault, Mode]> = (['worker killed', 'webhook process killed', 'Redis stopped 20 s', 'PostgreSQL restarted'] as Fault[]).flatMap((f) => (['received', 'finished'] as Mode[]).map((m): [Fault, Mode] => [f, m]));

	it.each(cases)('%s, Acknowledge Delivery %s: 40 deliveries with a retrying sender', async (fault, mode) => {
		const { url, workflowId } = workflows[mode];
		const since = await lastExecutionId();
		const tag = `OUT-${fault.split(' ')[0]}-${mode}`;
		const sent = Array.from({ length: DELIVERIES }, (_, i) => delivery(`${tag}-${i}`));
		const before = q!.cluster.workers.map(startedCount);
		const sending = Promise.all(sent.map(async (s, i) => (await sleep(i * 100), sendUntilAcknowledged(url, s))));
		await until(`${FAULT_WHEN_STARTED} runs started`, () => (q!.cluster.workers.reduce((n, w, i) => n + startedCount(w) - before[i], 0) >= FAULT_WHEN_STARTED ? true : undefined), WAIT_MS);
		const victim = await apply(fault, before);
		await sending;
		const all = await executions(workflowId, since);
		// A run n8n gave up has its data replaced by the error: it no longer names its delivery.
		const failed = all.filter((r) => r.status !== 'success' && (r.reference === undefined || r.reference.startsWith(tag)));
		const runs = all.filter((r) => r.reference?.startsWith(tag));
		// The work is what reached the capture server; n8n's list may call a run crashed that did it.
		const work = (reference: string) => (capture.runs[mode] ?? []).filter((item) => JSON.stringify(item).includes(`"${reference}"`)).length;
		const listedAsRun = (reference: string) => runs.some((r) => r.reference === reference && r.done && r.status === 'success');
		const lost = sent.filter((s) => work(s.reference) === 0);
		const doubled = sent.filter((s) => work(s.reference) > 1);
		const slowest = Math.max(0, ...sent.flatMap((s) => s.attempts.filter((a) => a.status >= 200 && a.status < 300).map((a) => a.ms)));
		figures.push(
			`| ${fault} | ${mode === 'received' ? 'When Received' : 'When the Workflow Has Finished'} | ${lost.length} | ${doubled.length} | ${sent.filter(acknowledged).length} of ${DELIVERIES} | ${sent.filter((s) => s.attempts.length > 1).length} | ${(slowest / 1000).toFixed(1)} s |`,
		);
		if (process.env.PAYSUITE_E2E_FIGURES) {
			console.log(`${fault} / ${mode}: ${victim}; ran but not listed as run by n8n ${sent.filter((x) => work(x.reference) > 0 && !listedAsRun(x.reference)).length}; failed executions ${failed.length} (${failed.filter((r) => !r.reference).length} without their delivery); executions ${JSON.stringify(runs.reduce<Record<string, number>>((n, r) => ((n[`${r.status}${r.done ? '' : ' (stopped at the trigger)'}`] = (n[`${r.status}${r.done ? '' : ' (stopped at the trigger)'}`] ?? 0) + 1), n), {}))}; answers ${JSON.stringify(sent.flatMap((s) => s.attempts.map((a) => a.status)).reduce<Record<string, number>>((n, a) => ((n[a] = (n[a] ?? 0) + 1), n), {}))}`);
		}
		// On failure, each delivery with the platform's answers and the runs that name it, for the cause.
		const told = (s: Sent) => `${s.reference}: answers ${s.attempts.map((a) => `${a.status} in ${a.ms} ms`).join(', ')}; runs ${JSON.stringify(runs.filter((r) => r.reference === s.reference))}`;
		// Each delivery done twice: the cause shows in its runs' ids and ends.
		const twice = doubled.map(told);
		if (process.env.PAYSUITE_E2E_FIGURES && twice.length) console.log(`${fault} / ${mode}, done twice:\n${twice.join('\n')}`);
		if (mode === 'received') {
			expect({ doubled: doubled.map((s) => s.reference) }).toEqual({ doubled: [] });
			// Answered once the run was recorded: only a worker that dies during the run loses it (nothing sends it
			// again; it is in n8n's list as a failed run).
			if (fault === 'worker killed') expect(failed.length).toBeGreaterThanOrEqual(lost.length);
			else expect({ lost: lost.map((s) => `${s.reference}: answers ${s.attempts.map((a) => `${a.status} in ${a.ms} ms`).join(', ')}`) }).toEqual({ lost: [] });
			expect(sent.filter((s) => !acknowledged(s)).map(told)).toEqual([]);
		} else {
			if (fault === 'PostgreSQL restarted') {
				// At least once: a run whose end n8n could not save while PostgreSQL was away is run again by its copy
				// (docs/scaling.md gives the figures). The platform's resends never multiply it further.
				expect({ doubledMoreThanTwice: sent.filter((x) => work(x.reference) > 2).map((x) => x.reference) }).toEqual({ doubledMoreThanTwice: [] });
			} else {
				expect({ doubled: twice }).toEqual({ doubled: [] });
			}
			expect({ lost: lost.map(told), unnamed: lost.length ? failed.filter((r) => !r.reference) : [] }).toEqual({ lost: [], unnamed: [] });
			expect(sent.filter((s) => !acknowledged(s)).map(told)).toEqual([]);
		}
	});

	// A run that ends while PostgreSQL is away: n8n cannot save its end and shows it as going for good. Its copies
	// answer 500 until the owner was named 5 to 6 minutes before (deliveryOwner.ts), then run the workflow: every
	// delivery acknowledged, none done more than twice. Before, they answered 500 for as long as the platform sent.
	it('PostgreSQL away 10 s while the runs end, Acknowledge Delivery finished: every delivery acknowledged, none done more than twice', async () => {
		const { url, workflowId } = workflows.away;
		const since = await lastExecutionId();
		const sent = Array.from({ length: FAULT_WHEN_STARTED }, (_, i) => delivery(`OUT-away-finished-${i}`));
		const sending = Promise.all(sent.map(async (s, i) => (await sleep(i * 100), sendUntilAcknowledged(url, s))));
		const passed = () => sent.filter((s) => (capture.runs.passed ?? []).some((item) => JSON.stringify(item).includes(`"${s.reference}"`))).length;
		await until('every run past its trigger', () => (passed() === sent.length ? true : undefined), WAIT_MS);
		// Every run recorded its delivery and waits 5 s: they end while PostgreSQL is away.
		await q!.cluster.postgres.pause('SIGINT', 10_000);
		await sleep(10_000);
		await q!.cluster.postgres.resume();
		await sending;
		const runs = (await executions(workflowId, since)).filter((r) => r.reference?.startsWith('OUT-away-'));
		const work = (reference: string) => (capture.runs.away ?? []).filter((item) => JSON.stringify(item).includes(`"${reference}"`)).length;
		const told = (s: Sent) => `${s.reference}: answers ${s.attempts.map((a) => `${a.status} in ${a.ms} ms`).join(', ')}; done ${work(s.reference)}; runs ${JSON.stringify(runs.filter((r) => r.reference === s.reference))}`;
		// Ends n8n never saved: "running", or "crashed" once its queue recovery (every 10 minutes on this cluster) found
		// no job for them; no process dies here.
		const unsaved = runs.filter((r) => !['success', 'error', 'canceled'].includes(r.status));
		const slowest = Math.max(0, ...sent.flatMap((s) => s.attempts.filter((a) => a.status >= 200 && a.status < 300).map((a) => a.ms)));
		figures.push(`| PostgreSQL away 10 s as runs end (${unsaved.length} ends not saved) | When the Workflow Has Finished | ${sent.filter((s) => work(s.reference) === 0).length} | ${sent.filter((s) => work(s.reference) > 1).length} | ${sent.filter(acknowledged).length} of ${sent.length} | ${sent.filter((s) => s.attempts.length > 1).length} | ${(slowest / 1000).toFixed(1)} s |`);
		// From the first send to the 2xx: the attempts and the sender's waits between them.
		const acknowledgedAfter = sent.map((x) => x.attempts.reduce((ms, a, i) => ms + a.ms + (i < x.attempts.length - 1 ? BACKOFF_S[i] * 1000 : 0), 0) / 1000);
		if (process.env.PAYSUITE_E2E_FIGURES) console.log(`PostgreSQL away as runs end: acknowledged after ${Math.min(...acknowledgedAfter).toFixed(0)}-${Math.max(...acknowledgedAfter).toFixed(0)} s\n${sent.map(told).join('\n')}`);
		// The case this guards: at least one run whose end n8n could not save.
		expect(unsaved.length).toBeGreaterThan(0);
		expect({ lost: sent.filter((s) => work(s.reference) === 0).map(told), moreThanTwice: sent.filter((s) => work(s.reference) > 2).map(told) }).toEqual({ lost: [], moreThanTwice: [] });
		expect(sent.filter((s) => !acknowledged(s)).map(told)).toEqual([]);
	});

	// Redis can run a job's add twice (its answer lost as it stops, the client sends it again): two jobs of one
	// execution, each run by a worker from the execution's stored start. The second job is added here by hand, while
	// the first run waits in its Wait node.
	it.each(['finished', 'received'] as Mode[])('Acknowledge Delivery %s: an execution queued twice does the work once, and its second pass says so', async (mode) => {
		// eslint-disable-next-line @typescript-eslint/no-require-imports -- n8n's own Bull, from the n8n under test
		const Bull = require(join(q!.paths.dir, 'node_modules', 'bull'));
		const jobs = new Bull('jobs', { prefix: 'bull', redis: { host: '127.0.0.1', port: q!.cluster.redis.port } });
		try {
			const sent = delivery(`OUT-twice-${mode}-0`);
			const sending = sendUntilAcknowledged(workflows[mode].url, sent);
			const first = await until('the delivery\'s job running', async () => {
				const active = (await jobs.getActive()) as Array<{ data: { executionId: string; workflowId: string }; finished(): Promise<unknown> }>;
				return active.find((job) => job.data.workflowId === workflows[mode].workflowId);
			}, WAIT_MS);
			const second = await jobs.add('job', first.data, { priority: 100 });
			// Both jobs ended (When Received answers before the work).
			await Promise.all([sending, first.finished(), second.finished()]);
			const again = `n8n ran execution ${first.data.executionId} a second time`;
			expect(q!.cluster.workers.filter((w) => w.logs().includes(again)).length).toBe(1);
			expect((capture.runs[mode] ?? []).filter((item) => JSON.stringify(item).includes(`"${sent.reference}"`)).length).toBe(1);
			expect(sent.attempts.map((a) => a.status)).toEqual([200]);
		} finally {
			await jobs.close();
		}
	});
});
