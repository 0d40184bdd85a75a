/**
 * The refunds and reversals these nodes made, per payment, in n8n's record of the workflow (sentRecord.ts): the
 * platform tells refunds only through `refunded`. The record is a set of strings, so an entry's amount (minor
 * units) is written as one string per binary 1-digit plus their count: an entry partly lost reads as unknown, never
 * smaller.
 */
import type { IDataObject } from 'n8n-workflow';

import { amountOf, refundColumns, type RefundColumns, type RefundsMade } from '../output/refunds';
import { writeKey } from './repeatGuard';
import { sentRecord, type SentRecord } from './sentRecord';
import type { OperationContext } from './types';

export const NO_RECORD = 'n8n keeps no record for this run (an AI tool, or a workflow not saved yet)';

/** A payment is rarely refunded more often through n8n. */
const MAX_REFUND_ENTRIES = 32;
/** 2^50 minor units hold the nodes' limit (10^12) in a currency of 3 decimals. */
const AMOUNT_BITS = 50;

/** The credential (which platform and site) and the internal reference. */
const paymentKey = (ctx: OperationContext, internalReference: unknown): string =>
	writeKey(['refunds', ctx.node.credentials?.paySuiteApi?.id ?? '', String(internalReference)]);

const entryKey = (payment: string, entry: number) => `${payment}#${entry}`;
const bitKey = (payment: string, entry: number, bit: number) => `${payment}#${entry}b${bit}`;
const countKey = (payment: string, entry: number, count: number) => `${payment}#${entry}c${count}`;

/** The entry, the amount's 1-digits and their count. Pure. */
export function entryKeys(payment: string, entry: number, minor: number): string[] {
	const bits = Array.from({ length: AMOUNT_BITS }, (_, bit) => bit).filter((bit) => Math.floor(minor / 2 ** bit) % 2 === 1);
	return [entryKey(payment, entry), ...bits.map((bit) => bitKey(payment, entry, bit)), countKey(payment, entry, bits.length)];
}

/** What a read looks for. Pure. */
export function amountProbe(payment: string, entry: number): string[] {
	return [
		...Array.from({ length: AMOUNT_BITS }, (_, bit) => bitKey(payment, entry, bit)),
		...Array.from({ length: AMOUNT_BITS + 1 }, (_, count) => countKey(payment, entry, count)),
	];
}

/** Undefined when the strings do not agree. Pure. */
export function entryAmount(payment: string, entry: number, held: Set<string>): number | undefined {
	const bits = Array.from({ length: AMOUNT_BITS }, (_, bit) => bit).filter((bit) => held.has(bitKey(payment, entry, bit)));
	const counts = Array.from({ length: AMOUNT_BITS + 1 }, (_, count) => count).filter((count) => held.has(countKey(payment, entry, count)));
	if (counts.length !== 1 || counts[0] !== bits.length) return undefined;
	return bits.reduce((sum, bit) => sum + 2 ** bit, 0);
}

const entryNumbers = Array.from({ length: MAX_REFUND_ENTRIES }, (_, i) => i + 1);

async function entriesHeld(record: SentRecord, payment: string): Promise<number[]> {
	const held = await record.lookUp(entryNumbers.map((entry) => entryKey(payment, entry)));
	return entryNumbers.filter((entry) => held.has(entryKey(payment, entry)));
}

export async function refundsMadeOn(ctx: OperationContext, internalReference: unknown): Promise<RefundsMade> {
	const record = sentRecord(ctx);
	if (!record) return { unknown: NO_RECORD };
	const payment = paymentKey(ctx, internalReference);
	try {
		const entries = await entriesHeld(record, payment);
		if (!entries.length) return { count: 0, totalMinor: 0 };
		// Entries are numbered from 1 in order: a gap means n8n's record no longer holds the oldest.
		if (entries[entries.length - 1] !== entries.length) return { unknown: "n8n's record of this workflow no longer holds every refund made on it" };
		const held = await record.lookUp(entries.flatMap((entry) => amountProbe(payment, entry)));
		const amounts = entries.map((entry) => entryAmount(payment, entry, held));
		if (amounts.some((amount) => amount === undefined)) return { unknown: "n8n's record of this workflow holds a refund it cannot read back" };
		return { count: entries.length, totalMinor: (amounts as number[]).reduce((sum, amount) => sum + amount, 0) };
	} catch {
		return { unknown: "n8n's database could not be read" };
	}
}

/**
 * The keys of the next entry, written with the refund's record in one call (repeatGuard.ts) before it is sent and
 * taken back with it when nothing was made. Two runs of different refunds on one payment at the same moment may
 * take the same number: the entry then reads as unknown, never smaller.
 */
export function nextRefundKeys(ctx: OperationContext, internalReference: unknown, before: RefundsMade, minor: number): string[] {
	if ('unknown' in before || minor <= 0 || before.count >= MAX_REFUND_ENTRIES) return [];
	return entryKeys(paymentKey(ctx, internalReference), before.count + 1, minor);
}

/** With this one added. Pure. */
export const plusRefund = (before: RefundsMade, minor: number): RefundsMade => ('unknown' in before ? before : { count: before.count + 1, totalMinor: before.totalMinor + minor });

/**
 * Simplified payment record plus refund columns: the platform's `refunded`, or what n8n recorded of this workflow's
 * refunds on it.
 */
export async function withRefundColumns(ctx: OperationContext, record: IDataObject, known?: RefundsMade): Promise<IDataObject> {
	const approved = record.status === 'APPROVED' && record.internalReference !== null && record.internalReference !== undefined;
	const { total, currency } = amountOf({ total: record.amount, currency: record.currency });
	const needsRecord = approved && record.refunded !== true;
	const made: RefundsMade = needsRecord ? (known ?? (await refundsMadeOn(ctx, record.internalReference))) : { count: 0, totalMinor: 0 };
	const columns: RefundColumns = refundColumns({ total, currency, refunded: record.refunded, approved }, made);
	return { ...record, ...columns };
}
