/**
 * Refund and Reverse give money back and the platform does not deduplicate them, so both run one flow: read the
 * payment and this workflow's refunds on it (refundsMade.ts); record it, with its amount, in n8n's record under the
 * node's lock, or be refused (repeatGuard.ts); send once; read the payment again; settle a lost answer with
 * documented reads (settleRefund.ts).
 */
import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import { ALLOW_REPEAT_HINT, wantsRepeat } from '../../../shared/descriptions/repeat';
import { asObject, wantsSimplified } from '../../../shared/descriptions/simplify';
import { compact } from '../../../shared/operation/compact';
import { CONFIRMED_KEY, settleLostAnswer } from '../../../shared/operation/lostAnswer';
import { NO_RECORD, nextRefundKeys, plusRefund, refundsMadeOn, withRefundColumns } from '../../../shared/operation/refundsMade';
import { earlierText, writeKey, type GuardedWrite, type Earlier } from '../../../shared/operation/repeatGuard';
import { sentEarlierInThisRun } from '../../../shared/operation/retryMemory';
import { sendRequest } from '../../../shared/operation/send';
import { labelsOf, type OperationContext, type OperationLabels, type PaySuiteOperation } from '../../../shared/operation/types';
import { formatAmount, notFoundBy } from '../../../shared/operation/words';
import { amountOf, fromMinorUnits, refundColumns, toMinorUnits, type RefundsMade } from '../../../shared/output/refunds';
import { simplePayment } from '../../../shared/output/session';
import type { LostAnswerError } from '../../../shared/transport/failures';
import type { PaySuiteRequest } from '../../../shared/transport/types';
import { internalReferenceProperty } from '../../descriptions/fields';
import { SESSION_DATES } from '../../output';
import { lostRefundVerdict, readPayment, type MoneyBackBody } from './settleRefund';

interface RefundFlowSpec<Body extends MoneyBackBody> extends OperationLabels {
	/** As the item's words say it. */
	noun: string;
	path: string;
	body: (ctx: OperationContext) => unknown;
	validate: (ctx: OperationContext, raw: unknown) => Body;
	/** When Simplify is off. */
	raw?: (answer: IDataObject) => IDataObject;
}

/** A refund and a reversal alike. */
const moneyBackKey = (ctx: OperationContext, body: MoneyBackBody): string =>
	writeKey(['money-back', ctx.node.credentials?.paySuiteApi?.id ?? '', String(body.internalReference), body.amount ? `${body.amount.total} ${body.amount.currency}` : 'full']);

const whatOf = (noun: string, body: MoneyBackBody, on = 'of') =>
	body.amount ? `A ${noun} of ${formatAmount(body.amount)} ${on} transaction ${body.internalReference}` : `A full ${noun} of transaction ${body.internalReference}`;

/** Only when n8n knows it. */
function soFarText(payment: IDataObject, before: RefundsMade): string {
	const { total, currency } = amountOf(payment.amount);
	const columns = refundColumns({ total, currency, refunded: payment.refunded, approved: true }, before);
	if (columns.refundedAmount === null || 'unknown' in before) return '';
	return `Given back so far by this workflow's refunds: ${columns.refundedAmount} ${currency ?? ''}; left: ${columns.refundableAmount} ${currency ?? ''}. `;
}

function refuseRepeat(ctx: OperationContext, noun: string, body: MoneyBackBody, earlier: Earlier | 'refundedInFull', soFar = ''): never {
	if (earlier === 'refundedInFull') {
		return ctx.fail(
			`Not sent: transaction ${body.internalReference} is already refunded in full`,
			`Nothing was sent. The platform says the payment was given back in full, so nothing is left for a ${noun}. To send it anyway, ${ALLOW_REPEAT_HINT}.`,
		);
	}
	return ctx.fail(
		`Not sent: ${whatOf(noun, body)} ${earlierText(earlier, 'made')}`,
		`Nothing was sent. ${soFar}The same ${noun} within 15 minutes is refused, as n8n's record of this workflow shows it, so that re-running a step or a workflow never gives money back twice. ` +
			`To send it again on purpose, ${ALLOW_REPEAT_HINT}.`,
	);
}

/** For a full refund, what is left as far as n8n knows (the payment, less this workflow's refunds). */
function givenBack(body: MoneyBackBody, payment: IDataObject, before: RefundsMade): number | undefined {
	if (body.amount) return body.amount.total;
	const { total, currency } = amountOf(payment.amount);
	if (total === undefined || 'unknown' in before) return undefined;
	return Math.max(0, fromMinorUnits(toMinorUnits(total, currency) - before.totalMinor, currency));
}

async function refundItem(ctx: OperationContext, payment: IDataObject, after: RefundsMade, given: number | undefined, answer: IDataObject | undefined): Promise<IDataObject> {
	const record = await withRefundColumns(ctx, simplePayment(payment), after);
	return {
		...record,
		paymentAmount: record.amount,
		amount: given ?? null,
		// The answer's transaction (a refund), else the answer's status.
		refundStatus: answer ? (asObject(asObject(answer.payment).status).status ?? asObject(answer.status).status ?? null) : null,
	};
}

/** In minor units, when known. */
function givenMinor(body: MoneyBackBody, payment: IDataObject, given: number | undefined): number | undefined {
	return given === undefined ? undefined : toMinorUnits(given, amountOf(payment.amount).currency ?? body.amount?.currency);
}

/** Then, simplified, the item (the payment read again). */
async function made(ctx: OperationContext, body: MoneyBackBody, payment: IDataObject, before: RefundsMade, given: number | undefined, answer?: IDataObject): Promise<IDataObject | undefined> {
	if (!wantsSimplified(ctx)) return undefined;
	const minor = givenMinor(body, payment, given);
	const after = await readPayment(ctx, body.internalReference).catch(() => payment);
	return refundItem(ctx, after, minor === undefined ? { unknown: 'the amount given back is not known' } : plusRefund(before, minor), given, answer);
}

/** Made, not made, or (when no documented read can tell) may have been made. */
async function settleLost(ctx: OperationContext, spec: { noun: string }, body: MoneyBackBody, payment: IDataObject, before: RefundsMade, guarded: GuardedWrite, error: LostAnswerError, sentAt: number): Promise<INodeExecutionData[]> {
	const what = whatOf(spec.noun, body, 'on').replace(/^A /, 'The ');
	const verdict = await lostRefundVerdict(ctx, body, payment, sentAt, error.lostAnswer.httpCode !== undefined);
	if ('made' in verdict && verdict.made) {
		const item = (await made(ctx, body, verdict.payment, before, givenBack(body, payment, before))) ?? simplePayment(verdict.payment);
		return ctx.fn.helpers.returnJsonArray({ ...item, [CONFIRMED_KEY]: `${what} was made: the platform's answer was lost (${error.lostAnswer.cause}), and the platform, read again, shows it.` });
	}
	if ('made' in verdict) {
		await guarded.notMade();
		return ctx.fail(
			`${what} was not made: the platform's answer was lost (${error.lostAnswer.cause}), and the platform, read again, shows no such ${spec.noun}`,
			'Nothing was given back. It is safe to run this step again.',
		);
	}
	return settleLostAnswer(ctx, error, {
		maybe: `${what} may have been made`,
		check: `Check transaction ${body.internalReference} before trying again (${verdict.unknown}): PaySuite Gateway > Transaction > Get says whether it is refunded in full, and the platform's panel lists its refunds.`,
	});
}

/** Refund, or the Reverse transaction action. */
export function refundOperation<Body extends MoneyBackBody>(spec: RefundFlowSpec<Body>): PaySuiteOperation {
	return {
		...labelsOf(spec),
		siteClock: { dates: SESSION_DATES },
		properties: spec.properties,
		async execute(ctx) {
			const body = spec.validate(ctx, compact(spec.body(ctx)));
			const payment = await readPayment(ctx, body.internalReference);
			const request: PaySuiteRequest = {
				api: 'checkout',
				path: spec.path,
				safety: 'write',
				body: body as unknown as IDataObject,
				notFound: notFoundBy('Transaction', internalReferenceProperty)(ctx),
			};
			const guarded = !wantsRepeat(ctx) && !sentEarlierInThisRun(ctx, request);
			if (guarded && !body.amount && payment.refunded === true) refuseRepeat(ctx, spec.noun, body, 'refundedInFull');
			// Read under the node's lock with the record's look, so that copies of this node read one after the other.
			let before: RefundsMade = { unknown: NO_RECORD };
			return sendRequest<IDataObject>(ctx, request, {
				repeat: {
					key: moneyBackKey(ctx, body),
					refuse: (earlier) => refuseRepeat(ctx, spec.noun, body, earlier, soFarText(payment, before)),
					alsoRecord: async () => {
						before = await refundsMadeOn(ctx, body.internalReference);
						const minor = givenMinor(body, payment, givenBack(body, payment, before));
						return minor === undefined ? [] : nextRefundKeys(ctx, body.internalReference, before, minor);
					},
				},
				settleLost: (error, guarded, sentAt) => settleLost(ctx, spec, body, payment, before, guarded, error, sentAt),
				output: async (answer) => {
					const item = await made(ctx, body, payment, before, givenBack(body, payment, before), answer);
					return ctx.fn.helpers.returnJsonArray(item ?? (spec.raw ? spec.raw(answer) : answer));
				},
			});
		},
	};
}
