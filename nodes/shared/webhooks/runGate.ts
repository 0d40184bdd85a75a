/**
 * One run per delivery across n8n's processes: a webhook process knows only what it saw (replay.ts), so every run a
 * delivery starts passes this gate first, on the worker, with the run key its webhook part put on the item. The run
 * that records the key first in n8n's record of the workflow, under the node's lock (repeatGuard.ts), does the work
 * and marks its execution; any other run, earlier or later in n8n's list, is a copy: When Received it stops; When the
 * Workflow Has Finished it follows the run named owner (deliveryOwner.ts): succeeded, stop; failed, take over; still
 * going after COPY_WAIT_MS, fail, so n8n answers 500 within the platform's timeout. An execution n8n runs twice (two
 * queue jobs) passes once (passesAgain). Limits (docs/scaling.md, "Triggers and copies of a delivery"): another node
 * writing n8n's record at the same moment; a run not named is looked for in a window of ids; a run whose end n8n
 * could not save counts as failed, and a named owner still going 5 minutes on as lost (deliveryOwner.ts).
 */
import { NodeOperationError, sleep, type IDataObject, type IExecuteFunctions, type INodeExecutionData, type IRunExecutionData, type ITaskData } from 'n8n-workflow';

import { sentRecord, type SentRecord } from '../transport/repeatGuard';
import { acknowledgesWhenFinished } from './acknowledge';
import { namedAtKey, namedLately, OWNER_LOST_AFTER_MINUTES, ownerKeys, readOwner, writeOwner } from './deliveryOwner';
import { sendRecordCall, type RecordCall } from './recordCall';
import { rememberDelivery } from './replay';

/** The run key's field on the item, and the mark of the run that does the work. */
export const RUN_KEY_FIELD = 'paySuiteDelivery';
/** When Received: the answers the gate sends once the run is recorded (a `Receipt`, as JSON text). */
export const RECEIPT_FIELD = 'paySuiteAcknowledgement';
/** The mark of a copy: a later copy skips it. */
export const COPY_KEY_FIELD = 'paySuiteDeliveryCopy';

/** Below common senders' 30-s timeouts. */
const COPY_WAIT_MS = 20_000;
const COPY_POLL_MS = 1_000;
/** How many executions before a copy, and at most how many after it, are searched for its delivery's other runs. */
const LOOKBACK_EXECUTIONS = 500;
const LOOKAHEAD_EXECUTIONS = 200;
/** The search after a copy stops at this many ids in a row with no execution (the newest one reached). */
const MISSING_IN_A_ROW = 5;
/** The wait a delivery answered 503 asks for. */
const RETRY_AFTER_SECONDS = 30;
/** How long the gate tries n8n's database while it does not answer (a PostgreSQL restart) before it gives up. */
const DATABASE_RETRY_MS = 30_000;

function runKeyOf(item: INodeExecutionData | undefined): string | undefined {
	const key = item?.[RUN_KEY_FIELD];
	return typeof key === 'string' && key !== '' ? key : undefined;
}

/** What the webhook part hands the gate: the acknowledgement (a copy gets the same), the answer when the run cannot be recorded, and the durable record's key (replay.ts). */
export interface Receipt {
	received: IDataObject;
	unavailable?: IDataObject;
	replayKey: string;
	/** Production only: the record is saved before the answer (recordCall.ts). */
	record?: RecordCall;
}

/** The items without the run key: what the trigger outputs. Pure. */
export function withoutRunKey(items: INodeExecutionData[]): INodeExecutionData[] {
	return items.map((item) => {
		const copy = { ...item };
		delete copy[RUN_KEY_FIELD];
		delete copy[RECEIPT_FIELD];
		return copy;
	});
}

/** The nodes a delivery's run goes through after the trigger (not disabled); undefined where n8n cannot say. */
const nodesAfter = (fn: IExecuteFunctions): string[] | undefined =>
	(fn as Partial<Pick<IExecuteFunctions, 'getChildNodes'>>)
		.getChildNodes?.(fn.getNode().name)
		.filter((node) => !node.disabled)
		.map((node) => node.name);

/** What a delivery's run is, as far as n8n's stored execution says. */
type RunState = 'running' | 'succeeded' | 'failed';

/**
 * A run n8n rebuilt from a dead worker's event log (a crashed task, or data replaced by n8n's artificial item) keeps
 * its first node stack, so it would read as running forever: it ended, and did the work only if every node `after`
 * the trigger ran to its end. Pure.
 */
export function runState(data: IRunExecutionData, after?: string[]): RunState {
	if (data.resultData?.error) return 'failed';
	if (data.waitTill) return 'running';
	const runData = data.resultData?.runData ?? {};
	const rebuilt = (task: ITaskData) => task.executionStatus === 'crashed' || task.data?.main?.[0]?.[0]?.json?.isArtificialRecoveredEventItem === true;
	if (Object.values(runData).some((tasks) => tasks.some(rebuilt))) {
		return after?.every((name) => runData[name]?.some((task) => task.executionStatus === 'success')) ? 'succeeded' : 'failed';
	}
	const stacked = data.executionData?.nodeExecutionStack?.length ?? 0;
	if (Object.keys(runData).length === 0 || stacked > 0) return 'running';
	return Object.values(runData).some((tasks) => tasks[tasks.length - 1]?.error) ? 'failed' : 'succeeded';
}

/**
 * `owner` when the stored execution did (or does) the delivery's work, `pending` when the key is only on its
 * trigger's input (not past the gate yet, running without its progress saved, or crashed), undefined when it is not
 * a run of the delivery, or a copy. Pure.
 */
export function deliveryRunKind(data: IRunExecutionData | undefined, runKey: string, nodeName: string): 'owner' | 'pending' | undefined {
	if (!data) return undefined;
	const tasks = data.resultData?.runData?.[nodeName] ?? [];
	const marks = [data.resultData?.metadata, ...tasks.map((task) => task.metadata)] as Array<Record<string, unknown> | undefined>;
	if (marks.some((mark) => mark?.[COPY_KEY_FIELD] === runKey)) return undefined;
	if (marks.some((mark) => mark?.[RUN_KEY_FIELD] === runKey)) return 'owner';
	const entry = data.executionData?.nodeExecutionStack?.find((e) => e.node?.name === nodeName);
	const items = entry?.data?.main?.flatMap((input) => input ?? []) ?? [];
	return items.some((item) => runKeyOf(item) === runKey) ? 'pending' : undefined;
}

/** Runs a step on n8n's record of the workflow under the node's lock: of two runs at once, the second finds the first's keys. */
type Locked = <T>(step: (record: SentRecord) => Promise<T>) => Promise<T>;

/**
 * Records the pass and run keys, trying again while n8n's database does not answer (up to DATABASE_RETRY_MS); a run
 * that records the delivery first names itself owner when copies will look for it (When the Workflow Has Finished).
 * Resolves the keys that were new, `absent` when n8n has no store, `unavailable` when the database stayed away.
 */
async function recordKeys(locked: Locked, passKey: string, runKey: string, owner: number | undefined): Promise<Set<string> | 'absent' | 'unavailable'> {
	const deadline = Date.now() + DATABASE_RETRY_MS;
	for (;;) {
		try {
			return await locked(async (store) => {
				const added = new Set((await store.lookAndAdd([passKey, runKey])).added);
				// Not named (the database went away just then), copies look for the owner among the executions.
				if (owner !== undefined && added.has(passKey) && added.has(runKey)) await store.lookAndAdd([...ownerKeys(runKey, owner), namedAtKey(runKey, Date.now())]).catch(() => undefined);
				return added;
			});
		} catch (error) {
			// n8n without its deduplication service (a bare engine): nothing to record in, as opposed to a database down.
			if (/needs to initiali[sz]ed|initialized before use/i.test((error as Error)?.message ?? '')) return 'absent';
			if (Date.now() >= deadline) return 'unavailable';
			// At a random moment: runs of one delivery held together would otherwise record at the same instant.
			await sleep(COPY_POLL_MS * (0.5 + Math.random()));
		}
	}
}

/** The key of one execution's pass through the gate: n8n can run an execution twice (two queue jobs for it). Pure. */
export const passKeyOf = (runKey: string, executionId: number) => `${runKey}@${executionId}`;

/** The delivery's other runs, and which of them was named its owner. */
type OtherRuns = { ids: number[]; named?: number };

/**
 * The delivery's other runs: its named owner when that is a run of the delivery, else those among the executions
 * around this one (an owner not named: before this version, or its database away). A failed read is `unreadable`,
 * never taken for a run that does not exist.
 */
async function otherRunIds(fn: IExecuteFunctions, locked: Locked, runKey: string, ownId: number): Promise<OtherRuns | 'unreadable'> {
	const nodeName = fn.getNode().name;
	const ids: number[] = [];
	try {
		const owner = await locked((store) => readOwner(store, runKey));
		if (owner !== undefined && owner !== ownId && deliveryRunKind(await fn.getExecutionDataById(String(owner)), runKey, nodeName)) return { ids: [owner], named: owner };
		for (let id = ownId - 1; id > 0 && id >= ownId - LOOKBACK_EXECUTIONS; id--) {
			if (deliveryRunKind(await fn.getExecutionDataById(String(id)), runKey, nodeName)) ids.push(id);
		}
		for (let id = ownId + 1, missing = 0; missing < MISSING_IN_A_ROW && id <= ownId + LOOKAHEAD_EXECUTIONS; id++) {
			const data = await fn.getExecutionDataById(String(id));
			missing = data ? 0 : missing + 1;
			if (deliveryRunKind(data, runKey, nodeName)) ids.push(id);
		}
	} catch {
		return 'unreadable';
	}
	return { ids };
}

/**
 * The first of the other runs that decides: one that succeeded, else one still going; undefined when none can still
 * do the work (none, all failed, or a named owner lost). A named owner read as going is lost when still waiting
 * OWNER_LOST_AFTER_MINUTES after its wait ended, or not waiting and named longer ago (deliveryOwner.ts): its end was
 * not saved, and the copy runs the workflow (at least once).
 */
async function otherRunsStand(fn: IExecuteFunctions, locked: Locked, runKey: string, { ids, named }: OtherRuns): Promise<{ id: number; state: RunState } | 'unreadable' | undefined> {
	const nodeName = fn.getNode().name;
	const after = nodesAfter(fn);
	const runs: Array<{ id: number; state: RunState }> = [];
	const lost = async (data: IRunExecutionData, now = Date.now()) =>
		data.waitTill ? now - new Date(data.waitTill).getTime() > OWNER_LOST_AFTER_MINUTES * 60_000 : !(await locked((store) => namedLately(store, runKey, now)));
	try {
		for (const id of ids) {
			const data = await fn.getExecutionDataById(String(id));
			if (!deliveryRunKind(data, runKey, nodeName)) continue;
			let state = runState(data!, after);
			if (state === 'running' && id === named && (await lost(data!))) {
				const why = `Execution ${id} still shows as going ${OWNER_LOST_AFTER_MINUTES} minutes after it started: its end was not saved (n8n's database away as it ended), so it counts as lost`;
				fn.logger?.warn(`${nodeName}: ${why}`);
				fn.addExecutionHints?.({ message: why, location: 'outputPane' });
				state = 'failed';
			}
			runs.push({ id, state });
		}
	} catch {
		return 'unreadable';
	}
	return runs.find((run) => run.state === 'succeeded') ?? runs.find((run) => run.state === 'running');
}

/** Marks the execution in n8n's record: the trigger's task data, and the execution's custom data where n8n offers it (not 1.x). */
function mark(fn: IExecuteFunctions, field: string, runKey: string): void {
	(fn as Partial<Pick<IExecuteFunctions, 'setMetadata'>>).setMetadata?.({ [field]: runKey } as Parameters<IExecuteFunctions['setMetadata']>[0]);
	const customData = (() => {
		try {
			return (fn as Partial<Pick<IExecuteFunctions, 'customData'>>).customData;
		} catch {
			return undefined;
		}
	})();
	customData?.set(field, runKey);
}

/** This run does the work of its delivery: n8n's record of the execution says so; the items go on. */
function owns(fn: IExecuteFunctions, runKey: string, items: INodeExecutionData[]): INodeExecutionData[][] {
	mark(fn, RUN_KEY_FIELD, runKey);
	return [withoutRunKey(items)];
}

/** This run is a copy and stops at the trigger, said on the node's output. */
function stops(fn: IExecuteFunctions, runKey: string, why: string): INodeExecutionData[][] {
	mark(fn, COPY_KEY_FIELD, runKey);
	fn.addExecutionHints?.({ message: why, location: 'outputPane' });
	return [[]];
}

/**
 * When Received, n8n answers when the gate says (responseMode `responseNode`, acknowledge.ts): only once the run is
 * recorded in n8n's database, so that an acknowledged delivery is never lost with a run n8n could not start.
 */
async function acknowledge(fn: IExecuteFunctions, receipt: Receipt | undefined, { savedAlready = false } = {}): Promise<void> {
	if (!receipt) return;
	// An answer that could not be sent (Redis away) does not stop the run: the delivery is recorded, so this run must
	// do the work; the platform's next attempt is a copy and gets the acknowledgement.
	await fn.sendResponse({ body: receipt.received, headers: {}, statusCode: 200 }).catch((error: unknown) => {
		fn.logger?.warn(`${fn.getNode().name} could not answer the delivery it recorded; its run goes on: ${(error as Error)?.message ?? String(error)}`);
	});
	// Saved already (the record call, or this execution's first pass): a change here would make n8n save this run's
	// older copy of the static data when it ends, over records other calls saved meanwhile.
	if (savedAlready) return;
	// After the answer: the webhook side saves static data as it answers, and a change then would hold the answer back.
	rememberDelivery(fn.getWorkflowStaticData('node'), receipt.replayKey);
}

/**
 * n8n runs this execution a second time (a second queue job, as when Redis runs an add whose answer it lost, or n8n
 * 1.x running a stalled job again, its first worker gone): the first pass decided, so this one never does the work.
 * When Received it answers as a copy. When the Workflow Has Finished it ends as the first pass ended, read in n8n's
 * record (saved only at its end); not ended within COPY_WAIT_MS (its worker may be gone), it fails: n8n answers 500,
 * the platform sends again, and that copy runs the workflow. Marked as the delivery's run either way.
 */
async function passesAgain(fn: IExecuteFunctions, runKey: string, receipt: Receipt | undefined, ownId: number, afterRun: boolean): Promise<INodeExecutionData[][]> {
	const why = `n8n ran execution ${ownId} a second time: this pass stops here, so the delivery is worked on once, by the first pass`;
	fn.logger?.warn(`${fn.getNode().name}: ${why}`);
	mark(fn, RUN_KEY_FIELD, runKey);
	if (afterRun) {
		const deadline = Date.now() + COPY_WAIT_MS;
		const firstPass = async (): Promise<RunState | 'unreadable'> => {
			try {
				const data = await fn.getExecutionDataById(String(ownId));
				return data ? runState(data, nodesAfter(fn)) : 'running';
			} catch {
				return 'unreadable';
			}
		};
		let state = await firstPass();
		while (state !== 'succeeded' && state !== 'failed' && Date.now() < deadline) {
			await sleep(COPY_POLL_MS);
			state = await firstPass();
		}
		if (state !== 'succeeded') {
			const what = state === 'failed' ? 'failed' : `had not ended after ${COPY_WAIT_MS / 1000} s`;
			throw new NodeOperationError(fn.getNode(), `Execution ${ownId} ran twice, and its first pass ${what}`, {
				description: 'n8n answers 500, so the platform sends the delivery again later; that copy runs the workflow',
			});
		}
	} else {
		await acknowledge(fn, receipt, { savedAlready: true });
	}
	fn.addExecutionHints?.({ message: why, location: 'outputPane' });
	return [[]];
}

function receiptOf(item: INodeExecutionData | undefined): Receipt | undefined {
	const text = item?.[RECEIPT_FIELD];
	if (typeof text !== 'string') return undefined;
	try {
		return JSON.parse(text) as Receipt;
	} catch {
		return undefined;
	}
}

/**
 * None of the delivery's runs (`ids`) can still do the work: this copy names itself the owner and does it, unless
 * another run was named meanwhile (its id is returned). `unreadable` when n8n's database did not answer.
 */
async function takeOver(locked: Locked, runKey: string, ids: number[], ownId: number): Promise<number | 'unreadable'> {
	return locked(async (store) => {
		const owner = await readOwner(store, runKey);
		if (owner !== undefined && owner !== ownId && !ids.includes(owner)) return owner;
		if (owner !== ownId) await writeOwner(store, runKey, ownId, Date.now());
		return ownId;
	}).catch(() => 'unreadable' as const);
}

/** The trigger's part of a delivery's run, on the worker that runs it: see the top of this file. */
export async function passDeliveryRun(fn: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	const items = fn.getInputData();
	const runKey = runKeyOf(items[0]);
	const afterRun = acknowledgesWhenFinished(fn.getNode().parameters);
	const receipt = afterRun ? undefined : receiptOf(items[0]);
	// Undefined where n8n offers no record (a bare engine, an n8n before deduplication).
	const store = sentRecord(fn);
	const record: Locked | undefined = store && ((step) => store.locked(() => step(store)));
	const ownId = Number(fn.getExecutionId());
	// Where the gate cannot know (no run key, no store: a bare engine), the run goes on, as before.
	const goOn = async () => {
		await acknowledge(fn, receipt);
		return [withoutRunKey(items)];
	};
	if (!runKey || !record || !Number.isSafeInteger(ownId)) return goOn();
	// One call, so one answer for both: whether this execution passed here before, whether the delivery is new.
	const passKey = passKeyOf(runKey, ownId);
	const added = await recordKeys(record, passKey, runKey, afterRun ? ownId : undefined);
	if (added === 'absent') return goOn();
	if (added === 'unavailable') {
		// Not recorded, so not acknowledged: the platform sends the delivery again. Answered here rather than left to
		// n8n's 500, which n8n 1.x in regular mode turns into an empty 200 (its run's end answers first).
		if (receipt?.unavailable) {
			await fn.sendResponse({ body: receipt.unavailable, headers: { 'retry-after': String(RETRY_AFTER_SECONDS) }, statusCode: 503 }).catch(() => undefined);
		}
		throw new NodeOperationError(fn.getNode(), "n8n's database did not answer: this delivery's run could not be recorded", {
			description: 'Not acknowledged (HTTP 503, or 500 when the trigger acknowledges after the run), so the platform sends the delivery again later',
		});
	}
	if (!added.has(passKey)) return passesAgain(fn, runKey, receipt, ownId, afterRun);
	if (added.has(runKey)) {
		const saved = receipt?.record ? await sendRecordCall(fn, receipt.record, receipt.replayKey) : false;
		await acknowledge(fn, receipt, { savedAlready: saved });
		return owns(fn, runKey, items);
	}
	if (!afterRun) {
		await acknowledge(fn, receipt);
		return stops(fn, runKey, 'This delivery already started a run: this copy stops here, and the platform gets the same acknowledgement again');
	}
	const deadline = Date.now() + COPY_WAIT_MS;
	let others: OtherRuns | 'unreadable' = 'unreadable';
	for (;;) {
		if (others === 'unreadable') others = await otherRunIds(fn, record, runKey, ownId);
		const found: Awaited<ReturnType<typeof otherRunsStand>> = others === 'unreadable' ? 'unreadable' : await otherRunsStand(fn, record, runKey, others);
		// None of them can still do the work: this copy does, unless another run took it over meanwhile (then follow it).
		const owner: number | 'unreadable' | undefined = found ? undefined : await takeOver(record, runKey, (others as OtherRuns).ids, ownId);
		if (owner === ownId) return owns(fn, runKey, items);
		if (typeof owner === 'number') {
			others = { ids: [owner], named: owner };
			continue;
		}
		const other = found ?? 'unreadable';
		if (other !== 'unreadable' && other.state === 'succeeded') return stops(fn, runKey, `This delivery already ran successfully in execution ${other.id}: this copy stops here, and the platform is answered 200`);
		if (Date.now() >= deadline) {
			mark(fn, COPY_KEY_FIELD, runKey);
			const what = other === 'unreadable' ? "This delivery's other run could not be read from n8n's database" : `This delivery's run (execution ${other.id}) is still going`;
			throw new NodeOperationError(fn.getNode(), what, {
				description: 'n8n answers 500, so the platform sends the delivery again later; the copy then answers as that run ended (or runs the workflow if it failed)',
			});
		}
		await sleep(COPY_POLL_MS);
	}
}

/** Puts the run key (and When Received the receipt) on the item of a delivery's run (the webhook part; passDeliveryRun reads and removes them). */
export function withRunKey(items: INodeExecutionData[], runKey: string, receipt?: Receipt): INodeExecutionData[] {
	return items.map((item) => ({ ...item, [RUN_KEY_FIELD]: runKey, ...(receipt ? { [RECEIPT_FIELD]: JSON.stringify(receipt) } : {}) }));
}
