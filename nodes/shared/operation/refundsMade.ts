/**
 * Refunds and reversals made, per payment, in n8n's record (repeatGuard.ts): the platform only says `refunded`. An
 * amount is one string per 1-digit (binary) and their count: partly lost, it reads as unknown, never as smaller.
 */
import type { IDataObject } from 'n8n-workflow';

import { amountOf, refundColumns, type RefundsMade } from '../output/refunds';
import { sentRecord, writeKey } from '../transport/repeatGuard';
import type { OperationContext } from './types';

export const NO_RECORD = 'n8n keeps no record for this run (an AI tool, or a workflow not saved yet)';
/** A payment is rarely refunded more often through n8n. */
const MAX_REFUND_ENTRIES = 32;
/** 2^50 minor units hold the nodes' limit (10^12) in a currency of 3 decimals. */
const AMOUNT_BITS = 50;
const BITS = Array.from({ length: AMOUNT_BITS }, (_, bit) => bit);
const COUNTS = [...BITS, AMOUNT_BITS];
const ENTRIES = Array.from({ length: MAX_REFUND_ENTRIES }, (_, i) => i + 1);

/** `p#1`, and its amount's 1-digits `p#1b3` and their count `p#1c8`. */
const entryKey = (payment: string, entry: number, part = '') => `${payment}#${entry}${part}`;

export function entryKeys(payment: string, entry: number, minor: number): string[] {
	const bits = BITS.filter((bit) => Math.floor(minor / 2 ** bit) % 2 === 1);
	return [entryKey(payment, entry), ...bits.map((bit) => entryKey(payment, entry, `b${bit}`)), entryKey(payment, entry, `c${bits.length}`)];
}

export function amountProbe(payment: string, entry: number): string[] {
	return [...BITS.map((bit) => entryKey(payment, entry, `b${bit}`)), ...COUNTS.map((count) => entryKey(payment, entry, `c${count}`))];
}

export function entryAmount(payment: string, entry: number, held: Set<string>): number | undefined {
	const bits = BITS.filter((bit) => held.has(entryKey(payment, entry, `b${bit}`)));
	const counts = COUNTS.filter((count) => held.has(entryKey(payment, entry, `c${count}`)));
	if (counts.length !== 1 || counts[0] !== bits.length) return undefined;
	return bits.reduce((sum, bit) => sum + 2 ** bit, 0);
}

/** By the credential (which platform and site) and the internal reference. */
const paymentKey = (ctx: OperationContext, internalReference: unknown): string =>
	writeKey(['refunds', ctx.node.credentials?.paySuiteApi?.id ?? '', String(internalReference)]);

export async function refundsMadeOn(ctx: OperationContext, internalReference: unknown): Promise<RefundsMade> {
	const record = sentRecord(ctx.fn);
	if (!record) return { unknown: NO_RECORD };
	const payment = paymentKey(ctx, internalReference);
	try {
		const found = await record.lookByAdding(ENTRIES.map((entry) => entryKey(payment, entry)));
		const entries = ENTRIES.filter((entry) => found.has(entryKey(payment, entry)));
		if (!entries.length) return { count: 0, totalMinor: 0 };
		// Entries are numbered from 1 in order: a gap means n8n's record no longer holds the oldest.
		if (entries[entries.length - 1] !== entries.length) return { unknown: "n8n's record of this workflow no longer holds every refund made on it" };
		const held = await record.lookByAdding(entries.flatMap((entry) => amountProbe(payment, entry)));
		const amounts = entries.map((entry) => entryAmount(payment, entry, held));
		if (amounts.some((amount) => amount === undefined)) return { unknown: "n8n's record of this workflow holds a refund it cannot read back" };
		return { count: entries.length, totalMinor: (amounts as number[]).reduce((sum, amount) => sum + amount, 0) };
	} catch {
		return { unknown: "n8n's database could not be read" };
	}
}

/** Kept with the refund's record (repeatGuard.ts). Two refunds at once may take one number, then read as unknown. */
export function nextRefundKeys(ctx: OperationContext, internalReference: unknown, before: RefundsMade, minor: number | undefined): string[] {
	if ('unknown' in before || minor === undefined || minor <= 0 || before.count >= MAX_REFUND_ENTRIES) return [];
	return entryKeys(paymentKey(ctx, internalReference), before.count + 1, minor);
}

/** The platform's `refunded`, or what n8n recorded of this workflow's refunds on the payment. */
export async function withRefundColumns(ctx: OperationContext, record: IDataObject, known?: RefundsMade): Promise<IDataObject> {
	const approved = record.status === 'APPROVED' && record.internalReference !== null && record.internalReference !== undefined;
	const { total, currency } = amountOf({ total: record.amount, currency: record.currency });
	const made = approved && record.refunded !== true ? (known ?? (await refundsMadeOn(ctx, record.internalReference))) : { count: 0, totalMinor: 0 };
	return { ...record, ...refundColumns({ total, currency, refunded: record.refunded, approved }, made) };
}
