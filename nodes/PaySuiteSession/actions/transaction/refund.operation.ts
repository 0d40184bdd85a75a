/**
 * Refund and Reverse, one flow: guarded (repeatGuard.ts), amounts kept (refundsMade.ts). A lost answer is settled by
 * documented reads: a full one by `refunded`, a partial one by the search, which "finds transactions by reference and
 * amount ... after a lost connection" (a refund is a transaction with the payment's reference).
 */
import { sleep, type IDataObject } from 'n8n-workflow';

import { amountFromParameters } from '../../../shared/descriptions/amount';
import { ALLOW_REPEAT_HINT, repeatOptionsProperty } from '../../../shared/descriptions/repeat';
import { asObject, simplifyOn, simplifyProperty } from '../../../shared/descriptions/simplify';
import { compact } from '../../../shared/operation/compact';
import { NO_RECORD, nextRefundKeys, refundsMadeOn, withRefundColumns } from '../../../shared/operation/refundsMade';
import { labelsOf, type OperationContext, type OperationLabels, type PaySuiteOperation } from '../../../shared/operation/types';
import { formatAmount, notFoundBy } from '../../../shared/operation/words';
import { amountOf, fromMinorUnits, refundColumns, toMinorUnits, type RefundsMade } from '../../../shared/output/refunds';
import { simplePayment } from '../../../shared/output/session';
import { CONFIRMED_KEY, settleLostAnswer } from '../../../shared/transport/lostAnswer';
import { earlierText, wantsRepeat, writeKey } from '../../../shared/transport/repeatGuard';
import { paySuiteRequest } from '../../../shared/transport/request';
import { sentEarlierInThisRun } from '../../../shared/transport/retryMemory';
import type { PaySuiteRequest } from '../../../shared/transport/types';
import { internalReferenceProperty, partialAmountProperties } from '../../descriptions/fields';
import { refundSchema } from '../../schemas';
import { SESSION_DATES } from '../../output';

export const refund = refundOperation({
	value: 'refund',
	name: 'Refund',
	action: 'Refund a payment',
	description:
		'Refund an approved payment, in full or in part. Outputs what was given back, the total refunded and what is left. The same refund within 15 minutes is refused.',
	noun: 'refund',
	path: '/api/reverse',
	properties: [
		internalReferenceProperty,
		{
			displayName: 'Refund',
			name: 'refundType',
			type: 'options',
			options: [
				{ name: 'Full Amount', value: 'full', description: 'Refund what is left of the payment' },
				{ name: 'Partial Amount', value: 'partial', description: 'Refund part of the payment' },
			],
			default: 'full',
			description: 'How much of the payment to give back',
		},
		...partialAmountProperties({ show: { refundType: ['partial'] } }, 'Amount to refund, at most what is left of the payment'),
		simplifyProperty,
		repeatOptionsProperty('refund'),
	],
	body: (ctx) => ({
		internalReference: ctx.param('internalReference'),
		amount: ctx.param<string>('refundType', 'full') === 'partial' ? amountFromParameters(ctx) : undefined,
	}),
	validate: (ctx, raw) => ctx.validate(refundSchema, raw),
});

type MoneyBackBody = { internalReference: bigint | number | string; amount?: { currency: string; total: number } };
type Verdict = { made: boolean; payment: IDataObject } | { unknown: string };
/** An HTTP answer (even 5xx) means the platform is done with the request; without one it may still be making it. */
const readsMs = (answered: boolean) => (answered ? [0] : [0, 1_000, 3_000]);
/** The signed `auth` refuses a seed more than 5 minutes off: a transaction dated earlier than that is not this one. */
const CLOCK_TOLERANCE_MS = 5 * 60_000;
const notFound = notFoundBy('Transaction', internalReferenceProperty);

async function readPayment(ctx: OperationContext, internalReference: unknown): Promise<IDataObject> {
	const body = { internalReference } as IDataObject;
	return (await paySuiteRequest<IDataObject>(ctx, { api: 'gateway', path: '/gateway/query', safety: 'read', body, notFound: notFound(ctx) })).body;
}

/** At any depth, arrays included, by its text: the search's answer fields are not documented. */
function internalReferencesIn(answer: unknown, found = new Map<string, unknown>()): Map<string, unknown> {
	for (const [key, value] of answer && typeof answer === 'object' ? Object.entries(answer) : []) {
		if (key === 'internalReference' && ['number', 'string', 'bigint'].includes(typeof value)) found.set(String(value), value);
		else internalReferencesIn(value, found);
	}
	return found;
}

async function search(ctx: OperationContext, reference: string, amount: { currency: string; total: number }): Promise<Map<string, unknown>> {
	const answer = await paySuiteRequest<IDataObject>(ctx, { api: 'gateway', path: '/gateway/search', safety: 'read', body: { reference, amount } as IDataObject });
	return internalReferencesIn(answer.body);
}

async function fullRefundVerdict(ctx: OperationContext, body: MoneyBackBody, answered: boolean): Promise<Verdict> {
	let payment: IDataObject | undefined;
	for (const waitMs of readsMs(answered)) {
		if (waitMs) await sleep(waitMs);
		payment = await readPayment(ctx, body.internalReference).catch(() => payment);
		if (payment?.refunded === true) return { made: true, payment };
	}
	if (!payment) return { unknown: 'reading the payment again failed too' };
	if (answered) return { made: false, payment };
	return { unknown: 'the payment does not read as refunded yet, but without an answer the platform may still be making it' };
}

/** A partial one: "not made" needs a readable search, so the same search by the payment's amount must find it. */
async function lostRefundVerdict(ctx: OperationContext, body: MoneyBackBody, payment: IDataObject, sentAt: number, answered: boolean): Promise<Verdict> {
	if (!body.amount) return fullRefundVerdict(ctx, body, answered);
	const own = String(body.internalReference);
	const { total, currency } = amountOf(payment.amount);
	const reference = payment.reference;
	if (typeof reference !== 'string' || total === undefined) return { unknown: 'the payment read gave no reference and amount to search by' };
	const byPayment = await search(ctx, reference, { currency: currency ?? body.amount.currency, total }).catch(() => undefined);
	if (!byPayment) return { unknown: "searching the payment's transactions failed too" };
	// Anything that could not be read or dated leaves the verdict open: "not made" must be sure.
	let open: string | undefined;
	for (const waitMs of readsMs(answered)) {
		if (waitMs) await sleep(waitMs);
		const found: Map<string, unknown> | undefined = await search(ctx, reference, body.amount).catch(() => undefined);
		if (!found) open = "searching the payment's transactions failed";
		for (const [candidate, id] of [...(found ?? [])].filter(([text]) => text !== own)) {
			const transaction = await readPayment(ctx, id).catch(() => undefined);
			if (!transaction) open = `transaction ${candidate}, which the search found, could not be read`;
			const sameReference = transaction?.reference !== undefined && transaction.reference !== null && String(transaction.reference) === reference;
			if (!transaction || asObject(transaction.status).status !== 'APPROVED' || !sameReference) continue;
			const at = Date.parse(String(transaction.date ?? transaction.transactionDate ?? ''));
			if (Number.isNaN(at)) open = `transaction ${candidate}, which the search found, gives no date`;
			else if (at >= sentAt - CLOCK_TOLERANCE_MS) return { made: true, payment };
		}
	}
	if (!byPayment.has(own)) return { unknown: "the platform's transaction search did not find the payment itself, so its answer cannot tell" };
	if (open) return { unknown: open };
	if (answered) return { made: false, payment };
	return { unknown: 'the search finds no such transaction yet, but without an answer the platform may still be making it' };
}

const whatOf = (noun: string, body: MoneyBackBody, on = 'of') =>
	`A ${body.amount ? `${noun} of ${formatAmount(body.amount)} ${on}` : `full ${noun} of`} transaction ${body.internalReference}`;

export function refundOperation(
	spec: OperationLabels & { noun: string; path: string; body(ctx: OperationContext): unknown; validate(ctx: OperationContext, raw: unknown): MoneyBackBody },
): PaySuiteOperation {
	return {
		...labelsOf(spec),
		siteClock: { dates: [...SESSION_DATES, 'refundDate'] },
		properties: spec.properties,
		async execute(ctx) {
			const body = spec.validate(ctx, compact(spec.body(ctx)));
			const payment = await readPayment(ctx, body.internalReference);
			const request: PaySuiteRequest = { api: 'checkout', path: spec.path, safety: 'write', body: body as unknown as IDataObject, notFound: notFound(ctx) };
			if (!wantsRepeat(ctx) && !sentEarlierInThisRun(ctx, request) && !body.amount && payment.refunded === true) {
				ctx.fail(
					`Not sent: transaction ${body.internalReference} is already refunded in full`,
					`Nothing was sent. The platform says the payment was given back in full, so nothing is left for a ${spec.noun}. To send it anyway, ${ALLOW_REPEAT_HINT}.`,
				);
			}
			// Read under the node's lock with the record's look, so that copies of this node read one after the other.
			let before: RefundsMade = { unknown: NO_RECORD };
			const { total, currency } = amountOf(payment.amount);
			// A full refund gives back what is left as far as n8n knows: the payment, less this workflow's refunds.
			const given = (): number | undefined => {
				if (body.amount) return body.amount.total;
				if (total === undefined || 'unknown' in before) return undefined;
				return Math.max(0, fromMinorUnits(toMinorUnits(total, currency) - before.totalMinor, currency));
			};
			const givenMinor = (of: IDataObject, amount = given()) =>
				amount === undefined ? undefined : toMinorUnits(amount, amountOf(of.amount).currency ?? body.amount?.currency);
			const made = async (of: IDataObject, answer?: IDataObject): Promise<IDataObject | undefined> => {
				if (!simplifyOn(ctx)) return undefined;
				const minor = givenMinor(of);
				const after = await readPayment(ctx, body.internalReference).catch(() => of);
				let counted: RefundsMade = { unknown: 'the amount given back is not known' };
				if (minor !== undefined) counted = 'unknown' in before ? before : { count: before.count + 1, totalMinor: before.totalMinor + minor };
				const record = await withRefundColumns(ctx, simplePayment(after), counted);
				// The answer's transaction (a refund), else the answer's status; its date is when the platform answered.
				const refundStatus = answer ? (asObject(asObject(answer.payment).status).status ?? asObject(answer.status).status ?? null) : null;
				const refundDate = answer ? (asObject(answer.status).date ?? null) : null;
				return { ...record, paymentAmount: record.amount, amount: given() ?? null, refundStatus, refundDate };
			};
			const amount = body.amount ? `${body.amount.total} ${body.amount.currency}` : 'full';
			return paySuiteRequest<IDataObject>(ctx, request, {
				repeat: {
					key: writeKey(['money-back', ctx.node.credentials?.paySuiteApi?.id ?? '', String(body.internalReference), amount]),
					refuse: (earlier) => {
						const { refundedAmount, refundableAmount } = refundColumns({ total, currency, refunded: payment.refunded, approved: true }, before);
						const soFar = `Given back so far by this workflow's refunds: ${refundedAmount} ${currency ?? ''}; left: ${refundableAmount} ${currency ?? ''}. `;
						return ctx.fail(
							`Not sent: ${whatOf(spec.noun, body)} ${earlierText(earlier, 'made')}`,
							`Nothing was sent. ${refundedAmount === null || 'unknown' in before ? '' : soFar}The same ${spec.noun} within 15 minutes is refused, ` +
								`as n8n's record of this workflow shows it, so that re-running a step or a workflow never gives money back twice. To send it again on purpose, ${ALLOW_REPEAT_HINT}.`,
						);
					},
					alsoRecord: async () => {
						before = await refundsMadeOn(ctx, body.internalReference);
						return nextRefundKeys(ctx, body.internalReference, before, givenMinor(payment));
					},
				},
				settleLost: async (error, guarded, sentAt) => {
					const what = whatOf(spec.noun, body, 'on').replace(/^A /, 'The ');
					const verdict = await lostRefundVerdict(ctx, body, payment, sentAt, error.lostAnswer.httpCode !== undefined);
					const lost = `the platform's answer was lost (${error.lostAnswer.cause}), and the platform, read again, shows`;
					if ('unknown' in verdict) {
						return settleLostAnswer(ctx, error, {
							maybe: `${what} may have been made`,
							check: `Check transaction ${body.internalReference} before trying again (${verdict.unknown}): PaySuite Gateway > Transaction > Get says whether it is refunded in full, and the platform's panel lists its refunds.`,
						});
					}
					if (verdict.made) {
						const item = (await made(verdict.payment)) ?? simplePayment(verdict.payment);
						return ctx.fn.helpers.returnJsonArray({ ...item, [CONFIRMED_KEY]: `${what} was made: ${lost} it.` });
					}
					await guarded.notMade();
					return ctx.fail(`${what} was not made: ${lost} no such ${spec.noun}`, 'Nothing was given back. It is safe to run this step again.');
				},
				output: async (answer) => ctx.fn.helpers.returnJsonArray((await made(payment, answer)) ?? answer),
			});
		},
	};
}
