/**
 * How a node run sends its items, in n8n's real engine against the sandbox: the credential read once per run
 * while every request is signed afresh, and Options › Requests in Parallel (reads and deduplicated writes a few
 * at a time, in order, paired, failing per item; plain writes one at a time; a request to slow down holding
 * back the whole run). Overlap is read from the sandbox ledger's `inFlight`, never from timings.
 */
import type { IDataObject } from 'n8n-workflow';

import { outputJson, runNode, type NodeRunOptions, type RunResult } from '../helpers/engine';
import { sessionCreateParameters } from '../helpers/fixtures';
import { apiCallsOf, paySuiteApi, withSandbox } from '../helpers/sandbox';

const sandbox = withSandbox({}, 'clearLedger');

const SESSION = { name: 'Session', type: 'paySuiteSession', credentialType: 'paySuiteApi' };
const run = (parameters: IDataObject, options: NodeRunOptions = {}) => runNode(SESSION, parameters, paySuiteApi(sandbox), options);
const json = (result: RunResult) => outputJson(result, 'Session');

const createParameters = (inParallel?: number): IDataObject =>
	sessionCreateParameters({
		reference: '={{ $json.reference }}',
		description: 'Shoes',
		total: 10,
		// Not a field of Create: a plain write ignores it even when the workflow's JSON holds it.
		...(inParallel ? { options: { requestsInParallel: inParallel } } : {}),
	});

/** Session › Get of the Request ID in each item's `id`, `inParallel` at a time (the default when not given). */
const getParameters = (inParallel?: number): IDataObject => ({
	resource: 'session',
	operation: 'get',
	requestId: { __rl: true, mode: 'id', value: '={{ $json.id }}' },
	simple: false,
	...(inParallel ? { options: { requestsInParallel: inParallel } } : {}),
});

async function createSessions(count: number): Promise<number[]> {
	const items = Array.from({ length: count }, (_, index) => ({ reference: `ORDER-${index}` }));
	const result = await run(createParameters(), { items });
	expect(result.error).toBeUndefined();
	return json(result).map((item) => Number(item.requestId));
}

const sessionGets = () => apiCallsOf(sandbox).filter((call) => /^\/api\/session\/\d+$/.test(call.path));
const nonceOf = (call: { body: unknown }) => ((call.body as IDataObject).auth as IDataObject).nonce;

afterEach(() => sandbox.setFaults([]));

describe('the credential of a node run', () => {
	it('is read once per run, and every request is signed with its own nonce', async () => {
		const ids = await createSessions(4);
		for (const inParallel of [1, 3]) {
			sandbox.clearLedger();
			const result = await run(getParameters(inParallel), { items: ids.map((id) => ({ id })) });
			expect(result.error).toBeUndefined();
			expect(result.credentialReads).toEqual({ paySuiteApi: 1 });
			const calls = sessionGets();
			expect(calls).toHaveLength(4);
			expect(calls.every((call) => call.auth?.ok)).toBe(true);
			expect(new Set(calls.map(nonceOf)).size).toBe(4);
		}
	});

	it('signs a retry afresh: the attempt after a busy answer has a new nonce and passes the check', async () => {
		const [id] = await createSessions(1);
		sandbox.clearLedger();
		sandbox.setFaults([{ path: `/api/session/${id}`, kind: 'status', status: 503, retryAfter: 0, count: 1 }]);
		const result = await run(getParameters(1), { items: [{ id }] });
		expect(result.error).toBeUndefined();
		expect(result.credentialReads).toEqual({ paySuiteApi: 1 });
		const calls = sessionGets();
		expect(calls.map((call) => call.status)).toEqual([503, 200]);
		expect(nonceOf(calls[0])).not.toEqual(nonceOf(calls[1]));
		expect(calls[1].auth?.ok).toBe(true);
	});
});

describe('Requests in Parallel', () => {
	it('sends reads a few at a time, and outputs them in item order, each paired with its item', async () => {
		const ids = await createSessions(6);
		sandbox.clearLedger();
		// Every read waits, so that the ones sent together are still in flight when the next arrives.
		sandbox.setFaults([{ path: '/api/session/*', kind: 'latency', latencyMs: 150 }]);
		const result = await run(getParameters(3), { items: ids.map((id) => ({ id })) });
		expect(result.error).toBeUndefined();
		const overlap = sessionGets().map((call) => call.inFlight);
		expect(Math.max(...overlap)).toBe(2);
		const items = result.output('Session');
		expect(items.map((item) => item.json.requestId)).toEqual(ids);
		expect(items.map((item) => item.pairedItem)).toEqual(ids.map((_, item) => ({ item })));
	});

	it('defaults to 5 at a time for reads', async () => {
		const ids = await createSessions(7);
		sandbox.clearLedger();
		sandbox.setFaults([{ path: '/api/session/*', kind: 'latency', latencyMs: 150 }]);
		const result = await run(getParameters(), { items: ids.map((id) => ({ id })) });
		expect(result.error).toBeUndefined();
		expect(Math.max(...sessionGets().map((call) => call.inFlight))).toBe(4);
		expect(json(result).map((item) => item.requestId)).toEqual(ids);
	});

	it('fails only the item that failed, in its place, with On Error › Continue', async () => {
		const ids = await createSessions(4);
		const items = [{ id: ids[0] }, { id: ids[1] }, { id: 999_999_999 }, { id: ids[2] }, { id: ids[3] }];
		const result = await run(getParameters(3), { items, continueOnFail: true });
		expect(result.error).toBeUndefined();
		const out = result.output('Session');
		expect(out.map((item) => item.pairedItem)).toEqual(items.map((_, item) => ({ item })));
		expect(out.map((item) => item.json.requestId ?? null)).toEqual([ids[0], ids[1], null, ids[2], ids[3]]);
		expect(out[2].json.error).toMatch(/Session 999999999 was not found/);
	});

	it('stops on the first item that failed, as one at a time would, when the run stops on errors', async () => {
		const ids = await createSessions(2);
		const result = await run(getParameters(3), { items: [{ id: ids[0] }, { id: 999_999_998 }, { id: 999_999_999 }, { id: ids[1] }] });
		expect(result.error?.message).toMatch(/Session 999999998 was not found/);
	});

	// Reads have their items' fields read ahead of their turn (operation/prefetch.ts, ParameterPrefetch): an expression that
	// fails still fails its own item only, in its place, when that item's turn comes.
	const failingId = (inParallel: number): IDataObject => ({
		...getParameters(inParallel),
		requestId: { __rl: true, mode: 'id', value: '={{ $json.broken ? $("No such node").item.json.id : $json.id }}' },
	});

	it("keeps an item's failing expression in that item's place, the others sent and in order, with On Error › Continue", async () => {
		const ids = await createSessions(4);
		const items = [{ id: ids[0] }, { id: ids[1] }, { broken: true }, { id: ids[2] }, { id: ids[3] }];
		for (const inParallel of [1, 3]) {
			sandbox.clearLedger();
			const result = await run(failingId(inParallel), { items, continueOnFail: true });
			expect(result.error).toBeUndefined();
			const out = result.output('Session');
			expect(out.map((item) => item.pairedItem)).toEqual(items.map((_, item) => ({ item })));
			expect(out.map((item) => item.json.requestId ?? null)).toEqual([ids[0], ids[1], null, ids[2], ids[3]]);
			expect(out[2].json.error).toMatch(/No such node|doesn.t exist/i);
			expect(sessionGets().map((call) => Number(call.path.split('/').pop()))).toEqual(inParallel === 1 ? ids : expect.arrayContaining(ids));
			expect(sessionGets()).toHaveLength(4);
		}
	});

	it("stops on an item's failing expression when the run stops on errors, items after it not sent one at a time", async () => {
		const ids = await createSessions(3);
		sandbox.clearLedger();
		const result = await run(failingId(1), { items: [{ id: ids[0] }, { broken: true }, { id: ids[1] }, { id: ids[2] }] });
		expect(result.error?.message).toMatch(/No such node|doesn.t exist/i);
		expect(sessionGets().map((call) => Number(call.path.split('/').pop()))).toEqual([ids[0]]);
	});

	it('holds back every request of the run when the platform asks to slow down', async () => {
		const ids = await createSessions(6);
		sandbox.clearLedger();
		sandbox.setFaults([
			// The first read is asked to wait 2 s; the others take a while, so they are in flight meanwhile.
			{ path: '/api/session/*', kind: 'status', status: 429, retryAfter: 2, count: 1 },
			{ path: '/api/session/*', kind: 'latency', latencyMs: 300 },
		]);
		const result = await run(getParameters(3), { items: ids.map((id) => ({ id })) });
		expect(result.error).toBeUndefined();
		expect(json(result).map((item) => item.requestId)).toEqual(ids);
		const calls = sessionGets();
		expect(calls).toHaveLength(7);
		const busy = calls.find((call) => call.status === 429)!;
		// The three first were sent together; every later one (the retry and the three other items) waited.
		const later = calls.slice(3);
		expect(calls.slice(0, 3)).toContain(busy);
		for (const call of later) expect(Date.parse(call.at) - Date.parse(busy.at)).toBeGreaterThanOrEqual(1_950);
	});

	it('sends plain writes one at a time, whatever the workflow holds', async () => {
		sandbox.clearLedger();
		sandbox.setFaults([{ method: 'POST', path: '/api/session', kind: 'latency', latencyMs: 100 }]);
		const items = Array.from({ length: 4 }, (_, index) => ({ reference: `ORDER-W${index}` }));
		const result = await run(createParameters(5), { items });
		expect(result.error).toBeUndefined();
		const writes = apiCallsOf(sandbox).filter((call) => call.path === '/api/session');
		expect(writes).toHaveLength(4);
		expect(writes.map((call) => call.inFlight)).toEqual([0, 0, 0, 0]);
		expect(writes.map((call) => (call.body as IDataObject).payment)).toEqual(items.map(({ reference }) => expect.objectContaining({ reference })));
	});

	describe('on payments (Gateway › Transaction › Process, deduplicated by its idempotence key)', () => {
		const GATEWAY = { name: 'Gateway', type: 'paySuiteGateway', credentialType: 'paySuiteApi' };
		const pay = (references: string[], inParallel?: number) =>
			runNode(
				GATEWAY,
				{
					resource: 'transaction',
					operation: 'process',
					cardNumber: '4111111111111111',
					expiration: '12/30',
					cvv: '987',
					reference: '={{ $json.reference }}',
					description: 'Shoes',
					currency: 'USD',
					total: 12.5,
					payer: { name: 'Ana', surname: 'Gomez', email: 'ana@example.com', document: '1020304050', documentType: 'CC' },
					...(inParallel ? { options: { requestsInParallel: inParallel } } : {}),
				},
				paySuiteApi(sandbox),
				{ items: references.map((reference) => ({ reference })) },
			);
		const charges = () => apiCallsOf(sandbox).filter((call) => call.path === '/gateway/process');

		it('go one at a time by default, and a few at a time when chosen, in order', async () => {
			sandbox.setFaults([{ path: '/gateway/process', kind: 'latency', latencyMs: 150 }]);
			for (const [inParallel, most] of [[undefined, 0], [3, 2]] as const) {
				sandbox.clearLedger();
				const references = [0, 1, 2, 3].map((index) => `PAY-${inParallel ?? 1}-${index}-${Date.now()}`);
				const result = await pay(references, inParallel);
				expect(result.error).toBeUndefined();
				expect(Math.max(...charges().map((call) => call.inFlight))).toBe(most);
				expect(result.output('Gateway').map((item) => [item.json.reference, item.pairedItem])).toEqual(references.map((reference, item) => [reference, { item }]));
				expect(new Set(charges().map((call) => (call.body as IDataObject).idempotenceKey)).size).toBe(4);
			}
		});
	});
});
