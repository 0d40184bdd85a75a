/**
 * A lost refund or reversal, settled by documented reads: a full one by the payment's `refunded`; a partial one by
 * the transaction search, which "finds transactions by reference and amount ... after a lost connection" (a refund
 * is a transaction with the payment's reference). "May have been made" only when no documented read can tell.
 */
import { sleep, type IDataObject } from 'n8n-workflow';

import { sendRequest } from '../../../shared/operation/send';
import type { OperationContext } from '../../../shared/operation/types';
import { asObject } from '../../../shared/descriptions/simplify';
import { amountOf } from '../../../shared/output/refunds';
import { internalReferenceProperty } from '../../descriptions/fields';
import { notFoundBy } from '../../../shared/operation/words';

export interface MoneyBackBody {
	internalReference: bigint | number | string;
	amount?: { currency: string; total: number };
}

/** As the gateway query answers it now. */
export async function readPayment(ctx: OperationContext, internalReference: MoneyBackBody['internalReference']): Promise<IDataObject> {
	const answer = await sendRequest<IDataObject>(ctx, {
		api: 'gateway',
		path: '/gateway/query',
		safety: 'read',
		body: { internalReference } as IDataObject,
		notFound: notFoundBy('Transaction', internalReferenceProperty)(ctx),
	});
	return answer.body;
}

/**
 * An HTTP answer (even 5xx) means the platform is done with the request, so one read tells; without one it may
 * still be making it, so the reads go on a little.
 */
const SETTLE_READS_MS = { answered: [0], unanswered: [0, 1_000, 3_000] };

/**
 * The signed `auth` refuses a seed more than 5 minutes off, so a transaction dated earlier than that is not this
 * one.
 */
const CLOCK_TOLERANCE_MS = 5 * 60_000;

type Verdict = { made: true; payment: IDataObject } | { made: false; payment: IDataObject } | { unknown: string };

const sameId = (a: unknown, b: unknown) => a !== undefined && a !== null && String(a) === String(b);

type Id = number | string | bigint;

/** At any depth, by its text: the search's answer fields are not documented. */
function internalReferencesIn(answer: unknown, found = new Map<string, Id>()): Map<string, Id> {
	if (Array.isArray(answer)) for (const entry of answer) internalReferencesIn(entry, found);
	else if (answer && typeof answer === 'object') {
		for (const [key, value] of Object.entries(answer as IDataObject)) {
			if (key === 'internalReference' && (typeof value === 'number' || typeof value === 'string' || typeof value === 'bigint')) found.set(String(value), value);
			else internalReferencesIn(value, found);
		}
	}
	return found;
}

async function search(ctx: OperationContext, reference: unknown, amount: { currency: string; total: number }): Promise<Map<string, Id>> {
	const answer = await sendRequest<IDataObject>(ctx, { api: 'gateway', path: '/gateway/search', safety: 'read', body: { reference, amount } as IDataObject });
	return internalReferencesIn(answer.body);
}

async function fullRefundVerdict(ctx: OperationContext, body: MoneyBackBody, answered: boolean): Promise<Verdict> {
	let payment: IDataObject | undefined;
	for (const waitMs of answered ? SETTLE_READS_MS.answered : SETTLE_READS_MS.unanswered) {
		if (waitMs) await sleep(waitMs);
		payment = await readPayment(ctx, body.internalReference).catch(() => payment);
		if (payment?.refunded === true) return { made: true, payment };
	}
	if (!payment) return { unknown: 'reading the payment again failed too' };
	return answered ? { made: false, payment } : { unknown: 'the payment does not read as refunded yet, but without an answer the platform may still be making it' };
}

/**
 * Made when the search by reference and refund amount finds another approved transaction dated from the send on.
 * "Not made" needs the search to be readable: the same search by the payment's amount must find the payment.
 */
async function partialRefundVerdict(ctx: OperationContext, body: MoneyBackBody, payment: IDataObject, sentAt: number, answered: boolean): Promise<Verdict> {
	const own = String(body.internalReference);
	const { total, currency } = amountOf(payment.amount);
	const reference = payment.reference;
	if (typeof reference !== 'string' || total === undefined || !body.amount) return { unknown: 'the payment read gave no reference and amount to search by' };
	let readable = false;
	try {
		readable = (await search(ctx, reference, { currency: currency ?? body.amount.currency, total })).has(own);
	} catch {
		return { unknown: 'searching the payment\'s transactions failed too' };
	}
	// Anything that could not be read or dated leaves the verdict open: "not made" must be sure.
	let open: string | undefined;
	for (const waitMs of answered ? SETTLE_READS_MS.answered : SETTLE_READS_MS.unanswered) {
		if (waitMs) await sleep(waitMs);
		const found = await search(ctx, reference, body.amount).catch(() => undefined);
		if (!found) {
			open = "searching the payment's transactions failed";
			continue;
		}
		for (const [candidate, id] of [...found].filter(([text]) => text !== own)) {
			const transaction = await readPayment(ctx, id).catch(() => undefined);
			if (!transaction) open = `transaction ${candidate}, which the search found, could not be read`;
			if (!transaction || asObject(transaction.status).status !== 'APPROVED' || !sameId(transaction.reference, reference)) continue;
			const at = Date.parse(String(transaction.date ?? transaction.transactionDate ?? ''));
			if (Number.isNaN(at)) open = `transaction ${candidate}, which the search found, gives no date`;
			else if (at >= sentAt - CLOCK_TOLERANCE_MS) return { made: true, payment };
		}
	}
	if (!readable) return { unknown: "the platform's transaction search did not find the payment itself, so its answer cannot tell" };
	if (open) return { unknown: open };
	return answered ? { made: false, payment } : { unknown: 'the search finds no such transaction yet, but without an answer the platform may still be making it' };
}

export function lostRefundVerdict(ctx: OperationContext, body: MoneyBackBody, payment: IDataObject, sentAt: number, answered: boolean): Promise<Verdict> {
	return body.amount ? partialRefundVerdict(ctx, body, payment, sentAt, answered) : fullRefundVerdict(ctx, body, answered);
}
