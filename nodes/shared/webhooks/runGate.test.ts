/**
 * The run gate's reading of n8n's records (pure), and its decisions with a stand-in for n8n's store and execution
 * records (a helper test: the queue e2e tests are the evidence, test/e2e/queueOutages.test.ts).
 */
import type { IExecuteFunctions, INodeExecutionData, IRunExecutionData } from 'n8n-workflow';

import { ProcessedData } from '../../../test/helpers/processedData';
import { namedAtKey, ownerKeys } from './deliveryOwner';
import { COPY_KEY_FIELD, deliveryRunKind, passDeliveryRun, passKeyOf, RUN_KEY_FIELD, runState, withoutRunKey, withRunKey } from './runGate';

const KEY = 'k'.repeat(16);
const item = (json = { id: 'e1' }): INodeExecutionData => ({ json, pairedItem: { item: 0 } });
const queued = (key = KEY) =>
	({ resultData: { runData: {} }, executionData: { nodeExecutionStack: [{ node: { name: 'Trigger' }, data: { main: [withRunKey([item()], key)] } }] } }) as unknown as IRunExecutionData;
const ended = (metadata: Record<string, string>, error?: string) =>
	({
		resultData: { runData: { Trigger: [{}], Done: [error ? { error: { message: error } } : {}] }, metadata },
		executionData: { nodeExecutionStack: [] },
	}) as unknown as IRunExecutionData;

/** A run that ended, marked on its trigger's task data only (what n8n 1.x keeps). */
const endedWithTaskMark = (field: string) =>
	({
		resultData: { runData: { Trigger: [{ metadata: { [field]: KEY } }], Done: [{}] } },
		executionData: { nodeExecutionStack: [] },
	}) as unknown as IRunExecutionData;

describe('what the gate reads in an execution', () => {
	it('tells a run still going, succeeded or failed', () => {
		expect(runState(queued())).toBe('running');
		expect(runState({ ...ended({}), waitTill: new Date() } as IRunExecutionData)).toBe('running');
		expect(runState(ended({}))).toBe('succeeded');
		expect(runState(ended({}, 'boom'))).toBe('failed');
		expect(runState({ ...queued(), resultData: { runData: {}, error: { message: 'crashed' } } } as unknown as IRunExecutionData)).toBe('failed');
	});

	it("reads a run n8n rebuilt from a dead worker's event log as ended: succeeded only when every node after the trigger ran to its end", () => {
		const artificial = { main: [[{ json: { isArtificialRecoveredEventItem: true } }]] };
		const rebuilt = (runData: Record<string, unknown[]>, error?: string) =>
			({ ...queued(), resultData: { runData, ...(error ? { error: { message: error } } : {}) } }) as unknown as IRunExecutionData;
		const task = (executionStatus = 'success') => ({ executionStatus, data: artificial });
		// Its node stack stays as it was queued: read before, it was "running" forever.
		expect(runState(rebuilt({ Trigger: [task()], Wait: [task()], Done: [task()] }), ['Wait', 'Done'])).toBe('succeeded');
		expect(runState(rebuilt({ Trigger: [task()], Wait: [task()] }), ['Wait', 'Done'])).toBe('failed');
		expect(runState(rebuilt({ Trigger: [task()], Wait: [task()], Done: [task('crashed')] }, 'Workflow did not finish'), ['Wait', 'Done'])).toBe('failed');
		expect(runState(rebuilt({ Trigger: [task()], Wait: [task()], Done: [task()] }))).toBe('failed');
	});

	it("finds the delivery's run by its custom data, its trigger's task data or its trigger's input, and never a copy", () => {
		expect(deliveryRunKind(ended({ [RUN_KEY_FIELD]: KEY }), KEY, 'Trigger')).toBe('owner');
		expect(deliveryRunKind(endedWithTaskMark(RUN_KEY_FIELD), KEY, 'Trigger')).toBe('owner');
		expect(deliveryRunKind(endedWithTaskMark(COPY_KEY_FIELD), KEY, 'Trigger')).toBeUndefined();
		expect(deliveryRunKind(endedWithTaskMark(RUN_KEY_FIELD), KEY, 'Another')).toBeUndefined();
		expect(deliveryRunKind(queued(), KEY, 'Trigger')).toBe('pending');
		expect(deliveryRunKind(queued('x'.repeat(16)), KEY, 'Trigger')).toBeUndefined();
		expect(deliveryRunKind(queued(), KEY, 'Another')).toBeUndefined();
		expect(deliveryRunKind({ ...queued(), resultData: { runData: {}, metadata: { [COPY_KEY_FIELD]: KEY } } } as unknown as IRunExecutionData, KEY, 'Trigger')).toBeUndefined();
		expect(deliveryRunKind(undefined, KEY, 'Trigger')).toBeUndefined();
	});

	it('outputs the items without the run key', () => {
		expect(withoutRunKey(withRunKey([item()], KEY))).toEqual([item()]);
	});
});

/** A stand-in for the trigger's execute() context: a store of keys and stored executions by id. */
function gate(acknowledge: 'received' | 'finished', executions: Record<number, IRunExecutionData>, { ownId = 10, stored = [] as string[], withCustomData = true, sendFails = false } = {}) {
	const store = new Set(stored);
	/** The executions read, by id. */
	const reads: number[] = [];
	/** The node's row: the lock. */
	const lockRow = new Set<string>();
	const rowOf = (scope: string) => (scope === 'node' ? lockRow : store);
	const customData: Record<string, string> = {};
	const taskData: Record<string, string> = {};
	const hints: string[] = [];
	const answers: Array<{ statusCode?: number; body: unknown; recordedBefore: string[] }> = [];
	const staticData: Record<string, unknown> = {};
	const receipt = { received: { status: { message: 'received' } }, replayKey: 'r'.repeat(16) };
	const fn = {
		getInputData: () => withRunKey([item()], KEY, acknowledge === 'received' ? receipt : undefined),
		sendResponse: async (response: { statusCode?: number; body: unknown }) => {
			if (sendFails) throw new Error('Connection is closed.');
			answers.push({ ...response, recordedBefore: [...store] });
		},
		logger: { warn: () => undefined },
		getWorkflowStaticData: () => staticData,
		getExecutionId: () => String(ownId),
		getWorkflow: () => ({ id: 'wf' }),
		getNode: () => ({ name: 'Trigger', parameters: { options: { acknowledge } } }),
		getChildNodes: () => [{ name: 'Done', disabled: false }],
		getExecutionDataById: async (id: string) => (reads.push(Number(id)), executions[Number(id)]),
		...(withCustomData ? { customData: { set: (k: string, v: string) => (customData[k] = v) } } : {}),
		setMetadata: (metadata: Record<string, string>) => Object.assign(taskData, metadata),
		addExecutionHints: (...h: Array<{ message: string }>) => hints.push(...h.map((x) => x.message)),
		helpers: {
			checkProcessedAndRecord: async (keys: string[], scope: string) => {
				const row = rowOf(scope);
				const fresh = keys.filter((k) => !row.has(k));
				fresh.forEach((k) => row.add(k));
				return { new: fresh, processed: keys.filter((k) => !fresh.includes(k)) };
			},
			removeProcessed: async (keys: string[], scope: string) => keys.forEach((k) => rowOf(scope).delete(k)),
			getProcessedDataCount: async (scope: string) => rowOf(scope).size,
			clearAllProcessedItems: async (scope: string) => rowOf(scope).clear(),
		},
	} as unknown as IExecuteFunctions;
	return { run: () => passDeliveryRun(fn), customData, taskData, hints, store, answers, staticData, reads };
}

describe('passDeliveryRun', () => {
	it('the first run records the delivery and does the work', async () => {
		const g = gate('received', {});
		expect(await g.run()).toEqual([[item()]]);
		expect(g.store.has(KEY)).toBe(true);
		expect(g.customData).toEqual({ [RUN_KEY_FIELD]: KEY });
		expect(g.taskData).toEqual({ [RUN_KEY_FIELD]: KEY });
	});

	it('When Received: n8n answers once the run is recorded, and the run keeps the durable record', async () => {
		const g = gate('received', {});
		expect(await g.run()).toEqual([[item()]]);
		expect(g.answers).toEqual([{ statusCode: 200, body: { status: { message: 'received' } }, headers: {}, recordedBefore: [passKeyOf(KEY, 10), KEY] }]);
		expect(Object.keys(g.staticData)).toEqual(['receivedByHour']);
		// When Finished n8n answers after the run: nothing is sent, nothing kept.
		const finished = gate('finished', {});
		await finished.run();
		expect([finished.answers, finished.staticData]).toEqual([[], {}]);
	});

	it('When Received: an answer that cannot be sent (Redis away) does not stop the run that recorded the delivery', async () => {
		const g = gate('received', {}, { sendFails: true });
		expect(await g.run()).toEqual([[item()]]);
		expect(g.customData).toEqual({ [RUN_KEY_FIELD]: KEY });
	});

	it('When Received: a copy stops at the trigger, said on the output, and the platform gets the same acknowledgement again', async () => {
		const g = gate('received', {}, { stored: [KEY] });
		expect(await g.run()).toEqual([[]]);
		expect(g.answers.map((answer) => answer.body)).toEqual([{ status: { message: 'received' } }]);
		expect(g.customData).toEqual({ [COPY_KEY_FIELD]: KEY });
		expect(g.hints[0]).toMatch(/already started a run/);
	});

	it('When the Workflow Has Finished: a copy answers as the first run ended, or runs when it failed or cannot be found', async () => {
		const succeeded = gate('finished', { 7: ended({ [RUN_KEY_FIELD]: KEY }), 9: ended({ [COPY_KEY_FIELD]: KEY }, 'still going') }, { stored: [KEY] });
		expect(await succeeded.run()).toEqual([[]]);
		expect(succeeded.hints[0]).toMatch(/execution 7/);
		const failed = gate('finished', { 7: ended({ [RUN_KEY_FIELD]: KEY }, 'boom') }, { stored: [KEY] });
		expect(await failed.run()).toEqual([[item()]]);
		expect(failed.customData).toEqual({ [RUN_KEY_FIELD]: KEY });
		expect(await gate('finished', {}, { stored: [KEY] }).run()).toEqual([[item()]]);
	});

	it("When the Workflow Has Finished: a copy of a run whose worker died after its last node stops; one that died before runs", async () => {
		const artificial = { main: [[{ json: { isArtificialRecoveredEventItem: true } }]] };
		const rebuilt = (...nodes: string[]) =>
			({ ...queued(), resultData: { runData: Object.fromEntries(['Trigger', ...nodes].map((name) => [name, [{ executionStatus: 'success', data: artificial }]])) } }) as unknown as IRunExecutionData;
		const after = gate('finished', { 5: rebuilt('Done') }, { stored: [KEY, ...ownerKeys(KEY, 5)] });
		expect(await after.run()).toEqual([[]]);
		expect(after.hints[0]).toMatch(/execution 5:/);
		expect(await gate('finished', { 5: rebuilt() }, { stored: [KEY, ...ownerKeys(KEY, 5)] }).run()).toEqual([[item()]]);
	});

	it('When the Workflow Has Finished: a run queued first that reaches the gate after its copy answers as the copy ended', async () => {
		// Execution 12 started later (sent again to another webhook process) but recorded the delivery first.
		const afterIt = gate('finished', { 11: ended({}), 12: endedWithTaskMark(RUN_KEY_FIELD) }, { stored: [KEY] });
		expect(await afterIt.run()).toEqual([[]]);
		expect(afterIt.hints[0]).toMatch(/execution 12/);
		const failedAfterIt = gate('finished', { 12: ended({ [RUN_KEY_FIELD]: KEY }, 'boom') }, { stored: [KEY] });
		expect(await failedAfterIt.run()).toEqual([[item()]]);
	});

	it('When the Workflow Has Finished: the first run names itself owner, and a copy finds it however far back, reading only it', async () => {
		const first = gate('finished', {});
		expect(await first.run()).toEqual([[item()]]);
		const named = [...first.store].filter((key) => key.includes('#named@'));
		expect([...first.store].filter((key) => !named.includes(key)).sort()).toEqual([KEY, passKeyOf(KEY, 10), ...ownerKeys(KEY, 10)].sort());
		expect(named).toEqual([expect.stringMatching(new RegExp(`^${KEY}#named@\\d+$`))]);
		const stored = [KEY, ...ownerKeys(KEY, 5)];
		const farBack = gate('finished', { 9_000: ended({}), 5: ended({ [RUN_KEY_FIELD]: KEY }) }, { ownId: 9_010, stored });
		expect(await farBack.run()).toEqual([[]]);
		expect([farBack.hints[0], new Set(farBack.reads)]).toEqual([expect.stringMatching(/execution 5:/), new Set([5])]);
		// The record as it was, but for this copy's pass key.
		expect([...farBack.store].sort()).toEqual([...stored, passKeyOf(KEY, 9_010)].sort());
	});

	it('When the Workflow Has Finished: a copy of a failed run takes it over and names itself owner, so the next copy follows it', async () => {
		const copy = gate('finished', { 5: ended({ [RUN_KEY_FIELD]: KEY }, 'boom') }, { stored: [KEY, ...ownerKeys(KEY, 5)] });
		expect(await copy.run()).toEqual([[item()]]);
		expect([...copy.store].filter((k) => k.includes('#owner')).sort()).toEqual(ownerKeys(KEY, 10).sort());
		// Named owner meanwhile (another copy took it over): this one follows that run and never does the work.
		const late = gate('finished', { 5: ended({ [RUN_KEY_FIELD]: KEY }, 'boom'), 11: ended({ [RUN_KEY_FIELD]: KEY }) }, { stored: [KEY, ...ownerKeys(KEY, 11)] });
		expect(await late.run()).toEqual([[]]);
		expect(late.hints[0]).toMatch(/execution 11:/);
	});

	it("in n8n 1.x, which gives a node no custom data: the run is marked on the trigger's task data, and a copy reads it there", async () => {
		const first = gate('received', {}, { withCustomData: false });
		expect(await first.run()).toEqual([[item()]]);
		expect(first.store.has(KEY)).toBe(true);
		expect(first.taskData).toEqual({ [RUN_KEY_FIELD]: KEY });
		expect(await gate('received', {}, { stored: [KEY], withCustomData: false }).run()).toEqual([[]]);
		expect(await gate('finished', { 7: endedWithTaskMark(RUN_KEY_FIELD) }, { stored: [KEY], withCustomData: false }).run()).toEqual([[]]);
	});

	it('an execution n8n runs twice (two queue jobs for it) works once: the second pass stops, marked as the delivery\'s run', async () => {
		// No other run of the delivery is found: before, the second pass took that for a first run that failed.
		const stored = [KEY, passKeyOf(KEY, 10)];
		const received = gate('received', {}, { stored });
		expect(await received.run()).toEqual([[]]);
		expect(received.customData).toEqual({ [RUN_KEY_FIELD]: KEY });
		expect(received.hints[0]).toMatch(/ran execution 10 a second time/);
		// The platform gets the acknowledgement again; the first pass kept the record.
		expect([received.answers.map((answer) => answer.statusCode), received.staticData]).toEqual([[200], {}]);
		// When the Workflow Has Finished: it ends as the first pass ended, read from the execution's record.
		const afterSuccess = gate('finished', { 10: ended({ [RUN_KEY_FIELD]: KEY }) }, { stored });
		expect(await afterSuccess.run()).toEqual([[]]);
		expect(afterSuccess.customData).toEqual({ [RUN_KEY_FIELD]: KEY });
		const afterFailure = gate('finished', { 10: ended({ [RUN_KEY_FIELD]: KEY }, 'boom') }, { stored });
		await expect(afterFailure.run()).rejects.toThrow('Execution 10 ran twice, and its first pass failed');
		// Both passes at once: one does the work.
		const g = gate('received', {});
		const outcomes = await Promise.all([g.run(), g.run()]);
		expect(outcomes.map((outputs) => outputs[0].length).sort()).toEqual([0, 1]);
	});

	it('When the Workflow Has Finished: the second pass ends as the first one ended (read in its record, saved at its end), failing after 20 s without it', async () => {
		jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate'] });
		try {
			const executions: Record<number, IRunExecutionData> = { 10: queued() };
			const g = gate('finished', executions, { stored: [KEY, passKeyOf(KEY, 10)] });
			let outcome: unknown;
			const result = g.run().then((r) => (outcome = r));
			await jest.advanceTimersByTimeAsync(3000);
			expect(outcome).toBeUndefined();
			executions[10] = ended({ [RUN_KEY_FIELD]: KEY });
			await jest.advanceTimersByTimeAsync(1000);
			expect(await result).toEqual([[]]);
			// A first pass not ended after 20 s (its worker may be gone): n8n answers 500, and the platform's copy runs.
			const gone = gate('finished', { 10: queued() }, { stored: [KEY, passKeyOf(KEY, 10)] });
			const settled = gone.run().catch((e: Error) => e);
			for (let i = 0; i < 25; i++) await jest.advanceTimersByTimeAsync(1000);
			expect(((await settled) as Error).message).toBe('Execution 10 ran twice, and its first pass had not ended after 20 s');
			expect(gone.customData).toEqual({ [RUN_KEY_FIELD]: KEY });
		} finally {
			jest.useRealTimers();
		}
	});

	it('When the Workflow Has Finished: a named owner still shown as going 5 minutes on (its end not saved) is lost, and the copy runs', async () => {
		const minutesAgo = (minutes: number) => Date.now() - minutes * 60_000;
		const owner = (...named: number[]) => [KEY, ...ownerKeys(KEY, 5), ...named.map((at) => namedAtKey(KEY, at))];
		const lost = gate('finished', { 5: queued() }, { stored: owner(minutesAgo(7)) });
		expect(await lost.run()).toEqual([[item()]]);
		expect(lost.hints).toEqual([expect.stringMatching(/^Execution 5 still shows as going 5 minutes after it started: its end was not saved/)]);
		expect([...lost.store].filter((k) => k.includes('#owner')).sort()).toEqual(ownerKeys(KEY, 10).sort());
		// Named before this version (no minute kept): lost too, as its minute cannot be known.
		expect(await gate('finished', { 5: queued() }, { stored: owner() }).run()).toEqual([[item()]]);
		// Waiting (saved so by n8n): lost only once its wait ended 5 minutes ago.
		const waiting = (ended: number) => ({ ...queued(), waitTill: new Date(ended) }) as IRunExecutionData;
		expect(await gate('finished', { 5: waiting(minutesAgo(6)) }, { stored: owner(minutesAgo(60)) }).run()).toEqual([[item()]]);
		jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate'] });
		try {
			for (const [executions, stored] of [
				[{ 5: queued() }, owner(minutesAgo(1))],
				[{ 5: waiting(minutesAgo(-60)) }, owner(minutesAgo(60))],
			] as const) {
				const settled = gate('finished', executions, { stored: [...stored] })
					.run()
					.catch((e: Error) => e);
				for (let i = 0; i < 25; i++) await jest.advanceTimersByTimeAsync(1000);
				expect(((await settled) as Error).message).toBe("This delivery's run (execution 5) is still going");
			}
		} finally {
			jest.useRealTimers();
		}
	});

	it('When the Workflow Has Finished: a copy of a run still going fails after the wait, naming it', async () => {
		jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate'] });
		try {
			const g = gate('finished', { 8: queued() }, { stored: [KEY] });
			const result = g.run();
			const settled = result.catch((e: Error) => e);
			for (let i = 0; i < 25; i++) await jest.advanceTimersByTimeAsync(1000);
			expect(((await settled) as Error).message).toBe("This delivery's run (execution 8) is still going");
			expect(g.customData).toEqual({ [COPY_KEY_FIELD]: KEY });
		} finally {
			jest.useRealTimers();
		}
	});
});

describe("the delivery's key in n8n's record, written whole by n8n", () => {
	/** Two processes' runs of one trigger node over a record that behaves as n8n's (read whole, written whole). */
	const database = new ProcessedData();
	const context = { workflow: { id: 'wf' }, node: { id: 'trigger-1', name: 'Trigger' } } as never;
	const run = (key: string, id: number) =>
		passDeliveryRun({
			getInputData: () => withRunKey([item()], key),
			getExecutionId: () => String(id),
			getWorkflow: () => ({ id: 'wf' }),
			getNode: () => ({ name: 'Trigger', parameters: {} }),
			setMetadata: () => undefined,
			addExecutionHints: () => undefined,
			helpers: {
				checkProcessedAndRecord: (keys: string[], scope: 'node' | 'workflow', options: never) => database.checkProcessedAndRecord(keys, scope, context, options),
				removeProcessed: (keys: string[], scope: 'node' | 'workflow') => database.removeProcessed(keys, scope, context),
				getProcessedDataCount: (scope: 'node') => database.getProcessedDataCount(scope, context),
				clearAllProcessedItems: (scope: 'node') => database.clearAllProcessedItems(scope, context),
			},
		} as unknown as IExecuteFunctions);

	it('of many deliveries at once, each with a copy, every delivery runs once and every key stays', async () => {
		database.clear();
		const keys = Array.from({ length: 10 }, (_, i) => String(i).repeat(16));
		const outcomes = await Promise.all(keys.flatMap((key, i) => [run(key, 2 * i + 1), run(key, 2 * i + 2)]));
		const ran = outcomes.map((outputs) => outputs[0].length);
		expect(keys.map((_, i) => ran[2 * i] + ran[2 * i + 1])).toEqual(keys.map(() => 1));
		expect(database.held('wf').sort()).toEqual([...keys, ...keys.flatMap((key, i) => [passKeyOf(key, 2 * i + 1), passKeyOf(key, 2 * i + 2)])].sort());
	});
});

describe("passDeliveryRun while n8n's database does not answer", () => {
	const failing = (message: string) => async () => {
		throw new Error(message);
	};

	it('without n8n\'s deduplication service (a bare engine) the run goes on at once', async () => {
		const fn = { getInputData: () => withRunKey([item()], KEY), getExecutionId: () => '3', getNode: () => ({ name: 'Trigger', parameters: {} }), helpers: { checkProcessedAndRecord: failing('Instance needs to initialized before use. Make sure to call init()') } };
		expect(await passDeliveryRun(fn as unknown as IExecuteFunctions)).toEqual([[item()]]);
	});

	it('a database that stays away: the run fails in both modes, so n8n answers 500 and the platform sends it again (When Received acknowledges only a recorded run)', async () => {
		jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate'] });
		try {
			const customData: Record<string, string> = {};
			const answers: unknown[] = [];
			const unavailable = { status: { status: 'FAILED', reason: 'XU' } };
			const fn = (acknowledge: string) =>
				({
					getInputData: () => withRunKey([item()], KEY, acknowledge === 'received' ? { received: { status: { status: 'OK' } }, unavailable, replayKey: 'r'.repeat(16) } : undefined),
					sendResponse: async (response: unknown) => void answers.push(response),
					getExecutionId: () => '3',
					getWorkflow: () => ({ id: 'wf' }),
					getNode: () => ({ name: 'Trigger', parameters: { options: { acknowledge } } }),
					customData: { set: (k: string, v: string) => (customData[k] = v) },
					helpers: {
						checkProcessedAndRecord: failing('Connection terminated unexpectedly'),
						removeProcessed: failing('Connection terminated unexpectedly'),
						getProcessedDataCount: failing('Connection terminated unexpectedly'),
						clearAllProcessedItems: failing('Connection terminated unexpectedly'),
					},
				}) as unknown as IExecuteFunctions;
			const received = passDeliveryRun(fn('received')).catch((e: Error) => e);
			const finished = passDeliveryRun(fn('finished')).catch((e: Error) => e);
			for (let i = 0; i < 35; i++) await jest.advanceTimersByTimeAsync(1000);
			expect(((await received) as Error).message).toMatch(/database did not answer/);
			expect(((await finished) as Error).message).toMatch(/database did not answer/);
			// When Received answers 503 itself (n8n 1.x in regular mode would answer the failed run with an empty 200).
			expect(answers).toEqual([{ body: unavailable, headers: { 'retry-after': '30' }, statusCode: 503 }]);
		} finally {
			jest.useRealTimers();
		}
	});
});
