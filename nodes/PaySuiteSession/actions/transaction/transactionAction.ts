import { amountFromParameters } from '../../../shared/descriptions/amount';
import { requestOperation, type PaySuiteOperation } from '../../../shared/operation';
import { internalReferenceProperty, partialAmountProperties } from '../../fields';
import { transactionActionSchema, TRANSACTION_ACTIONS } from '../../schemas';

interface ActionLabels {
	value: string;
	name: string;
	action: string;
	description: string;
	amountWords: string;
}

/** One of the actions of POST /api/transaction on a payment: checkout, reauthorization or reverse. */
export function transactionAction(platformAction: (typeof TRANSACTION_ACTIONS)[number], labels: ActionLabels): PaySuiteOperation {
	return requestOperation({
		value: labels.value,
		name: labels.name,
		action: labels.action,
		description: labels.description,
		api: 'checkout',
		path: '/api/transaction',
		safety: 'write',
		properties: [
			internalReferenceProperty,
			{
				displayName: 'Send Amount',
				name: 'sendAmount',
				type: 'boolean',
				default: false,
				description: `Whether to send an amount (${labels.amountWords}); without it the platform uses the amount of the transaction`,
			},
			...partialAmountProperties({ show: { sendAmount: [true] } }, labels.amountWords),
		],
		body: (ctx) => ({
			action: platformAction,
			internalReference: ctx.param('internalReference'),
			amount: ctx.param<boolean>('sendAmount', false) ? amountFromParameters(ctx) : undefined,
		}),
		schema: transactionActionSchema,
	});
}
