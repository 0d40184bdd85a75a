/**
 * Refund and Reverse give money back, and the platform does not deduplicate them, so both run one flow:
 * 1. read the payment (gateway query): its refunds so far, as every n8n process sees them;
 * 2. refuse a repeat of a refund made within 15 minutes (a re-run step or workflow), unless Allow Repeat is on;
 * 3. send once (sendRequest keeps n8n's Retry On Fail from sending it again);
 * 4. read the payment again and say what this call gave back, what was refunded in all and what is left;
 * 5. when the answer was lost, that second read says whether the refund was made, or that nothing was refunded.
 */
import { sleep, type IDataObject, type INodeExecutionData } from 'n8n-workflow';

import { ALLOW_REPEAT_HINT, wantsRepeat } from '../../../shared/descriptions/repeat';
import { wantsSimplified } from '../../../shared/descriptions/simplify';
import { compact } from '../../../shared/operation/compact';
import { toItems } from '../../../shared/operation/items';
import { CONFIRMED_KEY, settleLostAnswer } from '../../../shared/operation/lostAnswer';
import { agoText, rememberSent, repeatedRefund, sentNow, sentRecently } from '../../../shared/operation/repeatGuard';
import { sendRequest, sentEarlierInThisRun } from '../../../shared/operation/send';
import { wasGivenAgain } from '../../../shared/operation/retryMemory';
import { labelsOf, type OperationContext, type OperationLabels, type PaySuiteOperation } from '../../../shared/operation/types';
import { formatAmount, notFoundBy } from '../../../shared/operation/words';
import { refundColumns, type RefundRecord } from '../../../shared/output/refunds';
import { LostAnswerError } from '../../../shared/transport/failures';
import { asNodeError } from '../../../shared/transport/nodeErrors';
import type { PaySuiteRequest } from '../../../shared/transport/types';
import { onSiteClock } from '../../../shared/operation/siteClock';
import { internalReferenceProperty } from '../../descriptions/fields';
import { simplePayment } from '../../../shared/output/session';
import { SESSION_DATES } from '../../output';

interface MoneyBackBody {
	internalReference: bigint | number | string;
	amount?: { currency: string; total: number };
}

interface RefundFlowSpec<Body extends MoneyBackBody> extends OperationLabels {
	/** "refund" or "reversal", as the item's words say it. */
	noun: string;
	path: string;
	body: (ctx: OperationContext) => unknown;
	validate: (ctx: OperationContext, raw: unknown) => Body;
	/** The platform answer when Simplify is off. */
	raw?: (answer: IDataObject) => IDataObject;
}

/** The payment as the platform holds it now (gateway query): amount, status and refunds. */
async function readPayment(ctx: OperationContext, internalReference: MoneyBackBody['internalReference']): Promise<IDataObject> {
	const answer = await sendRequest<IDataObject>(ctx, {
		api: 'gateway',
		path: '/gateway/query',
		safety: 'read',
		body: { internalReference } as IDataObject,
		notFound: notFoundBy('Transaction', internalReferenceProperty)(ctx),
	});
	return answer.body;
}

/** What this process remembers of a refund, to name the execution that made it. */
const memoryKey = (ctx: OperationContext, noun: string, body: MoneyBackBody): string =>
	[ctx.node.credentials?.paySuiteApi?.id ?? '', noun, String(body.internalReference), body.amount ? `${body.amount.total} ${body.amount.currency}` : 'full'].join('|');

/** Refuses, naming when and by what the same refund was made, and how to send it again on purpose. */
function refuseRepeat(ctx: OperationContext, noun: string, body: MoneyBackBody, payment: IDataObject, earlier: RefundRecord): never {
	const columns = refundColumns(payment);
	const at = earlier.date ? Date.parse(earlier.date) : Date.now();
	const here = sentRecently(memoryKey(ctx, noun, body));
	const by = here?.executionId ? `, by execution ${here.executionId}${here.workflowId ? ` of workflow ${here.workflowId}` : ''}` : '';
	const what = body.amount ? `A ${noun} of ${formatAmount(body.amount)}` : `A full ${noun}`;
	const currency = earlier.currency ?? body.amount?.currency ?? '';
	return ctx.fail(
		`Not sent: ${what} of transaction ${body.internalReference} was already made ${agoText(at)} (${earlier.date ?? 'time not given'}, refund ${earlier.internalReference}${by})`,
		`Nothing was sent. Refunded so far: ${columns.refundedAmount ?? '?'} ${currency}; still refundable: ${columns.refundableAmount ?? '?'} ${currency}. ` +
			`The same ${noun} within 15 minutes is refused, so that re-running a step or a workflow never gives money back twice. ` +
			`To send it again on purpose, ${ALLOW_REPEAT_HINT}.`,
	);
}

/** The refunds of `after` that `before` did not have. */
const newRefunds = (before: IDataObject, after: IDataObject): RefundRecord[] => {
	const known = new Set(refundColumns(before).refunds.map((refund) => String(refund.internalReference)));
	return refundColumns(after).refunds.filter((refund) => !known.has(String(refund.internalReference)));
};

/** The item: this call's refund, and the payment's refund columns after it. */
function refundItem(payment: IDataObject, given: RefundRecord | undefined, asked: number | undefined): IDataObject {
	const columns = refundColumns(payment);
	const record = simplePayment(payment);
	const currency = (record.currency as string | null) ?? given?.currency ?? null;
	return {
		...record,
		paymentAmount: record.amount,
		amount: given?.amount ?? asked ?? null,
		currency,
		refundInternalReference: given?.internalReference ?? null,
		...columns,
	};
}

/**
 * When a lost answer's refund shows: an HTTP answer (even a 5xx or 429) means the platform is done with the
 * request, so one read tells. Without one (a timeout, a connection lost) the request may still be running
 * there: the payment is read again a little later before anything is concluded.
 */
export const SETTLE_READS_MS = { answered: [0], unanswered: [0, 1_000, 3_000] };

/** The refund of `after` that this call made, if it shows. */
function madeRefund(body: MoneyBackBody, before: IDataObject, after: IDataObject, givenAgain: boolean): RefundRecord | undefined {
	const columns = refundColumns(after);
	// Given again by a later try of Retry On Fail, this try's first read already held the refund: the payment's
	// recent refunds of that amount tell instead.
	if (givenAgain) return repeatedRefund(columns.refunds, { amount: body.amount?.total, fullyRefunded: columns.fullyRefunded });
	return newRefunds(before, after).find((refund) => body.amount === undefined || Math.abs(refund.amount - body.amount.total) < 1e-9);
}

/** A lost answer settled by reading the payment: made, not made, or (when the reads cannot tell) may have been made. */
async function settleByRead<Body extends MoneyBackBody>(ctx: OperationContext, spec: RefundFlowSpec<Body>, body: Body, before: IDataObject, error: LostAnswerError): Promise<INodeExecutionData[]> {
	const what = body.amount ? `The ${spec.noun} of ${formatAmount(body.amount)} on transaction ${body.internalReference}` : `The full ${spec.noun} of transaction ${body.internalReference}`;
	const answered = error.lostAnswer.httpCode !== undefined;
	let after: IDataObject | undefined;
	for (const waitMs of answered ? SETTLE_READS_MS.answered : SETTLE_READS_MS.unanswered) {
		if (waitMs > 0) await sleep(waitMs);
		after = await readPayment(ctx, body.internalReference).catch(() => undefined);
		if (!after || !Array.isArray(after.refunds)) break;
		const made = madeRefund(body, before, after, wasGivenAgain(error));
		if (made) {
			rememberSent(memoryKey(ctx, spec.noun, body), sentNow(ctx));
			const sentence = `${what} was made: the platform's answer was lost (${error.lostAnswer.cause}), and the payment, read again, lists it.`;
			return toItems({ ...refundItem(after, made, body.amount?.total), [CONFIRMED_KEY]: sentence });
		}
	}
	if (after && Array.isArray(after.refunds) && answered) {
		return ctx.fail(
			`${what} was not made: the platform's answer was lost (${error.lostAnswer.cause}), and the payment, read again, lists no new ${spec.noun}`,
			`Nothing was refunded. It is safe to run this step again. Refunded so far: ${refundColumns(after).refundedAmount} ${refundItem(after, undefined, undefined).currency ?? ''}.`,
		);
	}
	const looked = after && Array.isArray(after.refunds) ? ` Read again ${SETTLE_READS_MS.unanswered.reduce((sum, ms) => sum + ms, 0) / 1000} s later, the payment listed no new ${spec.noun}, but without an answer the platform may still be making it.` : '';
	return settleLostAnswer(ctx, error, {
		maybe: `${what} may have been made`,
		check: `Check transaction ${body.internalReference} before trying again: PaySuite Gateway > Transaction > Get lists its refunds.${looked}`,
	});
}

/**
 * Two copies of one refund sent at the same moment (queue-mode workers, for instance) can both pass the check
 * before either is made; the read after sending shows it, and the item says so.
 */
function simultaneousWarning(noun: string, refunds: RefundRecord[]): string {
	const ids = refunds.map((refund) => refund.internalReference).join(', ');
	return `${refunds.length} ${noun}s of ${refunds[0].amount} ${refunds[0].currency ?? ''} were made on this payment at the same moment (${ids}): another run sent the same ${noun}. Check the payment and give back the extra one if it was not meant.`;
}

/**
 * An operation that gives money back once: Refund, or the Reverse transaction action. Simplified, the payment's
 * date is also given with the site's offset (`dateIso`).
 */
export function refundOperation<Body extends MoneyBackBody>(spec: RefundFlowSpec<Body>): PaySuiteOperation {
	return onSiteClock({
		...labelsOf(spec),
		properties: spec.properties,
		async execute(ctx) {
			const body = spec.validate(ctx, compact(spec.body(ctx)));
			const before = await readPayment(ctx, body.internalReference);
			const request: PaySuiteRequest = {
				api: 'checkout',
				path: spec.path,
				safety: 'write',
				body: body as unknown as IDataObject,
				notFound: notFoundBy('Transaction', internalReferenceProperty)(ctx),
			};
			if (!wantsRepeat(ctx) && !sentEarlierInThisRun(ctx, request)) {
				const columns = refundColumns(before);
				const earlier = repeatedRefund(columns.refunds, { amount: body.amount?.total, fullyRefunded: columns.fullyRefunded });
				if (earlier) refuseRepeat(ctx, spec.noun, body, before, earlier);
			}
			let answer: IDataObject;
			try {
				answer = (await sendRequest<IDataObject>(ctx, request)).body;
			} catch (error) {
				if (error instanceof LostAnswerError) return settleByRead(ctx, spec, body, before, error);
				throw asNodeError(ctx.node, error, ctx.itemIndex);
			}
			rememberSent(memoryKey(ctx, spec.noun, body), sentNow(ctx));
			if (!wantsSimplified(ctx)) return toItems(spec.raw ? spec.raw(answer) : answer);
			const after = await readPayment(ctx, body.internalReference).catch(() => undefined);
			const added = after ? newRefunds(before, after) : [];
			const item = refundItem(after ?? before, added[added.length - 1], body.amount?.total);
			const doubles = added.filter((refund) => body.amount === undefined || Math.abs(refund.amount - body.amount.total) < 1e-9);
			return toItems(doubles.length > 1 ? { ...item, warning: simultaneousWarning(spec.noun, doubles) } : item);
		},
	}, { dates: SESSION_DATES });
}
