/**
 * Queue-mode harness: the packed package on an n8n cluster run from deploy/ (Redis, PostgreSQL, nginx in front,
 * main, 2 workers, 1 webhook process; scripts/n8n/queue.js starts and stops them, and starts again one that dies),
 * and runs of saved workflows through the main's REST API,
 * as the editor's "Execute workflow" does. With OFFLOAD_MANUAL_EXECUTIONS_TO_WORKERS the main only queues a run:
 * a worker picks it up and logs "Worker started execution <id>", which is how a test tells which process ran it.
 *
 *   let q: QueueHandle;
 *   beforeAll(async () => { q = await setupQueue(); });
 *   afterAll(async () => { await teardownQueue(q); });
 */
/* eslint-disable @n8n/community-nodes/no-restricted-globals, @typescript-eslint/no-explicit-any, @typescript-eslint/no-require-imports -- runs in Node, not in n8n: eslint.dev.config.mjs lints it */
import type { RunningSandbox } from '../../sandbox';
import { describeNeeding, distExists, storedRun, type N8nPaths } from './harness';
import type { E2eWorkflow } from './workflows';

const env = require('../../scripts/n8n/env.js');
const queue = require('../../scripts/n8n/queue.js');
const examples = require('../../scripts/n8n/examples.js');
const clusters = require('./sharedCluster.js');

type Rest = { call(method: string, p: string, body?: unknown): Promise<{ status: number; json: any; text: string }> };

export interface ClusterProcess {
	name: string;
	command: 'start' | 'worker' | 'webhook';
	url: string;
	/** The running process's id (a new one after each restart). */
	pid: number;
	/** Whether it runs and answered its readiness check (false while it is started again). */
	up: boolean;
	/** How often it was started again after ending on its own. */
	restarts: number;
	/** Its output since the cluster started, restarts included. */
	logs(): string;
	/** Ends it for good (no restart): `signal`, SIGKILL after `graceMs`. */
	stop(signal?: string, graceMs?: number): Promise<void>;
	/** Stops it as an operator would: down until resume(). */
	pause(signal?: string, graceMs?: number): Promise<void>;
	/** Starts it again after pause(); resolves once it is ready. */
	resume(): Promise<void>;
}

/** Redis, PostgreSQL or nginx: supervised as n8n's processes are (started again when they end on their own). */
export interface ClusterService extends Omit<ClusterProcess, 'command' | 'url'> {
	port: number;
}

/** Why the cluster cannot run here (no dist/, no Redis or PostgreSQL and no way to install them), or undefined. */
function clusterMissing(): string | undefined {
	if (!distExists()) return 'dist/ does not exist; run `npm run build` first';
	try {
		queue.ensureServices({ log: () => {} }); // installs Debian's redis-server / postgresql when missing
		return undefined;
	} catch (e) {
		return (e as Error).message;
	}
}

/**
 * `describe` for a file that needs the cluster. A machine where Redis or PostgreSQL cannot be had skips the file,
 * saying why; under CI (or with PAYSUITE_REQUIRE_QUEUE=1) the file fails instead, saying what was missing.
 */
export function describeOnCluster(what: string): jest.Describe {
	return describeNeeding(what, clusterMissing(), 'PAYSUITE_REQUIRE_QUEUE');
}

export interface Cluster {
	dir: string;
	main: ClusterProcess;
	workers: ClusterProcess[];
	webhooks: ClusterProcess[];
	/** nginx's URL (deploy/nginx/): the editor, REST, test URLs and production webhooks, each routed to its process. */
	url: string;
	/** The same address, where production webhook calls go (n8n's Production URL). */
	webhookUrl: string;
	nginx: ClusterService & { url: string };
	redis: ClusterService;
	postgres: ClusterService & { version: string; durable: boolean };
	/** Resolves with a sentence when Redis, PostgreSQL or nginx is left down (ended too often). */
	failed: Promise<string>;
	/** The database and queue settings an n8n CLI command needs to work on the cluster. */
	env: Record<string, string>;
	describe(): string[];
	stop(): Promise<void>;
}

export interface QueueHandle {
	userFolder: string;
	paths: N8nPaths;
	cluster: Cluster;
	/** REST client of the main, logged in as the owner. */
	rest: Rest;
	credentials: Record<string, { id: string; name: string }>;
	/** The cluster the shared lane's files share (./sharedCluster.js): teardownQueue() leaves it running. */
	shared?: boolean;
}

export interface ClusterRun {
	executionId: string;
	status: string;
	/** Shaped as `n8n execute --rawOutput` prints it (what nodeCases.ts checks): { data: IRunExecutionData }. */
	output: { data: any };
	/** Names of the processes that logged starting this execution ("worker-1"...); the main never should. */
	ranOn: string[];
}

/** The shared lane's cluster (test/e2e/environment.js), when this file runs on it. */
type SharedQueue = { sharedQueue(options: object): Promise<Omit<QueueHandle, 'credentials' | 'shared'>> | undefined; releaseShared(q: QueueHandle): Promise<void> };
const sharedQueues = (globalThis as { __paysuiteSharedQueue?: SharedQueue }).__paysuiteSharedQueue;

/**
 * Installs n8n when missing, packs the package into a fresh user folder and starts the cluster on it. With
 * PAYSUITE_E2E_SHARED_CLUSTER set (the shared lane of `npm run check`) and in the files that can share one
 * (./sharedCluster.js SHARED_FILES), the default topology (2 workers, 1 webhook process, no extra settings) is the
 * cluster those files share, started by the first of them: it carries the earlier files' executions, and a
 * process's `restarts` go on from theirs.
 */
export async function setupQueue(options: { workers?: number; webhooks?: number; env?: Record<string, string> } = {}): Promise<QueueHandle> {
	const shared = sharedQueues?.sharedQueue(options);
	if (shared) return { ...(await shared), credentials: {}, shared: true };
	return { ...(await clusters.startQueue(options)), credentials: {} };
}

/** Stops every process of the cluster and removes its data and the user folder; on a shared one, unpublishes this file's workflows. */
export async function teardownQueue(q: QueueHandle | undefined): Promise<void> {
	if (!q) return;
	if (q.shared) await sharedQueues!.releaseShared(q);
	else await clusters.stopQueue(q);
}

/** Imports the two sandbox credentials (as `npm start` does) into the cluster's database. */
export async function addSandboxCredentials(q: QueueHandle, sandbox: Pick<RunningSandbox, 'url' | 'credentials'>): Promise<Record<string, { id: string; name: string }>> {
	const list: Array<{ id: string; name: string; type: string }> = await env.importCredentials(q.userFolder, examples.sandboxCredentials(sandbox.url, sandbox.credentials), {
		env: q.cluster.env,
	});
	for (const c of list) q.credentials[c.type] = { id: c.id, name: c.name };
	return { ...q.credentials };
}

/** Imports workflows (their own ids) into the cluster's database with one CLI process. */
export async function importWorkflows(q: QueueHandle, workflows: E2eWorkflow[]): Promise<void> {
	await env.importWorkflows(q.userFolder, workflows, { env: q.cluster.env });
}

const FINISHED = new Set(['success', 'error', 'crashed', 'canceled']);

/** The processes whose log says they started this execution. */
export function processesThatRan(q: QueueHandle, executionId: string): string[] {
	const line = new RegExp(`Worker started execution ${executionId} \\(job`);
	return [q.cluster.main, ...q.cluster.workers, ...q.cluster.webhooks].filter((p) => line.test(p.logs())).map((p) => p.name);
}

/** A stored execution, once it is finished (polls GET /rest/executions/<id>). */
export async function finishedExecution(q: QueueHandle, executionId: string, timeoutMs = 5 * 60 * 1000): Promise<any> {
	const deadline = Date.now() + timeoutMs;
	for (;;) {
		const r = await q.rest.call('GET', `/rest/executions/${executionId}`);
		const execution = r.json?.data;
		if (r.status === 200 && execution && FINISHED.has(execution.status)) return execution;
		if (Date.now() > deadline) throw new Error(`execution ${executionId} not finished within ${timeoutMs} ms (${r.status} ${execution?.status})`);
		await new Promise((resolve) => setTimeout(resolve, 500));
	}
}

/**
 * Runs a saved workflow from its manual trigger through the main (POST /rest/workflows/<id>/run, the editor's
 * "Execute workflow") and waits for the stored execution.
 */
export async function runOnCluster(q: QueueHandle, workflowId: string, trigger = 'Start'): Promise<ClusterRun> {
	const started = await q.rest.call('POST', `/rest/workflows/${workflowId}/run`, { triggerToStartFrom: { name: trigger } });
	const executionId = started.json?.data?.executionId;
	if (started.status !== 200 || !executionId) throw new Error(`running workflow ${workflowId} failed: ${started.status} ${started.text.slice(0, 500)}`);
	const execution = await finishedExecution(q, String(executionId));
	// The worker logs "started" before it runs: by the time the execution is stored, the line is there.
	return { executionId: String(executionId), status: execution.status, output: { data: storedRun(execution) }, ranOn: processesThatRan(q, String(executionId)) };
}
