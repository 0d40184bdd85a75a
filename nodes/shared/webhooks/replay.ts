/**
 * One run per delivery: the platform resends a delivery until acknowledged, and anyone holding a copy can send it
 * again. n8n loads a workflow's static data before each webhook call and saves all of it after (the last save wins),
 * so there are two memories: the node's static data (durable, read by every process; replayRecords.ts), and this
 * process's claims and recent records, for copies arriving together. Copies reaching two webhook processes at once
 * can each run: docs/scaling.md, "Triggers and copies of a delivery".
 */
import { createHash } from 'crypto';
import type { IDataObject, IWebhookFunctions, IWebhookResponseData } from 'n8n-workflow';

import { parseDateTimeInput } from '../schemas/dateTime';
import { addRecords, hasRecord, KEY_LENGTH, LEGACY_RECORDS_KEY, readRecords, RECORDS_KEY, type HourRecords } from './replayRecords';

const DAY_SECONDS = 24 * 60 * 60;

export const REPLAY_WINDOW = {
	maxAgeSeconds: 7 * DAY_SECONDS, // An older event date may have outlived its record.
	maxAheadSeconds: DAY_SECONDS, // Allows for clock differences and a date without an offset.
	keepSeconds: 8 * DAY_SECONDS, // Longer than maxAgeSeconds: a date accepted with a record is refused as stale once the record goes.
	maxRecords: 2000, // Per trigger node; the oldest go first.
	memorySeconds: 15 * 60, // Longer than any call between its load and its save of static data.
} as const;

type ReplayWindow = { readonly [K in keyof typeof REPLAY_WINDOW]: number };

/** 96 bits of SHA-256 over the delivery's parts. */
export function deliveryKey(parts: ReadonlyArray<string | number>): string {
	return createHash('sha256').update(parts.map(String).join('\u0000'), 'utf8').digest('base64url').slice(0, KEY_LENGTH);
}

/** In either stored format (replayRecords.ts). */
const storedRecords = (store: IDataObject, nowSeconds: number): HourRecords => readRecords(store[RECORDS_KEY], store[LEGACY_RECORDS_KEY], nowSeconds, REPLAY_WINDOW);

/** A date without an offset is read as UTC (the day of tolerance covers every zone); a non-date is not judged. */
export function eventDateProblem(date: string, nowMs: number, window: ReplayWindow = REPLAY_WINDOW): 'stale' | 'ahead' | undefined {
	const instant = parseDateTimeInput(date, 'UTC');
	if (!instant) return undefined;
	const ageSeconds = (nowMs - instant.getTime()) / 1000;
	if (ageSeconds > window.maxAgeSeconds) return 'stale';
	if (-ageSeconds > window.maxAheadSeconds) return 'ahead';
	return undefined;
}

/** Answered with HTTP 401: a copy this old may have outlived its record. */
export const EVENT_DATE_WORDS = {
	stale: `The event date is more than ${REPLAY_WINDOW.maxAgeSeconds / DAY_SECONDS} days old`,
	ahead: `The event date is more than ${REPLAY_WINDOW.maxAheadSeconds / 3600} hours ahead of the receiver's clock`,
} as const;

/** `ran`: the delivery started a run, remembered as done. */
type Claim = { settle(ran: boolean): void };

/** The in-process part: claims of deliveries being handled, and the records this process made lately. */
export class DeliveryMemory {
	private readonly recent = new Map<string, Map<string, number>>();
	private readonly inFlight = new Map<string, Promise<boolean>>();

	constructor(
		private readonly nowSeconds: () => number = () => Math.floor(Date.now() / 1000),
		private readonly memorySeconds: number = REPLAY_WINDOW.memorySeconds,
		private readonly maxRecords: number = REPLAY_WINDOW.maxRecords,
	) {}

	/** key → Unix seconds, oldest first. */
	recordsOf(scope: string): ReadonlyMap<string, number> {
		const records = this.recent.get(scope);
		if (!records) return new Map();
		const now = this.nowSeconds();
		// Insertion order: the oldest first.
		for (const [key, at] of records) {
			if (now - at <= this.memorySeconds) break;
			records.delete(key);
		}
		return records;
	}

	/** Undefined when the delivery already ran; waits while another call of this process holds the claim. */
	async claim(scope: string, key: string, seenDurably: () => boolean): Promise<Claim | undefined> {
		const id = `${scope}\u0000${key}`;
		for (;;) {
			if (seenDurably() || this.recordsOf(scope).has(key)) return undefined;
			const pending = this.inFlight.get(id);
			if (!pending) break;
			await pending;
		}
		// Nothing awaits from here to the set below: one call of this process holds the claim.
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

	remember(scope: string, key: string): void {
		const records = this.recent.get(scope) ?? new Map<string, number>();
		// The scope remembered last goes last, so the ones whose records all expired come first and go (a resume's
		// scope is its execution: without this, one per execution would stay).
		this.recent.delete(scope);
		for (const older of this.recent.keys()) {
			if (this.recordsOf(older).size) break;
			this.recent.delete(older);
		}
		this.recent.set(scope, records);
		records.delete(key);
		records.set(key, this.nowSeconds());
		// Insertion order: the oldest first.
		for (const oldest of records.keys()) {
			if (records.size <= this.maxRecords) break;
			records.delete(oldest);
		}
	}
}

/** One per n8n process, shared by every workflow's trigger nodes. */
const memory = new DeliveryMemory();

/**
 * Runs `handle` unless the delivery already started a run (then `duplicate()` answers). Only a result that starts a
 * run is remembered, in this process and once n8n answered 2xx: n8n can still fail to queue the run after the
 * trigger returned, and the next attempt must then run it. The durable record is written once n8n has recorded the
 * run, by its record call (recordCall.ts) or else the run (runGate.ts): the webhook part changes no static data,
 * which n8n would save before the run is safe.
 */
export async function oncePerDelivery(fn: IWebhookFunctions, parts: ReadonlyArray<string | number>, duplicate: () => IWebhookResponseData, handle: () => Promise<IWebhookResponseData>): Promise<IWebhookResponseData> {
	const store = fn.getWorkflowStaticData('node');
	const scope = scopeOf(fn);
	const key = deliveryKey(parts);
	const claim = await memory.claim(scope, key, () => hasRecord(storedRecords(store, Math.floor(Date.now() / 1000)), key));
	if (!claim) return duplicate();
	let ran = false;
	let settledLater = false;
	try {
		const result = await handle();
		if (result.workflowData === undefined) return result;
		// n8n may still fail to create, queue or record the run (database or Redis down) and answer 500.
		settledLater = settleWhenAnswered(fn.getResponseObject(), claim);
		ran = !settledLater;
		return result;
	} finally {
		if (!settledLater) claim.settle(ran);
	}
}

/** The scope of a trigger's records: the test URL and the production URL keep apart, as n8n keeps their static data apart. */
function scopeOf(fn: Pick<IWebhookFunctions, 'getWorkflow' | 'getNode' | 'getMode'>): string {
	return [fn.getWorkflow().id ?? '', fn.getNode().name, fn.getMode()].join('\u0000');
}

/** A record call (recordCall.ts): the key, with every record this process saved lately, so that of two calls saving at once the later keeps the earlier's key. */
export function rememberRecordCall(fn: IWebhookFunctions, key: string): void {
	const scope = scopeOf(fn);
	memory.remember(scope, key);
	rememberDelivery(fn.getWorkflowStaticData('node'), key, memory.recordsOf(scope));
}

/** On the run's side, once n8n recorded the run: n8n saves the run's static data when it ends. */
export function rememberDelivery(store: IDataObject, key: string, alsoRecent: ReadonlyMap<string, number> = new Map()): void {
	const now = Math.floor(Date.now() / 1000);
	store[RECORDS_KEY] = addRecords(storedRecords(store, now), [...alsoRecent, [key, now]], now, REPLAY_WINDOW);
	// n8n saves static data only when an assignment marked it changed; the first versions' form goes.
	if (LEGACY_RECORDS_KEY in store) delete store[LEGACY_RECORDS_KEY];
}

/** The part of n8n's HTTP response the claim watches (an Express response, a Node ServerResponse). */
interface Answered {
	statusCode?: number;
	writableFinished?: boolean;
	destroyed?: boolean;
	once?(event: 'finish' | 'close', listener: () => void): unknown;
}

/** Ran when n8n answered 2xx (500 when the run failed or its worker was lost); closed first, the outcome is unknown and the next copy runs. False when unwatchable. */
function settleWhenAnswered(response: Answered | undefined, claim: Claim): boolean {
	if (!response || typeof response.once !== 'function') return false;
	const succeeded = () => Boolean(response.statusCode && response.statusCode >= 200 && response.statusCode < 300);
	if (response.writableFinished) {
		claim.settle(succeeded());
		return true;
	}
	// The sender left before this call got here (a busy process): its `close` has passed and will not come again, and
	// a claim kept would hold every later copy in this process.
	if (response.destroyed) {
		claim.settle(false);
		return true;
	}
	response.once('finish', () => claim.settle(succeeded()));
	response.once('close', () => claim.settle(false));
	return true;
}
