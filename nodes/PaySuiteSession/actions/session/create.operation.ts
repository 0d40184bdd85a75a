import type { IDataObject } from 'n8n-workflow';

import { amountProperties } from '../../../shared/descriptions/amount';
import { localeOptions } from '../../../shared/descriptions/choices';
import { additionalFieldsCollection } from '../../../shared/descriptions/collections';
import { partsReader, paymentRequest } from '../../../shared/operation/paymentBody';
import { oneRequestOperation } from '../../../shared/operation/oneRequestOperation';
import { clockOf } from '../../../shared/operation/siteClock';
import type { OperationContext } from '../../../shared/operation/types';
import { formatAmount } from '../../../shared/operation/words';
import { nameValuePairsProperty, toNameValuePairs } from '../../../shared/descriptions/nameValuePairs';
import { personProperty, toPerson } from '../../../shared/descriptions/person';
import { keyValueMap, metadataProperties } from '../../../shared/descriptions/metadata';
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
import { resolveExpiration } from '../../expiration';
import { sessionCreateSchema, type SessionCreateBody } from '../../schemas';

const withPayment = { show: { sessionType: ['payment', 'checkin'] } };

// The platform asks for the buyer's own device: the node never makes one up. The usual source is the request
// that started the workflow (a Webhook or Form Trigger node behind the shop's page).
const IP_ADDRESS_HINT =
	"Map it from the request of the buyer's browser, such as a Webhook node's {{ $json.headers['x-forwarded-for'].split(',')[0] }} (the first address of the list), or from the address your shop recorded with the order";
const USER_AGENT_HINT =
	"Map it from the request of the buyer's browser, such as a Webhook node's {{ $json.headers['user-agent'] }}, or from the user agent your shop recorded with the order";

function sessionBody(ctx: OperationContext): IDataObject {
	const type = ctx.param<string>('sessionType', 'payment');
	const extra = ctx.param<IDataObject>('additionalFields', {});
	// A subscription block left empty would be dropped, and the session sent as a payment of nothing.
	if (type === 'subscription' && !String(ctx.param<unknown>('subscriptionReference', '') ?? '').trim()) {
		ctx.refuse('subscription.reference', 'needs a value: a subscription session is sent with your reference of the subscription');
	}
	return {
		locale: extra.locale,
		payer: toPerson(ctx.param('payer', {})),
		buyer: toPerson(ctx.param('buyer', {})),
		payment: type === 'payment' || type === 'checkin' ? paymentRequest(ctx, extra) : undefined,
		subscription:
			type === 'subscription'
				? {
						reference: ctx.param<string>('subscriptionReference', ''),
						description: ctx.param<string>('subscriptionDescription', ''),
						fields: toNameValuePairs(ctx.param('subscriptionFields', {})),
					}
				: undefined,
		fields: toNameValuePairs(extra.fields),
		expiration: resolveExpiration(extra.expiration, clockOf(ctx).zone, Date.now()),
		ipAddress: ctx.param<string>('ipAddress', ''),
		userAgent: ctx.param<string>('userAgent', ''),
		returnUrl: ctx.param<string>('returnUrl', ''),
		cancelUrl: extra.cancelUrl,
		paymentMethod: extra.paymentMethod,
		skipResult: extra.skipResult,
		noBuyerFill: extra.noBuyerFill,
		type: type === 'checkin' || type === 'autopay' ? type : undefined,
		metadata: keyValueMap(extra, 'additionalFields', 'metadata', partsReader(ctx)),
		autopay: type === 'autopay' ? ctx.jsonParam('autopay', {}) : undefined,
	};
}

export const create = oneRequestOperation<SessionCreateBody>({
	siteClock: {},
	value: 'create',
	name: 'Create',
	action: 'Create a checkout session (a payment, or save a card for monthly charges)',
	description: 'Create a checkout session and get the URL to send the buyer to. Sent once: if its answer is lost, the item fails saying what to check.',
	api: 'checkout',
	path: '/api/session',
	safety: 'write',
	properties: [
		{
			displayName: 'Session Type',
			name: 'sessionType',
			type: 'options',
			options: [
				{ name: 'Autopay', value: 'autopay', description: 'The buyer registers a payment method that the platform then charges on its own schedule (the Autopay Trigger tells you when a charge fails)' },
				{ name: 'Payment', value: 'payment', description: 'The buyer pays an amount' },
				{
					name: 'Pre-Authorization (Check-In)',
					value: 'checkin',
					description: 'The amount is held now and collected later with Transaction > Checkout',
				},
				{ name: 'Subscription', value: 'subscription', description: 'The buyer saves a card as a token that you charge yourself, for example monthly with Gateway > Process' },
			],
			default: 'payment',
			description: 'What the buyer does in the session',
		},
		{
			displayName: 'Return URL',
			name: 'returnUrl',
			type: 'string',
			default: '',
			required: true,
			placeholder: 'e.g. https://shop.example.com/order/123',
			description: 'Where the buyer is sent when the session ends (max 255 characters)',
		},
		{
			displayName: 'Reference',
			name: 'reference',
			type: 'string',
			default: '',
			required: true,
			displayOptions: withPayment,
			description: 'Your reference of the payment, such as an order number (1 to 32 characters)',
		},
		{
			displayName: 'Description',
			name: 'description',
			type: 'string',
			default: '',
			displayOptions: withPayment,
			description: 'What is paid, shown to the buyer (1 to 255 characters)',
		},
		...amountProperties({ amount: 'Total amount to pay', displayOptions: withPayment }),
		{
			displayName: 'Subscription Reference',
			name: 'subscriptionReference',
			type: 'string',
			default: '',
			required: true,
			displayOptions: { show: { sessionType: ['subscription'] } },
			description: 'Your reference of the subscription (1 to 32 characters)',
		},
		{
			displayName: 'Subscription Description',
			name: 'subscriptionDescription',
			type: 'string',
			default: '',
			displayOptions: { show: { sessionType: ['subscription'] } },
			description: 'What the subscription is for, shown to the buyer',
		},
		{
			...nameValuePairsProperty('subscriptionFields', 'Subscription Fields', 'Extra data stored with the subscription'),
			displayOptions: { show: { sessionType: ['subscription'] } },
		},
		{
			displayName: 'Autopay',
			name: 'autopay',
			type: 'json',
			default: '{}',
			required: true,
			displayOptions: { show: { sessionType: ['autopay'] } },
			description:
				'The autopay registration (its reference, description and charging rules) as a JSON object, in the form agreed with the platform: the documents do not list its fields',
		},
		{
			displayName: 'Buyer IP Address',
			name: 'ipAddress',
			type: 'string',
			default: '',
			required: true,
			placeholder: "e.g. {{ $json.headers['x-forwarded-for'] }}",
			description: "The IP address of the buyer's device, required by the platform (max 46 characters)",
			hint: IP_ADDRESS_HINT,
		},
		{
			displayName: 'Buyer User Agent',
			name: 'userAgent',
			type: 'string',
			default: '',
			required: true,
			placeholder: "e.g. {{ $json.headers['user-agent'] }}",
			description: "The buyer's browser, as it names itself, required by the platform (max 255 characters)",
			hint: USER_AGENT_HINT,
		},
		personProperty('buyer', 'Buyer', 'The person who buys; pre-fills the checkout form'),
		personProperty('payer', 'Payer', 'The person who pays, when not the buyer'),
		{ ...shippingProperty, displayOptions: withPayment },
		additionalFieldsCollection([
			{
				displayName: 'Allow Partial Payment',
				name: 'allowPartial',
				type: 'boolean',
				default: false,
				description: 'Whether the buyer may pay the amount in several payments',
			},
			amountDetailsProperty,
			{
				displayName: 'Cancel URL',
				name: 'cancelUrl',
				type: 'string',
				default: '',
				description: 'Where the buyer is sent on choosing not to continue (max 255 characters)',
			},
			dispersionProperty,
			{
				displayName: 'Expiration',
				name: 'expiration',
				type: 'dateTime',
				default: '',
				description:
					"When the session expires; the buyer must finish before it. At least 5 minutes from now. Empty: 60 minutes from now. A date picked without an offset is on the site's clock (the credential's Site Time Zone).",
			},
			nameValuePairsProperty('fields', 'Fields', 'Extra data stored with the session'),
			itemsProperty,
			{
				displayName: 'Language',
				name: 'locale',
				type: 'options',
				options: localeOptions,
				default: 'en_US',
				description: 'Language and country of the checkout page',
			},
			...metadataProperties('Key/value data that may steer how the session is processed'),
			modifiersProperty,
			{
				displayName: 'No Buyer Fill',
				name: 'noBuyerFill',
				type: 'boolean',
				default: false,
				description: 'Whether to leave the checkout form empty instead of pre-filling it with the buyer data',
			},
			paymentFieldsProperty,
			{
				displayName: 'Payment Methods',
				name: 'paymentMethod',
				type: 'string',
				default: '',
				placeholder: 'e.g. visa,master',
				description: 'Codes of the payment methods to offer, separated by commas; empty offers all methods of the site',
			},
			processorFieldsProperty,
			recurringProperty,
			savePaymentMethodProperty,
			{
				displayName: 'Skip Result Page',
				name: 'skipResult',
				type: 'boolean',
				default: false,
				description: 'Whether to send the buyer straight to the return URL instead of showing the result page',
			},
			taxesProperty,
		]),
	],
	body: sessionBody,
	schema: sessionCreateSchema,
	// The payment's optional parts sit in Additional Fields: their errors name them there.
	fieldLabels: {
		...paymentPartsLabels('Additional Fields'),
		'payment.amount.currency': 'Currency',
		'payment.amount.total': 'Amount',
		metadata: 'Additional Fields › Metadata',
	},
	// The platform offers no search of sessions by reference, so a lost answer can only be reported.
	lostAnswer: (_ctx, body) => {
		const payment = body.payment as { reference?: string; amount?: { currency?: string; total?: number } } | undefined;
		const subscription = body.subscription as { reference?: string } | undefined;
		const what = payment
			? `A checkout session for reference ${payment.reference} (${formatAmount(payment.amount)})`
			: `A checkout session${subscription?.reference ? ` for reference ${subscription.reference}` : ''}`;
		return {
			maybe: `${what} may have been created`,
			check:
				"Look for it in the platform's back office before creating another. A session nobody was sent to cannot be paid, and it expires by itself at its expiration.",
		};
	},
});
