/** Fields shared by the merchant and site payment method operations (body in actions/paymentMethodBody.ts). */
import type { INodeProperties } from 'n8n-workflow';

import { merchantIdLocator, optionalLocator, siteIdLocator } from '../../shared/descriptions/coreIds';
import { idLocatorProperty } from '../../shared/descriptions/locator';
import { SEARCH_MERCHANT_PAYMENT_METHODS } from '../methods/listSearch';
import { flagField as flag, numberField as number, textField as text } from '../../shared/descriptions/fields';

export const merchantIdProperty: INodeProperties = merchantIdLocator();

/** Not sent: it only lists its payment methods in a field's "From List". */
export const listingMerchantIdProperty: INodeProperties = optionalLocator({
	...merchantIdProperty,
	description: 'The merchant whose payment methods the Payment Method ID list shows (not sent: only for the list)',
});

export const siteIdProperty: INodeProperties = siteIdLocator();

export const paymentMethodIdProperty: INodeProperties = idLocatorProperty({
	displayName: 'Payment Method ID',
	name: 'paymentMethodId',
	description: 'A payment method of the merchant',
	example: '501',
	searchListMethod: SEARCH_MERCHANT_PAYMENT_METHODS,
	hint: 'From List: choose the Merchant ID first; search by name (3 to 50 characters)',
});

/** By parameter name; Settings is apart. */
export const paymentMethodProperty = {
	accountNumber: text('Account Number', 'accountNumber', 'Number of the account that receives the payments (max 20 characters)'),
	accountType: number('Account Type', 'accountType', 'Type of the account that receives the payments (a number)'),
	commissionModel: {
		displayName: 'Commission Model',
		name: 'commissionModel',
		type: 'options',
		options: [{ name: 'F', value: 'F', description: 'Commission model F' }, { name: 'P', value: 'P', description: 'Commission model P' }],
		default: 'P',
		description:
			'Commission model: P or F (one letter; the platform documents only the letters, commonly P is a percentage and F a fixed amount)',
	},
	commissionValue: {
		displayName: 'Commission Value',
		name: 'commissionValue',
		type: 'number',
		typeOptions: { numberPrecision: 4 },
		default: 0,
		description: 'Commission charged, read according to the commission model',
	},
	/** One row per payment method code, card group and installment number. */
	creditRules: {
		displayName: 'Credit Rules',
		name: 'creditRules',
		type: 'fixedCollection',
		typeOptions: { multipleValues: true },
		placeholder: 'Add Credit Rule',
		default: {},
		description: 'Installment rules: for a payment method code and card group, the amounts allowed for one number of installments',
		options: [
			{
				displayName: 'Rule',
				name: 'rule',
				values: [
					{
						displayName: 'Card Group',
						name: 'cardGroup',
						type: 'string',
						default: 'DEFAULT',
						required: true,
						description: 'Code of the card group the rule is for',
					},
					number('Installments', 'installment', 'Number of installments the rule is for', 1),
					{
						displayName: 'Maximum',
						name: 'maximum',
						type: 'string',
						default: '',
						placeholder: 'e.g. 5000.00',
						description: 'Largest amount for this number of installments',
					},
					{
						displayName: 'Minimum',
						name: 'minimum',
						type: 'string',
						default: '',
						placeholder: 'e.g. 100.00',
						description: 'Smallest amount for this number of installments',
					},
					{
						displayName: 'Payment Method Code',
						name: 'code',
						type: 'string',
						default: '',
						required: true,
						placeholder: 'e.g. CRA',
						description: 'Code of the payment method the rule is for',
					},
					flag('Remove', 'remove', 'Whether to remove this number of installments instead'),
				],
			},
		],
	},
	/** For those who have the rules as one object already. */
	creditRulesJson: {
		displayName: 'Credit Rules (JSON)',
		name: 'creditRulesJson',
		type: 'json',
		default: '{}',
		description:
			'For power users, instead of Credit Rules: payment method code → card group code → installment number (as text) → {"minimum": "100.00", "maximum": "5000.00", "remove": false}',
	},
	financialEntity: {
		displayName: 'Financial Entity',
		name: 'financialEntity',
		type: 'string',
		default: '',
		placeholder: 'e.g. 101',
		description: "Identifier of the financial entity (digits); it must belong to the merchant's country",
	},
	order: number('Order', 'order', 'Priority of the payment method (display order)', 1),
} satisfies Record<string, INodeProperties>;

/** Internal names: `3DS…` keys are not valid n8n parameter names. */
export const settingsProperty: INodeProperties = {
	displayName: 'Settings',
	name: 'settings',
	type: 'collection',
	placeholder: 'Add Setting',
	default: {},
	description: 'Settings of the payment method with the acquirer; all optional',
	options: [
		{
			displayName: '3DS API Key',
			name: 'threeDSApiKey',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			description: '3-D Secure API key (max 380 characters)',
		},
		{
			displayName: '3DS Version',
			name: 'threeDSVersion',
			type: 'options',
			options: [{ name: 'V1', value: 'v1' }, { name: 'V2', value: 'v2' }],
			default: 'v2',
			description: '3-D Secure version',
		},
		{ displayName: 'Aggregator Model', name: 'aggregatorModel', type: 'boolean', default: false, description: 'Whether the aggregator model is used' },
		{ displayName: 'Is E-Commerce', name: 'isEcommerce', type: 'boolean', default: true, description: 'Whether the payment method is used for e-commerce' },
		{ displayName: 'Merchant Code', name: 'merchantCode', type: 'string', default: '', description: 'Code of the merchant at the entity' },
		{ displayName: 'MID', name: 'MID', type: 'string', default: '', description: 'Merchant ID at the acquirer' },
		{
			displayName: 'Password',
			name: 'password',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			description: 'Password with the acquirer (max 30 characters)',
		},
		{ displayName: 'Retail Code', name: 'retailCode', type: 'string', default: '', description: 'Retail code (max 10 characters)' },
		{ displayName: 'RUC', name: 'RUC', type: 'string', default: '', description: 'Taxpayer registry number' },
		{ displayName: 'Service Code', name: 'serviceCode', type: 'string', default: '', description: 'Code of the service at the acquirer' },
		{ displayName: 'Terminal Location', name: 'terminalLocation', type: 'string', default: '', description: 'Location of the terminal' },
		{ displayName: 'Terminal Number', name: 'terminalNumber', type: 'string', default: '', description: 'Number of the terminal at the acquirer' },
		{ displayName: 'Username', name: 'username', type: 'string', default: '', description: 'Username with the acquirer (max 30 characters)' },
	],
};
