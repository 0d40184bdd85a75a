/**
 * A payment's refunds as people read them: what was given back, in total and by each refund, and what can still
 * be refunded. The platform lists a payment's refunds on its transaction (`refunds`: internalReference, amount,
 * date, status of each; see docs/sandbox/checkout.md, "Refunds") and sets `refunded` once nothing is left.
 * Pure.
 */
import type { IDataObject } from 'n8n-workflow';

import { minorUnitsOf } from '../schemas/currencies';

/** One refund of a payment, flat. */
export interface RefundRecord extends IDataObject {
	internalReference: string | number | null;
	amount: number;
	currency: string | null;
	date: string | null;
	status: string | null;
}

/** The refund columns every payment record gets (numbers, so a sheet or a CRM can add them up). */
export interface RefundSummary extends IDataObject {
	/** Given back so far by every refund of the payment; null when the platform did not say. */
	refundedAmount: number | null;
	/** What can still be refunded; null when the platform did not say. */
	refundableAmount: number | null;
	/** True once nothing is left to refund. */
	fullyRefunded: boolean | null;
	refunds: RefundRecord[];
}

const asObject = (value: unknown): IDataObject => (value && typeof value === 'object' && !Array.isArray(value) ? (value as IDataObject) : {});

const numberOf = (value: unknown): number | undefined => {
	const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
	return typeof number === 'number' && Number.isFinite(number) ? number : undefined;
};

/** Rounds to the currency's minor unit (2 decimals when unknown), so 120.5 - 20 is 100.5, never 100.49999. */
export function roundAmount(value: number, currency?: string | null): number {
	const factor = 10 ** (minorUnitsOf(currency ?? '') ?? 2);
	return Math.round(value * factor) / factor;
}

/** An amount in any of the platform's shapes ({currency, total}, or an AmountConversion's `from`). */
function amountOf(value: unknown): { total?: number; currency?: string } {
	const amount = asObject(value);
	const inner = amount.from ? asObject(amount.from) : amount;
	return { total: numberOf(inner.total), currency: typeof inner.currency === 'string' ? inner.currency : undefined };
}

/** The refunds a transaction lists, oldest first. */
export function refundsOf(transaction: IDataObject): RefundRecord[] {
	const listed = Array.isArray(transaction.refunds) ? (transaction.refunds as unknown[]) : [];
	return listed.map((entry) => {
		const refund = asObject(entry);
		const amount = amountOf(refund.amount);
		const status = asObject(refund.status);
		return {
			internalReference: (refund.internalReference as string | number | undefined) ?? null,
			amount: amount.total ?? 0,
			currency: amount.currency ?? null,
			date: (refund.date as string | undefined) ?? (status.date as string | undefined) ?? null,
			status: (status.status as string | undefined) ?? (typeof refund.status === 'string' ? refund.status : null),
		};
	});
}

/**
 * The refund columns of a payment: from its `refunds` when the platform lists them; otherwise only what
 * `refunded` says (all of it, or unknown).
 */
export function refundSummary(transaction: IDataObject, paymentTotal?: number, currency?: string | null): RefundSummary {
	const refunds = refundsOf(transaction);
	const refundedFlag = typeof transaction.refunded === 'boolean' ? transaction.refunded : undefined;
	if (!Array.isArray(transaction.refunds)) {
		if (refundedFlag === true && paymentTotal !== undefined) {
			return { refundedAmount: paymentTotal, refundableAmount: 0, fullyRefunded: true, refunds };
		}
		return { refundedAmount: null, refundableAmount: null, fullyRefunded: refundedFlag ?? null, refunds };
	}
	const approved = refunds.filter((refund) => refund.status === null || refund.status === 'APPROVED');
	const refundedAmount = roundAmount(
		approved.reduce((sum, refund) => sum + refund.amount, 0),
		currency,
	);
	const refundableAmount = paymentTotal === undefined ? null : Math.max(0, roundAmount(paymentTotal - refundedAmount, currency));
	return {
		refundedAmount,
		refundableAmount,
		fullyRefunded: refundedFlag ?? (refundableAmount === null ? null : refundableAmount === 0),
		refunds,
	};
}

/**
 * The refund columns of a payment as the platform gives it (a session's Transaction or a gateway transaction),
 * its own amount (or an AmountConversion's `from`) taken as the payment total.
 */
export function refundColumns(payment: IDataObject): RefundSummary {
	const amount = amountOf(payment.amount);
	return refundSummary(payment, amount.total, amount.currency);
}
