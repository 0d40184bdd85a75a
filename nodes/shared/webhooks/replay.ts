/**
 * One run per delivery. The platform may send a delivery again (it cannot tell whether its call got through
 * until it has its acknowledgement), and anyone who copied a delivery can send it again: each trigger names
 * what identifies a delivery, and a delivery that already started a run is acknowledged without a second one.
 *
 * Two memories, because n8n loads a workflow's static data before each webhook call and saves it after:
 *  - durable: the node's static data (`getWorkflowStaticData('node')`) holds a hash of each delivery that started
 *    a run under the hour it was received in (replayRecords.ts), pruned by age (`keepSeconds`) and bounded in
 *    size (`maxRecords`). It survives restarts and every n8n process reads it from the database (n8n 2.40.7 saves
 *    it only with the help of `writtenAgainWhenAnswered`, below).
 *  - in this process: copies that arrive together both load static data without the other's record. Here the
 *    first copy claims the delivery before any `await` and the others wait for its outcome: it ran, they are
 *    duplicates; it did not (a refusal, a filter, a failed query), one of them tries again. The records of the
 *    last `memorySeconds` are also added to every save, so that two calls that overlap do not erase each other's
 *    record (n8n saves the whole static data; the last save wins).
 * A node that acknowledges after the run keeps only the in-process part (see oncePerDelivery).
 * Across processes (queue mode with several webhook processes) only the durable store is shared: a copy that
 * arrives after the first one's answer is recognised, but copies that reach two processes at the same moment can
 * each run once, and a save by one process can drop a record another process made at the same time. Nothing here
 * relies on memory for what the durable store already says; memory only closes the gaps of one process.
 */
import { createHash } from 'crypto';
import type { IDataObject, IWebhookFunctions, IWebhookResponseData } from 'n8n-workflow';

import { parseDateTimeInput } from '../schemas/dateTime';
import { acknowledgesAfterRun } from './acknowledge';
import { addRecords, hasRecord, KEY_LENGTH, LEGACY_RECORDS_KEY, readRecords, RECORDS_KEY, type HourRecords } from './replayRecords';

const DAY_SECONDS = 24 * 60 * 60;

export const REPLAY_WINDOW = {
	/** A delivery's event date may be at most this old; an older one may have outlived its record. */
	maxAgeSeconds: 7 * DAY_SECONDS,
	/** ... and at most this far ahead of n8n's clock (clock differences, a date without an offset). */
	maxAheadSeconds: DAY_SECONDS,
	/** How long a record is kept: long enough that any date accepted with it is refused as stale once it goes. */
	keepSeconds: 8 * DAY_SECONDS,
	/** At most this many records per trigger node; beyond it the oldest go first. */
	maxRecords: 2000,
	/** How long this process remembers its own records (longer than any call between its load and its save). */
	memorySeconds: 15 * 60,
} as const;

type ReplayWindow = { readonly [K in keyof typeof REPLAY_WINDOW]: number };

/** A short, fixed-length name of a delivery (96 bits of SHA-256 over its parts, KEY_LENGTH characters). */
export function deliveryKey(parts: ReadonlyArray<string | number>): string {
	return createHash('sha256').update(parts.map(String).join('\u0000'), 'utf8').digest('base64url').slice(0, KEY_LENGTH);
}

/** The records a node's static data holds within the window, in either stored format (replayRecords.ts). */
function storedRecords(store: IDataObject, nowSeconds: number, window: ReplayWindow = REPLAY_WINDOW): HourRecords {
	return readRecords(store[RECORDS_KEY], store[LEGACY_RECORDS_KEY], nowSeconds, window);
}

/**
 * Whether a signed event date is outside what the replay window protects: `stale` when older than `maxAgeSeconds`,
 * `ahead` when further in the future than `maxAheadSeconds`. A date without an offset is read as UTC (the day of
 * tolerance covers every time zone). Text that is not a date-time is not judged (undefined). Pure.
 */
export function eventDateProblem(date: string, nowMs: number, window: ReplayWindow = REPLAY_WINDOW): 'stale' | 'ahead' | undefined {
	const instant = parseDateTimeInput(date, 'UTC');
	if (!instant) return undefined;
	const ageSeconds = (nowMs - instant.getTime()) / 1000;
	if (ageSeconds > window.maxAgeSeconds) return 'stale';
	if (-ageSeconds > window.maxAheadSeconds) return 'ahead';
	return undefined;
}

/** The answers to a signed date outside the window (HTTP 401: a copy this old may have outlived its record). */
export const EVENT_DATE_WORDS = {
	stale: `The event date is more than ${REPLAY_WINDOW.maxAgeSeconds / DAY_SECONDS} days old`,
	ahead: `The event date is more than ${REPLAY_WINDOW.maxAheadSeconds / 3600} hours ahead of the receiver's clock`,
} as const;

interface Claim {
	/** Ends the claim: `ran` when the delivery started a run (it is then remembered as done). */
	settle(ran: boolean): void;
}

/** The in-process part: claims of deliveries being handled, and the records this process made lately. */
export class DeliveryMemory {
	private readonly recent = new Map<string, Map<string, number>>();
	private readonly inFlight = new Map<string, Promise<boolean>>();

	constructor(
		private readonly nowSeconds: () => number = () => Math.floor(Date.now() / 1000),
		private readonly memorySeconds: number = REPLAY_WINDOW.memorySeconds,
		private readonly maxRecords: number = REPLAY_WINDOW.maxRecords,
	) {}

	/** This process's records of a scope made within `memorySeconds`: key → Unix seconds, oldest first. */
	recordsOf(scope: string): ReadonlyMap<string, number> {
		const records = this.recent.get(scope);
		if (!records) return new Map();
		const now = this.nowSeconds();
		// A Map keeps insertion order: the first entries are the oldest.
		for (const [key, at] of records) {
			if (now - at <= this.memorySeconds) break;
			records.delete(key);
		}
		return records;
	}

	/**
	 * Claims a delivery, or answers undefined when it already ran (`seenDurably`, or a record of this process).
	 * While another call of this process holds the claim, waits for its outcome first.
	 */
	async claim(scope: string, key: string, seenDurably: () => boolean): Promise<Claim | undefined> {
		const id = `${scope}\u0000${key}`;
		for (;;) {
			if (seenDurably() || this.recordsOf(scope).has(key)) return undefined;
			const pending = this.inFlight.get(id);
			if (!pending) break;
			await pending;
		}
		// From here to the set below nothing awaits: exactly one call of this process holds the claim.
		let resolve!: (ran: boolean) => void;
		this.inFlight.set(id, new Promise<boolean>((done) => (resolve = done)));
		let settled = false;
		return {
			settle: (ran) => {
				if (settled) return;
				settled = true;
				if (ran) this.remember(scope, key);
				this.inFlight.delete(id);
				resolve(ran);
			},
		};
	}

	private remember(scope: string, key: string): void {
		let records = this.recent.get(scope);
		if (!records) this.recent.set(scope, (records = new Map()));
		records.delete(key);
		records.set(key, this.nowSeconds());
		// A Map keeps insertion order: the first entries are the oldest.
		for (const oldest of records.keys()) {
			if (records.size <= this.maxRecords) break;
			records.delete(oldest);
		}
	}
}

/** One per n8n process: the module is loaded once and shared by every workflow's trigger nodes. */
const memory = new DeliveryMemory();

/**
 * Runs `handle` for a delivery unless it already started a run, in which case `duplicate()` answers it. A result
 * with `workflowData` (a run) records the delivery; any other result or an error leaves it unrecorded, so that the
 * platform's next attempt is handled afresh. This process remembers it only once n8n has answered 2xx (n8n can
 * fail to queue the run after the trigger returned: a PostgreSQL restart lost a delivery so); the record in static
 * data is saved by n8n only with a successful answer.
 *
 * When the node acknowledges after the run (acknowledge.ts), a delivery counts as done only once its run
 * succeeded: n8n answers then, 2xx. Nothing is written to the durable store for it (a record saved at receipt would
 * refuse the platform's retry of a run that failed or was lost with its worker, and this process cannot save one
 * later: n8n saves static data when it answers, before the node learns the outcome). The claim lasts until the
 * answer is sent, so copies arriving meanwhile at this process wait for the outcome; a success is remembered in
 * this process (`memorySeconds`) and added to the durable saves of later calls that record on receipt.
 */
export async function oncePerDelivery(
	fn: IWebhookFunctions,
	parts: ReadonlyArray<string | number>,
	duplicate: () => IWebhookResponseData,
	handle: () => Promise<IWebhookResponseData>,
): Promise<IWebhookResponseData> {
	const store = fn.getWorkflowStaticData('node');
	// The test URL and the production URL keep apart, as n8n keeps their static data apart.
	const scope = [fn.getWorkflow().id ?? '', fn.getNode().name, fn.getMode()].join('\u0000');
	const key = deliveryKey(parts);
	const nowSeconds = () => Math.floor(Date.now() / 1000);
	const claim = await memory.claim(scope, key, () => hasRecord(storedRecords(store, nowSeconds()), key));
	if (!claim) return duplicate();
	let ran = false;
	let settledLater = false;
	try {
		const result = await handle();
		if (result.workflowData === undefined) return result;
		// The delivery counts as run once n8n has answered 2xx: n8n may still fail to create or queue the run (its
		// database or Redis down), answering 500; the platform's next attempt must then run it.
		settledLater = settleWhenAnswered(fn.getResponseObject(), claim);
		ran = !settledLater;
		if (acknowledgesAfterRun(fn)) return result;
		const now = nowSeconds();
		const records = addRecords(storedRecords(store, now), [...memory.recordsOf(scope), [key, now]], now, REPLAY_WINDOW);
		// An assignment in the node's data marks the workflow's static data changed: n8n saves it only then. The
		// first versions' form, read above, goes.
		const write = () => {
			store[RECORDS_KEY] = records;
			if (LEGACY_RECORDS_KEY in store) delete store[LEGACY_RECORDS_KEY];
		};
		write();
		return writtenAgainWhenAnswered(result, write);
	} finally {
		if (!settledLater) claim.settle(ran);
	}
}

/** The part of n8n's HTTP response the claim watches (an Express response, a Node ServerResponse). */
interface Answered {
	statusCode?: number;
	writableFinished?: boolean;
	once?(event: 'finish' | 'close', listener: () => void): unknown;
}

/**
 * Settles `claim` once n8n has answered the call: the run counts as done when the answer was 2xx (n8n answers after
 * the run, 500 when it failed or its worker was lost), not when the connection closed first (the caller gave up:
 * the outcome is unknown, so the next copy runs). False when the response cannot be watched (the caller settles).
 */
function settleWhenAnswered(response: Answered | undefined, claim: Claim): boolean {
	if (!response || typeof response.once !== 'function') return false;
	const succeeded = () => Boolean(response.statusCode && response.statusCode >= 200 && response.statusCode < 300);
	if (response.writableFinished) {
		claim.settle(succeeded());
		return true;
	}
	response.once('finish', () => claim.settle(succeeded()));
	response.once('close', () => claim.settle(false));
	return true;
}

/**
 * The run's result, whose answer writes the record again each time n8n reads it. n8n 2.40.7 saves the static data
 * when it sends the answer, only if it is still marked changed; but once the trigger has returned, it builds a
 * second Workflow over the same static data object to prepare the run (WorkflowRunner.run →
 * establishContextForPersistence, dist/workflow-runner.js), and building one clears the mark
 * (ObservableObject.create, n8n-workflow's dist/cjs/observable-object.js). So a record was saved only when the
 * workflow's static data had been empty (a new object then). n8n reads the answer after that, just before it
 * saves (webhook-helpers.js, extractWebhookOnReceivedResponse for the triggers' `onReceived` answers): writing
 * the record there marks it again. Writing the same records twice changes nothing else.
 */
function writtenAgainWhenAnswered(result: IWebhookResponseData, write: () => void): IWebhookResponseData {
	const { webhookResponse, ...rest } = result;
	return Object.defineProperty(rest, 'webhookResponse', {
		enumerable: true,
		get() {
			write();
			return webhookResponse;
		},
	}) as IWebhookResponseData;
}
