/** The transaction actions (checkout, reauthorization, reverse): one declaration their operation files share. */
import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { amountFromParameters } from '../../../shared/descriptions/amount';
import { ALLOW_REPEAT_HINT, repeatOptionsProperty } from '../../../shared/descriptions/repeat';
import { amountNumber, asObject, simplifyProperty, simplifyOn } from '../../../shared/descriptions/simplify';
import { outputId } from '../../../shared/schemas/identifiers';
import { earlierText, writeKey } from '../../../shared/transport/repeatGuard';
import { oneRequestOperation } from '../../../shared/operation/oneRequestOperation';
import type { OperationContext, PaySuiteOperation } from '../../../shared/operation/types';
import { formatAmount, notFoundBy } from '../../../shared/operation/words';
import { transactionActionSchema, TRANSACTION_ACTIONS } from '../../schemas';
import { internalReferenceProperty, partialAmountProperties } from '../../descriptions/fields';

/**
 * The answer of an action as a flat record: the platform answers with the payment request (reference, description,
 * amount...) and a status; the internal reference acted on is added.
 */
function simpleActionAnswer(answer: IDataObject, internalReference: bigint | number | string): IDataObject {
	const status = asObject(answer.status);
	const amount = asObject(answer.amount);
	return {
		internalReference: outputId(String(internalReference)),
		status: status.status ?? null,
		reason: status.reason ?? null,
		message: status.message ?? null,
		date: status.date ?? null,
		reference: answer.reference ?? null,
		description: answer.description ?? null,
		amount: amountNumber(amount.total) ?? null,
		currency: amount.currency ?? null,
	};
}

interface ActionLabels {
	value: string;
	/** "capture", "reauthorization": as a refusal says it. */
	noun: string;
	name: string;
	action: string;
	description: string;
	amountWords: string;
}

/** How each action is said when its answer is lost. */
const LOST_WORDS: Record<(typeof TRANSACTION_ACTIONS)[number], (ref: bigint | number | string, amount: string) => string> = {
	checkout: (ref, amount) => `The checkout (collection) of transaction ${ref}${amount ? ` for ${amount}` : ''} may have been made`,
	reauthorization: (ref, amount) => `The reauthorization of transaction ${ref}${amount ? ` to ${amount}` : ''} may have been made`,
	reverse: (ref, amount) => `The reversal of ${amount || 'the whole amount'} on transaction ${ref} may have been made`,
};

/** The fields of a transaction action: the transaction, and optionally the amount to act on. */
export function actionProperties(amountWords: string, noun: string): INodeProperties[] {
	return [
		internalReferenceProperty,
		{
			displayName: 'Send Amount',
			name: 'sendAmount',
			type: 'boolean',
			default: false,
			description: `Whether to send an amount (${amountWords}); without it the platform uses the amount of the transaction`,
		},
		...partialAmountProperties({ show: { sendAmount: [true] } }, amountWords),
		simplifyProperty,
		repeatOptionsProperty(noun),
	];
}

export const actionBody = (action: (typeof TRANSACTION_ACTIONS)[number]) => (ctx: OperationContext) => ({
	action,
	internalReference: ctx.param('internalReference'),
	amount: ctx.param<boolean>('sendAmount', false) ? amountFromParameters(ctx) : undefined,
});

/** One of the actions of POST /api/transaction on a payment: checkout, reauthorization or reverse. */
export function transactionAction(platformAction: (typeof TRANSACTION_ACTIONS)[number], labels: ActionLabels): PaySuiteOperation {
	return oneRequestOperation({
		value: labels.value,
		name: labels.name,
		action: labels.action,
		description: `${labels.description}. Sent once: the same one within 15 minutes is refused, and if its answer is lost the item says what to check.`,
		api: 'checkout',
		path: '/api/transaction',
		safety: 'write',
		notFound: notFoundBy('Transaction', internalReferenceProperty),
		properties: actionProperties(labels.amountWords, labels.noun),
		body: actionBody(platformAction),
		schema: transactionActionSchema,
		output: (answer, ctx, body) => (simplifyOn(ctx) ? simpleActionAnswer(answer, body.internalReference) : answer),
		repeat: (ctx, body) => ({
			key: writeKey(['action', ctx.node.credentials?.paySuiteApi?.id ?? '', platformAction, String(body.internalReference), body.amount ? `${body.amount.total} ${body.amount.currency}` : 'all']),
			refuse: (earlier) =>
				ctx.fail(
					`Not sent: the ${labels.noun} of transaction ${body.internalReference}${body.amount ? ` for ${formatAmount(body.amount)}` : ''} ${earlierText(earlier, 'sent')}`,
					`Nothing was sent. The same ${labels.noun} within 15 minutes is refused, as n8n's record of this workflow shows it, so that re-running a step or a workflow never sends it twice. To send it again on purpose, ${ALLOW_REPEAT_HINT}.`,
				),
		}),
		lostAnswer: (_ctx, body) => ({
			maybe: LOST_WORDS[platformAction](body.internalReference, formatAmount(body.amount)),
			check: `Check transaction ${body.internalReference} before trying again: PaySuite Session > Session > Get shows its state, and the platform's back office its reversals.`,
		}),
	});
}
