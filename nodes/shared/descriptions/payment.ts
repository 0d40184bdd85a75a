/**
 * A payment's optional parts (the Payment Processing document's Payment request), declared once so Gateway ›
 * Process, Session › Create and Payment Link › Create show the same fields; operation/paymentBody.ts builds them.
 * JSON only for a modifier's data, which the document leaves free-form.
 */
import type { INodeProperties } from 'n8n-workflow';

import { humanize } from './fieldNames';
import { nameValuePairsProperty } from './nameValuePairs';
import { personProperty } from './person';
import { DETAIL_KINDS, TAX_KINDS } from '../schemas/payment';
import { currencyOptions } from './choices';
import { rows } from './collections';
import { numberField as number, textField as text } from './fields';

/** In the order of the kinds (schemas/payment.ts). */
const kindOptions = (kinds: readonly string[]) => kinds.map((kind) => ({ name: humanize(kind).replace(/\bIce\b/, 'ICE').replace(/\bVat\b/, 'VAT'), value: kind }));

export const amountDetailsProperty = rows('amountDetails', 'Amount Details', ['detail', 'Detail'], 'Add Detail', 'Parts of the total shown to the buyer (discount, shipping, tip...)', [
	{ displayName: 'Kind', name: 'kind', type: 'options', options: kindOptions(DETAIL_KINDS), default: 'subtotal', description: 'What this part of the total is' },
	number('Amount', 'amount', 'The amount of this part, in the currency of the payment'),
]);

export const dispersionProperty = rows('dispersion', 'Dispersion', ['destination', 'Destination'], 'Add Destination', 'Splits the payment between destinations (agreements set up with the platform, such as an airline and the merchant)', [
	text('Agreement', 'agreement', 'Number of the agreement that receives this part', '12'),
	text('Agreement Type', 'agreementType', 'Type of the agreement, as set up with the platform, such as AIRLINE or MERCHANT', 'AIRLINE'),
	{ displayName: 'Amount', name: 'total', type: 'number', typeOptions: { minValue: 0 }, default: 0, description: 'Amount this destination receives' },
	{ displayName: 'Currency', name: 'currency', type: 'options', options: currencyOptions, default: 'USD', description: 'Currency of that amount, the same as the payment' },
]);

export const itemsProperty = rows('items', 'Items', ['item', 'Item'], 'Add Item', 'What is bought, line by line', [
	text('Category', 'category', 'Category of the item'),
	text('Name', 'name', 'Name of the item'),
	number('Price', 'price', 'Unit price'),
	number('Quantity', 'qty', 'How many units', 1),
	text('SKU', 'sku', 'Your code of the item (stock keeping unit)'),
	number('Tax', 'tax', 'Tax of the item (0 sends none)'),
]);

export const modifiersProperty = rows('modifiers', 'Modifiers', ['modifier', 'Modifier'], 'Add Modifier', 'Tax-law modifiers of the payment, for the countries whose law has them', [
	text('Type', 'type', 'The type of the modifier', 'FEDERAL_GOVERNMENT'),
	text('Code', 'code', 'The code of the modifier (digits are sent as a number)', '17934'),
	{
		displayName: 'Data (JSON)',
		name: 'additional',
		type: 'json',
		default: '{}',
		description: 'Data the modifier needs, as the platform asks for it for this type: a JSON object, such as {"invoice": "123345"}',
	},
]);

export const paymentFieldsProperty = nameValuePairsProperty('paymentFields', 'Payment Fields', 'Extra data stored with the payment');

export const processorFieldsProperty = nameValuePairsProperty('processorFields', 'Processor Fields', 'Data for the processor of the payment');

export const recurringProperty: INodeProperties = {
	displayName: 'Recurring',
	name: 'recurring',
	type: 'collection',
	placeholder: 'Add Recurring Field',
	default: {},
	description: 'Charge the payment again on a schedule',
	options: [
		{ displayName: 'Due Date', name: 'dueDate', type: 'dateTime', default: '', description: 'Date the recurrence ends (only the date is sent)' },
		number('Interval', 'interval', 'How many periods between two charges', 1),
		number('Max Periods', 'maxPeriods', 'How many charges at most (0 sends none: no limit set here)', 12),
		{ displayName: 'Next Payment', name: 'nextPayment', type: 'dateTime', default: '', description: 'Date of the next charge (only the date is sent)' },
		text('Notification URL', 'notificationUrl', 'URL notified of each charge'),
		text('Periodicity', 'periodicity', 'Unit of the period between charges, as the platform names it, such as D, M or Y', 'M'),
	],
};

export const savePaymentMethodProperty: INodeProperties = {
	displayName: 'Save Payment Method',
	name: 'subscribe',
	type: 'boolean',
	default: false,
	description: 'Whether the payer may choose to save the payment method for later payments',
};

export const taxesProperty = rows('taxes', 'Taxes', ['tax', 'Tax'], 'Add Tax', 'Taxes included in the total', [
	{ displayName: 'Kind', name: 'kind', type: 'options', options: kindOptions(TAX_KINDS), default: 'valueAddedTax', description: 'Kind of tax' },
	number('Amount', 'amount', 'Amount of the tax'),
	number('Base', 'base', 'Amount the tax is computed on (0 sends none)'),
]);

/** A field of its own, beside Payer and Buyer. */
export const shippingProperty: INodeProperties = personProperty('shipping', 'Shipping', 'Where the purchase is shipped to, and to whom');

/** For Additional Fields; shipping apart. */
export const paymentPartsProperties: INodeProperties[] = [
	amountDetailsProperty,
	dispersionProperty,
	itemsProperty,
	modifiersProperty,
	paymentFieldsProperty,
	processorFieldsProperty,
	recurringProperty,
	savePaymentMethodProperty,
	taxesProperty,
];

/** Body names only where they differ from the parameters'. */
const BODY_PATHS: Record<string, [string, Record<string, string>?]> = {
	amountDetails: ['payment.amount.details'],
	dispersion: ['payment.dispersion', { currency: 'amount.currency', total: 'amount.total' }],
	items: ['payment.items'],
	modifiers: ['payment.modifiers'],
	paymentFields: ['payment.fields'],
	processorFields: ['payment.processorFields'],
	recurring: ['payment.recurring'],
	taxes: ['payment.amount.taxes'],
};

/** For errors found in the body (`payment.dispersion.0.amount.currency`). */
export function paymentPartsLabels(collection: string, properties: INodeProperties[] = paymentPartsProperties): Record<string, string> {
	const labels: Record<string, string> = {};
	for (const property of properties) {
		const place = BODY_PATHS[property.name];
		if (!place) continue;
		const [path, renamed = {}] = place;
		const label = `${collection} › ${property.displayName}`;
		labels[path] = label;
		const values = property.type === 'collection' ? [(property.options ?? []) as INodeProperties[]] : ((property.options ?? []) as Array<{ values?: INodeProperties[] }>).map((option) => option.values ?? []);
		for (const value of values.flat()) labels[`${path}.${renamed[value.name] ?? value.name}`] = `${label} › ${value.displayName}`;
	}
	return labels;
}
