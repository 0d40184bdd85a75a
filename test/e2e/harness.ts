/**
 * E2E harness: drives a REAL n8n (pinned, installed by scripts/n8n/install.js into a cache outside the
 * clone, run with the cached Node it needs) with this repo's package installed the way users install it
 * (`npm pack` + `npm install` into `$N8N_USER_FOLDER/.n8n/nodes`).
 *
 * Typical use in a jest file (install once, run many workflows):
 *
 *   let n8n: N8nHandle;
 *   beforeAll(async () => { n8n = await setupN8n(); });
 *   afterAll(async () => { await teardownN8n(n8n); });
 *   it('...', async () => {
 *     const run = await runWorkflow(n8n, [manualTrigger(), { name: 'Site', type: nodeType('paySuiteSite'), parameters: {...} }]);
 *     expect(run.exitCode).toBe(0);
 *   });
 *
 * The repo must be built (`npm run build`) before: the harness builds nothing itself.
 */
/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/require-node-api-error, @typescript-eslint/no-explicit-any, @typescript-eslint/no-require-imports, no-console -- runs in Node, not in n8n: eslint.dev.config.mjs lints it */
import * as fs from 'fs';
import * as path from 'path';

import type { RunningSandbox } from '../../sandbox';

const env = require('../../scripts/n8n/env.js');
const cliRuns = require('../../scripts/n8n/execute.js');
const restApi = require('../../scripts/n8n/rest.js');
const examples = require('../../scripts/n8n/examples.js');

// jest 29 ignores `testTimeout` inside a `projects` entry ("Unknown option"), so set it here: every e2e
// file imports this module. Real n8n runs take seconds each; the first install takes minutes.
export const E2E_TIMEOUT_MS = 15 * 60 * 1000;
if (typeof jest !== 'undefined') jest.setTimeout(E2E_TIMEOUT_MS);

export const REPO_DIR = path.resolve(__dirname, '..', '..');
export const PACKAGE_NAME: string = JSON.parse(fs.readFileSync(path.join(REPO_DIR, 'package.json'), 'utf8')).name;

export interface N8nPaths {
	dir: string;
	version: string;
	node: string;
	nodeMajor: number;
	nodeBinDir: string;
	n8nBin: string;
	n8nPackageDir: string;
}

export interface N8nHandle {
	userFolder: string;
	paths: N8nPaths;
	packageName: string;
	/** credentials imported so far, by type → id */
	credentials: Record<string, { id: string; name: string }>;
}

export interface WorkflowNode {
	name: string;
	type: string;
	typeVersion?: number;
	parameters?: Record<string, unknown>;
	credentials?: Record<string, { id: string; name: string }>;
	position?: [number, number];
	id?: string;
	disabled?: boolean;
	webhookId?: string;
	[k: string]: unknown;
}

/** n8n's connection types: `main` carries items; a cluster node's sub-nodes plug into its `ai_...` inputs. */
export type ConnectionType = 'main' | 'ai_languageModel' | 'ai_tool' | 'ai_memory' | 'ai_outputParser';
/** Outgoing connections of each node, by type: `{ [from]: { [type]: [[{ node: to, type, index }]] } }`. */
export type Connections = Record<string, Partial<Record<ConnectionType, Array<Array<{ node: string; type: ConnectionType; index: number }>>>>>;

export interface WorkflowRun {
	/** 0 success, 1 a node failed. Derived from the printed run when n8n crashed on exit (crashedOnExit). */
	exitCode: number | null;
	signal?: string | null;
	/** n8n died with SIGSEGV during shutdown AFTER printing the complete run (seen intermittently here). */
	crashedOnExit?: boolean;
	/** The IRun-like JSON printed by `n8n execute --rawOutput` (undefined when none was printed). */
	output: any;
	stdout: string;
	stderr: string;
	durationMs: number;
	workflowId: string;
}

/** `n8n-nodes-paysuite.<name>` */
export function nodeType(name: string): string {
	return `${PACKAGE_NAME}.${name}`;
}

export function distExists(repoDir = REPO_DIR): boolean {
	return fs.existsSync(path.join(repoDir, 'dist'));
}

/** Under CI (`CI` set, as GitHub Actions sets it) a suite that cannot get what it needs fails instead of skipping. */
export const underCi = (): boolean => !['', '0', 'false'].includes(String(process.env.CI ?? '').toLowerCase());

/**
 * `describe` for a suite that needs something a machine may lack; `missing` says what (undefined: nothing is
 * missing). Missing, the suite is skipped with a warning on a contributor's machine; under CI, or with `requireVar`
 * set (PAYSUITE_REQUIRE_QUEUE...), it fails at once, saying what was missing. `npm run check` fails on any skip not
 * declared in test/skips.js (scripts/test-summary.js), so nothing turns green by skipping.
 */
export function describeNeeding(label: string, missing: string | undefined, requireVar?: string): jest.Describe {
	if (!missing) return describe;
	if (!underCi() && !(requireVar && process.env[requireVar])) {
		console.warn(`${label} SKIPPED: ${missing}`);
		return describe.skip;
	}
	const failing = (name: string) =>
		describe(name, () => {
			it(`cannot run here: ${missing}`, () => {
				throw new Error(`${label} needs what this machine lacks: ${missing}`);
			});
		});
	return failing as unknown as jest.Describe;
}

/** `describe` for a suite that runs the packed package: it needs dist/ (`npm run build`). */
export const describeWithBuild = (label: string): jest.Describe => describeNeeding(label, distExists() ? undefined : 'dist/ does not exist; run `npm run build` first');

/** A Manual Trigger node (the usual start of a headless run). */
export function manualTrigger(name = 'Start'): WorkflowNode {
	return { name, type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, parameters: {} };
}

/** Connects nodes in a straight line: a → b → c. */
export function chain(...names: string[]): Connections {
	const c: Connections = {};
	for (let i = 0; i < names.length - 1; i++) {
		c[names[i]] = { main: [[{ node: names[i + 1], type: 'main', index: 0 }]] };
	}
	return c;
}

/** Ensures n8n is installed (first time: several minutes), creates a fresh user folder and packs + installs the repo into it. */
export async function setupN8n(): Promise<N8nHandle> {
	const paths: N8nPaths = await env.ensureN8n();
	// The reaper removes it if this process ends before teardownN8n (kept with PAYSUITE_E2E_KEEP).
	const userFolder: string = env.createUserFolder('paysuite-e2e-', { keep: Boolean(process.env.PAYSUITE_E2E_KEEP) });
	const installed = await env.packAndInstall(REPO_DIR, userFolder);
	return { userFolder, paths, packageName: installed.packageName, credentials: {} };
}

/** Removes the user folder (and with it the installed package and n8n's database). */
export async function teardownN8n(h: N8nHandle | undefined): Promise<void> {
	if (!h) return;
	if (process.env.PAYSUITE_E2E_KEEP) {
		console.log(`PAYSUITE_E2E_KEEP set: user folder kept at ${h.userFolder}`);
		return;
	}
	env.removeUserFolder(h.userFolder);
}

/**
 * Imports the two credentials the examples refer to (fixed ids and names, as `npm start` imports them),
 * pointing at a running sandbox.
 */
export async function addSandboxCredentials(
	h: N8nHandle,
	sandbox: Pick<RunningSandbox, 'url' | 'credentials'>,
): Promise<Record<string, { id: string; name: string }>> {
	return addCredentials(h, examples.sandboxCredentials(sandbox.url, sandbox.credentials));
}

/**
 * Imports credentials (plaintext data; n8n encrypts on import). Returns { type: {id, name} } for use in a
 * node's `credentials` field, e.g. `credentials: { paySuiteApi: creds.paySuiteApi }`.
 */
export async function addCredentials(
	h: N8nHandle,
	creds: Array<{ type: string; data: Record<string, unknown>; name?: string; id?: string }>,
): Promise<Record<string, { id: string; name: string }>> {
	const list: Array<{ id: string; name: string; type: string }> = await env.importCredentials(h.userFolder, creds);
	const out: Record<string, { id: string; name: string }> = {};
	for (const c of list) {
		out[c.type] = { id: c.id, name: c.name };
		h.credentials[c.type] = out[c.type];
	}
	return out;
}

/**
 * Imports a workflow made of `nodes` and runs it with `n8n execute`. Without `connections`, the nodes are
 * chained in the given order. Exit code 1 means a node failed (the output still carries the error).
 */
export async function runWorkflow(
	h: N8nHandle,
	nodes: WorkflowNode[],
	connections?: Connections,
	opts: { id?: string; name?: string; timeoutMs?: number } = {},
): Promise<WorkflowRun> {
	const wf = await env.importWorkflow(h.userFolder, {
		id: opts.id,
		name: opts.name,
		nodes,
		connections: connections ?? chain(...nodes.map((n) => n.name)),
	});
	const r = await cliRuns.executeWorkflow(h.userFolder, wf.id, { timeoutMs: opts.timeoutMs });
	return { ...r, workflowId: wf.id };
}

export interface BatchResult {
	workflowId: string;
	status: 'success' | 'warning' | 'error' | undefined;
	/** n8n's error message for a failed workflow ("<message> on node <name>"). */
	error?: string;
	/** Full run (same shape as WorkflowRun.output) — n8n writes it for SUCCESSFUL runs only. */
	output?: any;
}

/**
 * Faster path for many workflows: imports them with one process and runs them all with ONE
 * `n8n execute-batch` (≈5-6 s total instead of ≈5-6 s each). Limitation: n8n saves the full run only for
 * successful workflows; failures give just the error message. Use runWorkflow() to inspect failures.
 */
export async function runWorkflowsBatch(
	h: N8nHandle,
	workflows: Array<{ nodes: WorkflowNode[]; connections?: Connections; id?: string; name?: string }>,
	opts: { timeoutMs?: number } = {},
): Promise<{ results: BatchResult[]; summary: any; durationMs: number; stdout: string; stderr: string }> {
	const list: Array<{ id: string }> = await env.importWorkflows(
		h.userFolder,
		workflows.map((w) => ({ ...w, connections: w.connections ?? chain(...w.nodes.map((n) => n.name)) })),
	);
	const r = await cliRuns.executeBatch(h.userFolder, list.map((w) => w.id), { timeoutMs: opts.timeoutMs });
	return {
		results: r.results.map((x: { id: string; status: BatchResult['status']; error?: string; output?: any }) => ({
			workflowId: x.id,
			status: x.status,
			error: x.error,
			output: x.output,
		})),
		summary: r.summary,
		durationMs: r.durationMs,
		stdout: r.stdout,
		stderr: r.stderr,
	};
}

/** runData of one node (array of task runs), or undefined. */
export function nodeRuns(run: { output?: any }, nodeName: string): any[] | undefined {
	return run.output?.data?.resultData?.runData?.[nodeName];
}

/** The error a node raised (its run's `error`), or the workflow-level error. */
export function runError(run: { output?: any }, nodeName?: string): any {
	if (nodeName) return nodeRuns(run, nodeName)?.[0]?.error;
	return run.output?.data?.resultData?.error;
}

/**
 * Load errors n8n logged for a community package (n8n skips the WHOLE package when one of its node or
 * credential files fails to load, logging `Failed to load package "<name>"` and the reason).
 */
export function packageLoadErrors(logs: string, packageName = PACKAGE_NAME): string[] {
	const lines = logs.split('\n');
	const out: string[] = [];
	lines.forEach((l, i) => {
		if (l.includes(`Failed to load package "${packageName}"`)) out.push(`${l.trim()}: ${(lines[i + 1] ?? '').trim()}`);
	});
	return out;
}

export interface ServerHandle {
	url: string;
	port: number;
	logs(): string;
	stop(): Promise<void>;
	/** REST client logged in as the owner (set up on first start of a user folder). */
	rest: { call(method: string, p: string, body?: unknown): Promise<{ status: number; json: any; text: string }>; cookie: string };
}

/** Starts `n8n start` for the user folder, sets up the owner and logs in. Call stop() when done. */
export async function startServer(h: N8nHandle, opts: { port?: number; env?: Record<string, string> } = {}): Promise<ServerHandle> {
	const srv = await env.startServer(h.userFolder, { port: opts.port, env: opts.env });
	try {
		const rest = await env.setupOwnerAndLogin(srv.url);
		return { url: srv.url, port: srv.port, logs: srv.logs, stop: srv.stop, rest };
	} catch (e) {
		await srv.stop();
		throw e;
	}
}

/**
 * Runs a credential type's `test` through the real server (POST /rest/credentials/test). Resolves n8n's
 * answer: { status: 'OK' | 'Error', message }.
 */
export async function testCredential(
	srv: ServerHandle,
	type: string,
	data: Record<string, unknown>,
): Promise<{ status: 'OK' | 'Error'; message: string }> {
	return restApi.testCredential(srv.rest, type, data);
}

/** Polls `probe` every 250 ms until it answers something other than undefined; fails naming `what` after `timeoutMs`. */
export async function until<T>(what: string, probe: () => Promise<T | undefined> | T | undefined, timeoutMs: number): Promise<T> {
	const deadline = Date.now() + timeoutMs;
	for (;;) {
		const value = await probe();
		if (value !== undefined) return value;
		if (Date.now() > deadline) throw new Error(`gave up waiting for ${what}`);
		await new Promise((r) => setTimeout(r, 250));
	}
}

const GOING = ['new', 'running', 'waiting', 'unknown'];
const ENDED = ['success', 'error', 'crashed', 'canceled'];

/**
 * A workflow's executions once none is still going, in one read. n8n's list with no status filter is two queries
 * run side by side (going, ended): an execution that ends between them is in neither, and such a list looked
 * complete. Here: no execution going, then the ended ones in one query (a status filter makes it one): every
 * execution started before the first read is in the list. `enough` says when the list is the wanted one.
 */
export async function endedExecutions(
	rest: RestCall,
	workflowId: string,
	what: string,
	enough: (list: Array<{ id: string; status: string; mode: string }>) => boolean = () => true,
	timeoutMs = 5 * 60 * 1000,
): Promise<Array<{ id: string; status: string; mode: string }>> {
	const list = async (status: string[], limit: number) => {
		const r = await rest.call('GET', `/rest/executions?filter=${encodeURIComponent(JSON.stringify({ workflowId, status }))}&limit=${limit}`);
		if (r.status !== 200) throw new Error(`listing executions of workflow ${workflowId}: ${r.status} ${r.text.slice(0, 300)}`);
		return r.json.data.results as Array<{ id: string; status: string; mode: string }>;
	};
	return await until(
		what,
		async () => {
			if ((await list(GOING, 1)).length > 0) return undefined;
			const ended = await list(ENDED, 500);
			return enough(ended) ? ended : undefined;
		},
		timeoutMs,
	);
}

/**
 * The run of a stored execution (GET /rest/executions/{id}): n8n keeps it as `flatted` text, a JSON array whose
 * first entry is the run and where every string inside an object or array is the index of its value.
 */
export function storedRun(execution: { data: string }): any {
	const table = JSON.parse(execution.data) as unknown[];
	const seen = new Set<object>();
	const revive = (value: unknown): unknown => {
		if (typeof value !== 'object' || value === null || seen.has(value)) return value;
		seen.add(value);
		const entries = value as Record<string, unknown>;
		for (const key of Object.keys(entries)) {
			if (typeof entries[key] === 'string') entries[key] = revive(table[Number(entries[key])]);
		}
		return value;
	};
	return revive(table[0]);
}

/** Writes a measured figure to test-results/figures/<name>.txt (never committed), so a run's figures can be quoted. */
export function writeFigure(name: string, text: string): void {
	const folder = path.join(REPO_DIR, 'test-results', 'figures');
	fs.mkdirSync(folder, { recursive: true });
	fs.appendFileSync(path.join(folder, `${name}.txt`), `${new Date().toISOString()} ${text}\n`);
}

/** What went wrong in a run (`IRunExecutionData`): each node's error and the workflow's, "<node>: <message> (<description>)". */
export function runErrors(run: any): string[] {
	const words = (error: any, node?: string) => {
		if (!error) return undefined;
		const at = node ?? error.node?.name;
		const description = error.description && error.description !== error.message ? ` (${error.description})` : '';
		return `${at ? `${at}: ` : ''}${error.message ?? String(error)}${description}`;
	};
	const errors: string[] = [];
	for (const [node, tasks] of Object.entries((run?.resultData?.runData ?? {}) as Record<string, Array<{ error?: unknown }>>)) {
		for (const task of tasks ?? []) errors.push(words(task?.error, node) ?? '');
	}
	errors.push(words(run?.resultData?.error) ?? '');
	return [...new Set(errors.filter(Boolean))];
}

/**
 * An execution as the harnesses return it: stored (REST, `data` as flatted text), with its run revived (`run`), run on
 * a cluster or by the CLI (`output.data`, `exitCode`), or a batch or example result (`error`).
 */
type AnyExecution = { status?: string; data?: unknown; run?: unknown; output?: { data?: unknown } | any; exitCode?: number | null; error?: string };

/**
 * An execution's status and, unless it succeeded, what went wrong (the node's error message), so that an assertion on
 * it says why: `expect(outcome(execution)).toEqual({ status: 'success' })` prints `{ status: 'error', error: '<node>:
 * ...' }`. (`toMatchObject` would leave the error out of its message.)
 */
export function outcome(execution: AnyExecution): { status: string | undefined; error?: string } {
	let run: any = execution.run;
	if (typeof execution.data === 'string') run = storedRun(execution as { data: string });
	else if (execution.data && typeof execution.data === 'object') run = execution.data;
	run ??= execution.output?.data;
	const status = execution.status ?? (execution.exitCode === undefined ? undefined : execution.exitCode === 0 ? 'success' : 'error');
	if (status === 'success') return { status };
	const errors = [...runErrors(run), ...(execution.error ? [execution.error] : [])];
	return { status, error: errors.length ? errors.join('; ') : 'no error recorded' };
}

type RestCall = { call(method: string, p: string, body?: unknown): Promise<{ status: number; json: any; text: string }> };

/** The outcomes of listed executions (`GET /rest/executions` entries carry no run data): each one read back. */
export async function outcomes(rest: RestCall, listed: Array<{ id: string | number }>): Promise<Array<{ status: string | undefined; error?: string }>> {
	const out = [];
	for (const { id } of listed) out.push(outcome((await rest.call('GET', `/rest/executions/${id}`)).json?.data ?? {}));
	return out;
}
