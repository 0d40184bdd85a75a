/** The payment of a process request: amount, taxes, details, items, fields, recurring, dispersion, modifiers. */
import type { IDataObject, INodeProperties } from 'n8n-workflow';
import { z } from 'zod/v3';

import { amountFromParameters } from '../../../shared/descriptions/amount';
import { nameValuePairsProperty, toNameValuePairs } from '../../../shared/nameValuePairs';
import type { OperationContext } from '../../../shared/operation';
import { DETAIL_KINDS, TAX_KINDS } from '../../../shared/schemas/payment';

const words = (kind: string) => kind.replace(/([A-Z])/g, ' $1').replace(/^./, (first) => first.toUpperCase());
const kindOptions = (kinds: readonly string[]) => kinds.map((kind) => ({ name: words(kind), value: kind })).sort((a, b) => a.name.localeCompare(b.name));

export const paymentDetailProperties: INodeProperties[] = [
	{
		displayName: 'Taxes',
		name: 'taxes',
		type: 'fixedCollection',
		typeOptions: { multipleValues: true },
		placeholder: 'Add Tax',
		default: {},
		description: 'Taxes included in the amount',
		options: [
			{
				name: 'tax',
				displayName: 'Tax',
				values: [
					{ displayName: 'Kind', name: 'kind', type: 'options', options: kindOptions(TAX_KINDS), default: 'valueAddedTax', description: 'Kind of tax' },
					{ displayName: 'Amount', name: 'amount', type: 'number', default: 0, description: 'Amount of the tax' },
					{ displayName: 'Base', name: 'base', type: 'number', default: 0, description: 'Amount the tax is computed on' },
				],
			},
		],
	},
	{
		displayName: 'Amount Details',
		name: 'details',
		type: 'fixedCollection',
		typeOptions: { multipleValues: true },
		placeholder: 'Add Detail',
		default: {},
		description: 'Parts of the amount, such as shipping or a tip',
		options: [
			{
				name: 'detail',
				displayName: 'Detail',
				values: [
					{ displayName: 'Kind', name: 'kind', type: 'options', options: kindOptions(DETAIL_KINDS), default: 'subtotal', description: 'Kind of detail' },
					{ displayName: 'Amount', name: 'amount', type: 'number', default: 0, description: 'Amount of the detail' },
				],
			},
		],
	},
	{
		displayName: 'Items',
		name: 'items',
		type: 'fixedCollection',
		typeOptions: { multipleValues: true },
		placeholder: 'Add Item',
		default: {},
		description: 'What is bought',
		options: [
			{
				name: 'item',
				displayName: 'Item',
				values: [
					{ displayName: 'Category', name: 'category', type: 'string', default: '', description: 'Category of the item' },
					{ displayName: 'Name', name: 'name', type: 'string', default: '', description: 'Name of the item' },
					{ displayName: 'Price', name: 'price', type: 'number', default: 0, description: 'Unit price' },
					{ displayName: 'Quantity', name: 'qty', type: 'number', default: 1, description: 'How many units' },
					{ displayName: 'SKU', name: 'sku', type: 'string', default: '', description: 'Stock keeping unit' },
					{ displayName: 'Tax', name: 'tax', type: 'number', default: 0, description: 'Tax of the item' },
				],
			},
		],
	},
	nameValuePairsProperty('fields', 'Fields', 'Extra data stored with the payment'),
	{
		displayName: 'Recurring',
		name: 'recurring',
		type: 'collection',
		placeholder: 'Add Recurring Field',
		default: {},
		description: 'Charge the payment again on a schedule',
		options: [
			{ displayName: 'Due Date', name: 'dueDate', type: 'string', default: '', placeholder: '2026-12-31', description: 'Date (YYYY-MM-DD) after which no charge is made' },
			{ displayName: 'Interval', name: 'interval', type: 'number', default: 1, description: 'How many periods between two charges' },
			{ displayName: 'Max Periods', name: 'maxPeriods', type: 'number', default: 12, description: 'Maximum number of charges' },
			{ displayName: 'Next Payment', name: 'nextPayment', type: 'string', default: '', placeholder: '2026-02-01', description: 'Date (YYYY-MM-DD) of the next charge' },
			{ displayName: 'Notification URL', name: 'notificationUrl', type: 'string', default: '', description: 'URL notified of each charge' },
			{ displayName: 'Periodicity', name: 'periodicity', type: 'string', default: '', placeholder: 'M', description: 'Unit of the period, such as D, M or Y' },
		],
	},
	{
		displayName: 'Dispersion (JSON)',
		name: 'dispersion',
		type: 'json',
		default: '',
		description: 'Splits the payment between destinations: an array of {agreement, agreementType, amount {currency, total}}',
	},
	{
		displayName: 'Modifiers (JSON)',
		name: 'modifiers',
		type: 'json',
		default: '',
		description: "Tax-law modifiers of specific countries: an array of {type, code, additional}",
	},
	{
		displayName: 'Payment Extras (JSON)',
		name: 'paymentExtras',
		type: 'json',
		default: '',
		description: 'Other fields of the payment as a JSON object, such as shipping, subscribe or processorFields',
	},
];

const list = <T>(value: unknown, key: string): T[] | undefined => {
	const entries = (value as Record<string, T[]> | undefined)?.[key];
	return Array.isArray(entries) && entries.length ? entries : undefined;
};

/** A JSON parameter of a collection, parsed; undefined when it is not set or empty. */
export function optionalJson(ctx: OperationContext, name: string): unknown {
	const value = ctx.jsonParam<unknown>(name, '');
	return value === '' ? undefined : value;
}

/** The payment request built from the parameters (validated by the caller). */
export function buildPayment(ctx: OperationContext, extra: IDataObject): IDataObject {
	const parsed = ctx.validate(
		z.object({
			paymentExtras: z.record(z.unknown(), { invalid_type_error: 'must be a JSON object' }).optional(),
			dispersion: z.array(z.unknown(), { invalid_type_error: 'must be a JSON array' }).optional(),
			modifiers: z.array(z.unknown(), { invalid_type_error: 'must be a JSON array' }).optional(),
		}),
		{
			paymentExtras: optionalJson(ctx, 'additionalFields.paymentExtras'),
			dispersion: optionalJson(ctx, 'additionalFields.dispersion'),
			modifiers: optionalJson(ctx, 'additionalFields.modifiers'),
		},
	);
	const extras = (parsed.paymentExtras ?? {}) as IDataObject;
	return {
		...extras,
		reference: ctx.param<string>('reference', ''),
		description: ctx.param<string>('description', ''),
		amount: {
			...amountFromParameters(ctx),
			taxes: list(extra.taxes, 'tax'),
			details: list(extra.details, 'detail'),
		},
		allowPartial: extra.allowPartial,
		items: list(extra.items, 'item'),
		fields: toNameValuePairs(extra.fields),
		recurring: extra.recurring,
		dispersion: parsed.dispersion,
		modifiers: parsed.modifiers,
	};
}
