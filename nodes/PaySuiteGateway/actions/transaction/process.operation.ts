import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { amountProperties } from '../../../shared/descriptions/amount';
import { simplifyProperty, simplifyOn } from '../../../shared/descriptions/simplify';
import { additionalFieldsCollection } from '../../../shared/descriptions/collections';
import { itemRun } from '../../../shared/operation/itemRun';
import { partsReader, paymentRequest } from '../../../shared/operation/paymentBody';
import { compact } from '../../../shared/operation/compact';
import { paySuiteRequest } from '../../../shared/transport/request';
import type { OperationContext, PaySuiteOperation } from '../../../shared/operation/types';
import { formatAmount } from '../../../shared/operation/words';
import { personProperty, requiredPersonNotice, toPerson } from '../../../shared/descriptions/person';
import { cardNumberProperty, cvvProperty, expirationProperty, localeOption, referenceProperty, tokenProperties } from '../../descriptions/fields';
import { cardFromParameters, tokenFromParameters } from '../instrument';
import { idempotenceKeyFor } from '../../processIdempotencyKey';
import { alreadyProcessed, CLOCKS_APART_MINUTES, madeWhen } from '../../alreadyProcessed';
import { replayedTransactionFailure } from '../../replayedTransaction';
import { processSchema } from '../../schemas';
import { keyValueMap, keyValueProperties, metadataProperties } from '../../../shared/descriptions/metadata';
import {
	amountDetailsProperty,
	dispersionProperty,
	itemsProperty,
	modifiersProperty,
	paymentFieldsProperty,
	paymentPartsLabels,
	processorFieldsProperty,
	recurringProperty,
	savePaymentMethodProperty,
	shippingProperty,
	taxesProperty,
} from '../../../shared/descriptions/payment';
import { GATEWAY_DATES, simplifyTransaction } from '../../output';
import { byNames, namesAt, type GatewayNames } from '../../versions';

const withCard = { show: { instrumentType: ['card'] } };
const withToken = { show: { instrumentType: ['token'] } };

function instrument(ctx: OperationContext, extra: IDataObject): IDataObject {
	const credit =
		extra.creditCode !== undefined
			? { code: extra.creditCode, type: extra.creditType, groupCode: extra.creditGroupCode, installment: extra.creditInstallment ?? 1 }
			: undefined;
	// The extra steps Card > Get Information asks for (requireOtp, threeDS); sent only when given.
	const threeDS = ctx.jsonParam<unknown>('additionalFields.threeDS', '');
	const steps = { otp: extra.otp, threeDS: (threeDS === '' ? undefined : threeDS) as IDataObject | undefined };
	if (ctx.param<string>('instrumentType', 'card') === 'token') return { token: tokenFromParameters(ctx), credit, ...steps };
	return { card: cardFromParameters(ctx, true), credit, ...steps };
}

function processBody(ctx: OperationContext): IDataObject {
	const names = namesAt(ctx.node.typeVersion);
	const extra = ctx.param<IDataObject>('additionalFields', {});
	const reader = partsReader(ctx);
	return compact({
		action: extra.checkin ? 'checkin' : undefined,
		locale: extra.locale,
		payer: toPerson(ctx.param('payer', {})) ?? {},
		buyer: toPerson(ctx.param('buyer', {})),
		instrument: instrument(ctx, extra),
		payment: paymentRequest(ctx, extra),
		additional: keyValueMap(extra, 'additionalFields', 'additional', reader),
		metadata: keyValueMap(extra, 'additionalFields', 'metadata', reader),
		idempotenceKey: extra[names.idempotencyKey],
		notificationURL: extra[names.notificationUrl],
		ipAddress: extra.ipAddress,
		userAgent: extra.userAgent,
		sourcePlatform: extra.sourcePlatform,
	});
}

/** The payment's optional fields, with the names of the version (versions.ts). */
function processAdditionalFields(names: GatewayNames): INodeProperties {
	return additionalFieldsCollection([
		...keyValueProperties(
			'additional',
			'Additional Data',
			'Key/value data stored with the transaction. The platform forbids the keys _accountNumber, userAgent, fingerprint, sourcePlatform, tokenizationID, trazabilyCode, transactionCycle, RequestId, PartnerAuthCode, onTest, threeDSEnrolled and threeDSAuthenticated.',
		),
		{
			displayName: 'Allow Partial Payment',
			name: 'allowPartial',
			type: 'boolean',
			default: false,
			description: 'Whether the amount may be paid in several payments',
		},
		amountDetailsProperty,
		{ displayName: 'Credit Code', name: 'creditCode', type: 'string', default: '', description: 'Credit option to pay in installments (from Card > Get Information)' },
		{ displayName: 'Credit Group Code', name: 'creditGroupCode', type: 'string', default: '', description: 'Group code of the credit option' },
		{ displayName: 'Credit Installments', name: 'creditInstallment', type: 'number', typeOptions: { minValue: 1 }, default: 1, description: 'Number of installments' },
		{ displayName: 'Credit Type', name: 'creditType', type: 'string', default: '', description: 'Type of the credit option' },
		dispersionProperty,
		{
			displayName: names.labels.idempotencyKey,
			name: names.idempotencyKey,
			type: 'string',
			default: '',
			description:
				'Max 32 characters. The platform returns the transaction it already made for a key it has seen instead of charging again. Empty: derived from the workflow, the node, its input item and the payment, so that n8n\'s Retry of a failed execution sends the same key, and the same input run again returns the first transaction. Set your own (for example from an order ID) to also protect runs with another input.',
		},
		{ displayName: 'IP Address', name: 'ipAddress', type: 'string', default: '', description: "The payer's IP address (max 46 characters)" },
		itemsProperty,
		{ ...localeOption, description: 'Language of the answer, such as en_US (max 5 characters)' },
		{
			displayName: 'Mark a Charge Returned Again',
			name: 'markReturned',
			type: 'boolean',
			default: false,
			description:
				`Whether to add alreadyProcessed to the item: true when the platform returned a transaction made before, so nothing new was charged (this node got it for this key before, or it is dated more than ${CLOCKS_APART_MINUTES} minutes before this request: another workflow, a copy). Null when n8n cannot tell: dated before this request but within the ${CLOCKS_APART_MINUTES} minutes the platform's clock may differ by, or n8n's record unavailable. False: dated as this request was sent.`,
		},
		...metadataProperties('Key/value data for external services'),
		modifiersProperty,
		{ displayName: 'Notification URL', name: names.notificationUrl, type: 'string', default: '', description: 'URL the platform notifies after processing' },
		{
			displayName: 'One-Time Password (OTP)',
			name: 'otp',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			description: 'The payer\'s one-time password, only for a card whose Card > Get Information answers requireOtp true',
		},
		paymentFieldsProperty,
		{
			displayName: 'Pre-Authorization (Check-In)',
			name: 'checkin',
			type: 'boolean',
			default: false,
			description: 'Whether to only hold the amount (action checkin), collected later with PaySuite Session > Transaction > Checkout',
		},
		processorFieldsProperty,
		recurringProperty,
		savePaymentMethodProperty,
		{ displayName: 'Source Platform', name: 'sourcePlatform', type: 'string', default: '', description: 'Name of the platform the payment comes from' },
		taxesProperty,
		{
			displayName: 'Three-D Secure Data (JSON)',
			name: 'threeDS',
			type: 'json',
			default: '',
			description: 'The result of the payer\'s 3-D Secure authentication, as a JSON object, for a card whose Card > Get Information answers threeDS required',
		},
		{ displayName: 'User Agent', name: 'userAgent', type: 'string', default: '', description: "The payer's browser user agent (max 255 characters)" },
	]);
}

export const processPayment: PaySuiteOperation = {
	siteClock: { dates: GATEWAY_DATES },
	value: 'process',
	name: 'Process',
	action: 'Charge a card or a saved card (one-off or monthly)',
	description:
		'Charge a card or a stored token directly. Each item carries an idempotency key (yours, or one derived from the node, its input item and the payment), so a retry, n8n\'s Retry of the execution included, never charges twice.',
	fieldLabels: {
		...paymentPartsLabels('Additional Fields'),
		additional: 'Additional Fields › Additional Data',
		metadata: 'Additional Fields › Metadata',
		// The body spells these as the platform does.
		notificationURL: 'Additional Fields › Notification URL',
		idempotenceKey: 'Additional Fields › Idempotency Key',
	},
	properties: [
		{
			displayName: 'Pay With',
			name: 'instrumentType',
			type: 'options',
			options: [
				{ name: 'Card', value: 'card', description: 'A card number, its expiration and CVV' },
				{ name: 'Token', value: 'token', description: 'A token of a validated account or a stored card' },
			],
			default: 'card',
			description: 'What the payment is charged to',
		},
		{ ...cardNumberProperty, displayOptions: withCard },
		{ ...expirationProperty, required: true, displayOptions: withCard },
		{ ...cvvProperty, displayOptions: withCard },
		...tokenProperties({ token: 'The token to charge', subtoken: 'The subtoken of the token, when it has one' }, withToken),
		referenceProperty,
		{ displayName: 'Description', name: 'description', type: 'string', default: '', description: 'What is paid (1 to 255 characters)' },
		...amountProperties(),
		requiredPersonNotice('payer', 'Payer'),
		personProperty('payer', 'Payer', 'The person who pays (required: set at least one field, usually name, surname, e-mail and document)', true),
		personProperty('buyer', 'Buyer', 'The person who buys, when not the payer (recommended)'),
		shippingProperty,
		simplifyProperty,
		// Versions 1–3: Idempotence Key (`idempotenceKey`) and `notificationURL`, as their saved workflows hold them.
		...byNames(processAdditionalFields),
	],
	// Every request carries an idempotency key: the platform charges at most once, whatever runs beside it.
	parallel: 'deduplicated',
	async execute(ctx) {
		const sentAt = Date.now();
		const body = processBody(ctx);
		if (body.idempotenceKey === undefined) {
			// Made of what n8n's Retry of the execution keeps identical (processIdempotencyKey.ts).
			body.idempotenceKey = idempotenceKeyFor({ ...itemRun(ctx), body });
		}
		const checked = ctx.validate(processSchema, body);
		const payment = checked.payment as { reference?: string; amount?: { currency?: string; total?: number } };
		// Every attempt (each with the same key) lost its answer: the charge happened at most once.
		const keyWords = namesAt(ctx.node.typeVersion).labels.idempotencyKey;
		const lost = {
			maybe: `The payment of ${formatAmount(payment.amount)} with reference ${payment.reference} may have been charged`,
			check: `To get its result, run the same item again (n8n's Retry of this execution, or Retry On Fail): it sends the same ${keyWords.toLowerCase()}, so the platform returns the transaction instead of charging twice. PaySuite Gateway > Transaction > Search (reference and amount) also finds it.`,
		};
		return paySuiteRequest<IDataObject>(
			ctx,
			{ api: 'gateway', path: '/gateway/process', safety: 'deduplicated', body: checked as unknown as IDataObject, acceptFailedStatus: true },
			{
				lostAnswer: lost,
				output: async (answer) => {
					// A key already used for another payment: the answer is that payment's transaction, not this one.
					const cardNumber = (checked.instrument as { card?: { number?: string } }).card?.number;
					const replayed = replayedTransactionFailure(String(checked.idempotenceKey), { ...payment, lastDigits: cardNumber?.slice(-4) }, answer, keyWords);
					if (replayed) ctx.fail(replayed.message, replayed.description);
					// A declined payment (REJECTED) is a result, not an error, simplified or not.
					// Said above the output; in the item only when asked (the item is the transaction, as Get gives it).
					const inThisNode = await alreadyProcessed(ctx, String(checked.idempotenceKey), answer.internalReference);
					const made = inThisNode === true ? 'earlier' : madeWhen(answer, sentAt);
					const again = made === 'earlier' ? true : made === 'maybeEarlier' ? null : inThisNode;
					const key = keyWords.toLowerCase();
					const dated = String(answer.transactionDate ?? answer.date);
					const said = {
						earlier: inThisNode
							? `already returned to this workflow for this ${key} (an earlier item or run): nothing new was charged`
							: `made before this request (dated ${dated}) for this ${key}, by another workflow or a copy of this one: nothing new was charged`,
						maybeEarlier: `dated ${dated}, before this request by n8n's clock: it may have been made earlier for this ${key} (by another workflow or a copy of this one: then nothing new was charged), or by this request if the platform's clock is behind (by up to ${CLOCKS_APART_MINUTES} minutes); n8n cannot tell. Before charging again, Transaction › Search (reference and amount) lists every charge made`,
						now: '',
					}[made];
					if (said) {
						ctx.fn.addExecutionHints?.({
							message: `Item ${ctx.itemIndex}: the platform returned transaction ${String(answer.internalReference)}, ${said}. Additional Fields › Mark a Charge Returned Again says it in the item`,
							location: 'outputPane',
						});
					}
					const item = simplifyOn(ctx) ? simplifyTransaction(answer) : answer;
					return ctx.fn.helpers.returnJsonArray(ctx.param<IDataObject>('additionalFields', {}).markReturned === true ? { ...item, alreadyProcessed: again } : item);
				},
			},
		);
	},
};
