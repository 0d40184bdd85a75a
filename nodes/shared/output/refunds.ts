/**
 * A payment's refund columns as numbers a sheet can add up, with what they are based on: the platform tells refunds only through `refunded`
 * (true once in full); what these nodes gave back n8n remembers (operation/refundsMade.ts). Pure.
 */
import type { IDataObject } from 'n8n-workflow';

import { minorUnitsOf } from '../schemas/currencies';

/** Or why n8n cannot tell. */
export type RefundsMade = { count: number; totalMinor: number } | { unknown: string };

export interface RefundColumns extends IDataObject {
	/** As far as `refundedAmountBasis` says. */
	refundedAmount: number | null;
	/** As far as `refundedAmountBasis` says. */
	refundableAmount: number | null;
	refundedAmountBasis: string;
}

export const REFUND_BASIS = {
	refundedInFull: 'The platform says the payment is refunded in full.',
	byThisWorkflow:
		"Refunds and reversals made by this workflow's PaySuite nodes, as n8n recorded them. Refunds made elsewhere (another workflow, the platform's panel) are not included: the platform only says whether a payment is refunded in full.",
	notApproved: 'Not an approved payment: there is nothing to refund.',
	unknown: (why: string) => `Not known: ${why}. The platform only says whether a payment is refunded in full.`,
} as const;

const asObject = (value: unknown): IDataObject => (value && typeof value === 'object' && !Array.isArray(value) ? (value as IDataObject) : {});

const numberOf = (value: unknown): number | undefined => {
	const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
	return typeof number === 'number' && Number.isFinite(number) ? number : undefined;
};

/** 2 when unknown. */
const minorDigits = (currency: string | null | undefined): number => minorUnitsOf(currency ?? '') ?? 2;

/** So 120.5 - 20 is 100.5, never 100.49999. */
export function roundAmount(value: number, currency?: string | null): number {
	const factor = 10 ** minorDigits(currency);
	return Math.round(value * factor) / factor;
}

/** What n8n's record keeps. */
export const toMinorUnits = (value: number, currency: string | null | undefined): number => Math.round(value * 10 ** minorDigits(currency));

export const fromMinorUnits = (minor: number, currency: string | null | undefined): number => roundAmount(minor / 10 ** minorDigits(currency), currency);

/** {currency, total}, or an AmountConversion's `from`. */
export function amountOf(value: unknown): { total?: number; currency?: string } {
	const amount = asObject(value);
	const inner = amount.from ? asObject(amount.from) : amount;
	return { total: numberOf(inner.total), currency: typeof inner.currency === 'string' ? inner.currency : undefined };
}

/** All of it when the platform says `refunded`, else what these nodes gave back as n8n recorded it. */
export function refundColumns(payment: { total?: number; currency?: string | null; refunded?: unknown; approved: boolean }, made: RefundsMade): RefundColumns {
	if (!payment.approved) return { refundedAmount: null, refundableAmount: null, refundedAmountBasis: REFUND_BASIS.notApproved };
	if (payment.refunded === true && payment.total !== undefined) {
		return { refundedAmount: payment.total, refundableAmount: 0, refundedAmountBasis: REFUND_BASIS.refundedInFull };
	}
	if ('unknown' in made) return { refundedAmount: null, refundableAmount: null, refundedAmountBasis: REFUND_BASIS.unknown(made.unknown) };
	const refundedAmount = fromMinorUnits(made.totalMinor, payment.currency);
	return {
		refundedAmount,
		refundableAmount: payment.total === undefined ? null : Math.max(0, roundAmount(payment.total - refundedAmount, payment.currency)),
		refundedAmountBasis: REFUND_BASIS.byThisWorkflow,
	};
}
