import type { IDataObject } from 'n8n-workflow';

import { amountNumber, asObject, orNull } from '../shared/descriptions/simplify';
import { withSiteIso, type SiteClock } from '../shared/operation/siteClock';

/** Each also as ISO 8601 with the site's offset (`<key>Iso`). */
export const LINK_DATES = ['expirationDate', 'paymentDate'] as const;
/** Also in UTC (`expirationDateUtc`). */
export const LINK_UTC_DATES = ['expirationDate'] as const;

/**
 * Create's output (version 2): the platform answers only `status`, `id` and `url`, so reference, amount and expiry come from what was sent.
 */
export function createdLink(answer: IDataObject, sent: IDataObject, clock: SiteClock, simple: boolean): IDataObject {
	const expiry = withSiteIso({ expirationDate: sent.expirationDate ?? null }, LINK_DATES, clock.zone, LINK_UTC_DATES);
	const zone = { siteTimeZone: clock.zone, siteTimeZoneSource: clock.source };
	if (!simple) return { ...answer, ...expiry, ...zone };
	const amount = asObject(asObject(sent.payment).amount);
	return {
		id: answer.id ?? null,
		url: answer.url ?? null,
		reference: sent.reference ?? null,
		name: sent.name ?? null,
		amount: amountNumber(amount.total) ?? null,
		currency: amount.currency ?? null,
		...expiry,
		...zone,
	};
}

const paymentsOf = (answer: IDataObject): IDataObject[] => (Array.isArray(answer.payments) ? (answer.payments as IDataObject[]) : []);

export function linkPayments(answer: IDataObject): IDataObject[] {
	return paymentsOf(answer).map((payment) => ({ linkId: answer.id, linkReference: answer.reference, linkStatus: answer.status, ...payment }));
}

/** Amount as a number; missing values null. */
function simpleLinkPayment(payment: IDataObject): IDataObject {
	const amount = asObject(payment.amount);
	const payer = asObject(payment.payer);
	return {
		paymentId: payment.id ?? null,
		...orNull(payment, 'requestId', 'status', 'message', 'paymentDate'),
		amount: amountNumber(amount.total) ?? null,
		currency: amount.currency ?? null,
		...orNull(payment, 'internalReference', 'authorization', 'receipt', 'paymentMethod', 'franchise', 'issuerName', 'lastDigits'),
		...orNull(payment, 'installments'),
		payerName: [payer.name, payer.surname].filter((part) => typeof part === 'string' && part).join(' ') || null,
		payerEmail: payer.email ?? null,
	};
}

/**
 * The platform's `status` stays ACTIVE for a link that took its allowed payments (`availablePayments` 0, or one
 * approved payment when not generic): its page then says it is paid.
 */
function linkState(answer: IDataObject, approvedPayments: number): { state: string; acceptsPayments: boolean } {
	const status = answer.status;
	const total = typeof answer.totalPayments === 'number' ? answer.totalPayments : approvedPayments;
	const payments = `${total} payment${total === 1 ? '' : 's'}`;
	if (status === 'INACTIVE') return { state: 'Disabled: takes no more payments', acceptsPayments: false };
	if (status === 'EXPIRED') return { state: `Expired: takes no more payments (took ${payments})`, acceptsPayments: false };
	const usedUp = answer.availablePayments === 0 || (answer.isGeneric === false && approvedPayments > 0);
	if (usedUp) return { state: `Used up: took the ${payments} it allows; takes no more`, acceptsPayments: false };
	const left = typeof answer.availablePayments === 'number' ? ` (${answer.availablePayments} more allowed)` : '';
	return { state: `Open: takes payments${left}`, acceptsPayments: status === 'ACTIVE' };
}

const PAYMENT_KEYS = ['internalReference', 'authorization', 'receipt', 'paymentMethod', 'franchise', 'issuerName', 'lastDigits', 'paymentDate'] as const;

/** With the latest approved payment. */
export function simpleLink(answer: IDataObject): IDataObject {
	// The spec declares the amount an integer; the platform's sample gives an Amount {currency, total}.
	const amount = asObject(answer.amount);
	const approved = [...paymentsOf(answer)].reverse().find((payment) => payment.status === 'APPROVED');
	const paid = approved ? simpleLinkPayment(approved) : undefined;
	const latest: IDataObject = {};
	for (const key of PAYMENT_KEYS) latest[key] = paid?.[key] ?? null;
	const approvedCount = paymentsOf(answer).filter((payment) => payment.status === 'APPROVED').length;
	return {
		id: answer.id ?? null,
		status: answer.status ?? null,
		...linkState(answer, approvedCount),
		...orNull(answer, 'url', 'name', 'reference', 'description'),
		amount: amountNumber(Object.keys(amount).length ? amount.total : answer.amount) ?? null,
		currency: amount.currency ?? null,
		...orNull(answer, 'expirationDate', 'paymentExpiration', 'isGeneric', 'totalPayments', 'availablePayments'),
		paymentCount: paymentsOf(answer).length,
		...latest,
	};
}

export function simpleLinkPayments(answer: IDataObject): IDataObject[] {
	return paymentsOf(answer).map((payment) => ({
		linkId: answer.id ?? null,
		linkReference: answer.reference ?? null,
		linkStatus: answer.status ?? null,
		...simpleLinkPayment(payment),
	}));
}
