/**
 * The payment of a process request (the spec's Payment request): amount, taxes, details, items, fields, recurring,
 * dispersion, modifiers, processor fields, shipping, subscribe; each as fields, JSON only for a modifier's open data.
 */
import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { amountFromParameters } from '../../shared/descriptions/amount';
import { currencyOptions } from '../../shared/descriptions/choices';
import { nameValuePairsProperty, toNameValuePairs } from '../../shared/nameValuePairs';
import type { OperationContext } from '../../shared/operation';
import { personProperty, toPerson } from '../../shared/person';
import { DETAIL_KINDS, TAX_KINDS } from '../../shared/schemas/payment';

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
		displayName: 'Dispersion',
		name: 'dispersion',
		type: 'fixedCollection',
		typeOptions: { multipleValues: true },
		placeholder: 'Add Destination',
		default: {},
		description: 'Splits the payment between destinations (such as an airline and the merchant)',
		options: [
			{
				name: 'destination',
				displayName: 'Destination',
				values: [
					{ displayName: 'Agreement', name: 'agreement', type: 'string', default: '', placeholder: '12', description: 'Number of the agreement that receives this part' },
					{ displayName: 'Agreement Type', name: 'agreementType', type: 'string', default: '', placeholder: 'AIRLINE', description: 'Type of the agreement, such as AIRLINE or MERCHANT' },
					{ displayName: 'Amount', name: 'total', type: 'number', typeOptions: { minValue: 0 }, default: 0, description: 'Amount this destination receives' },
					{ displayName: 'Currency', name: 'currency', type: 'options', options: currencyOptions, default: 'USD', description: 'Currency of that amount' },
				],
			},
		],
	},
	{
		displayName: 'Modifiers',
		name: 'modifiers',
		type: 'fixedCollection',
		typeOptions: { multipleValues: true },
		placeholder: 'Add Modifier',
		default: {},
		description: 'Tax-law modifiers of specific countries',
		options: [
			{
				name: 'modifier',
				displayName: 'Modifier',
				values: [
					{ displayName: 'Type', name: 'type', type: 'string', default: '', placeholder: 'FEDERAL_GOVERNMENT', description: 'Type of the modifier' },
					{ displayName: 'Code', name: 'code', type: 'string', default: '', placeholder: '17934', description: 'Code of the modifier' },
					{
						displayName: 'Additional Data (JSON)',
						name: 'additional',
						type: 'json',
						default: '',
						description: 'Data the modifier needs, as a JSON object, such as {"invoice": "123345"}',
					},
				],
			},
		],
	},
	nameValuePairsProperty('processorFields', 'Processor Fields', 'Data for the processor of the payment'),
	personProperty('shipping', 'Shipping', 'The person and address the purchase is shipped to'),
	{
		displayName: 'Offer to Save the Payment Method',
		name: 'subscribe',
		type: 'boolean',
		default: false,
		description: 'Whether the payer may choose to save the payment method',
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

/** Digits as a number (the platform's samples send agreement numbers and modifier codes as numbers), else as typed. */
const numberIfDigits = (value: unknown): IDataObject[string] => (typeof value === 'string' && /^\d{1,15}$/.test(value.trim()) ? Number(value.trim()) : (value as IDataObject[string]));

/** The modifiers, each with its JSON data parsed (the payment's schema checks it is an object). */
function modifiers(ctx: OperationContext, extra: IDataObject): IDataObject[] | undefined {
	return list<IDataObject>(extra.modifiers, 'modifier')?.map((entry, index) => ({
		type: entry.type,
		code: numberIfDigits(entry.code),
		additional: optionalJson(ctx, `additionalFields.modifiers.modifier[${index}].additional`) as IDataObject | undefined,
	}));
}

/**
 * A free-form map (Additional Data, Metadata): its key/value pairs over its JSON text, so a no-code user adds
 * pairs and a power user pastes JSON; undefined when neither is set.
 */
export function keyValueMap(ctx: OperationContext, extra: IDataObject, name: string): unknown {
	const json = optionalJson(ctx, `additionalFields.${name}`);
	const pairs = list<IDataObject>(extra[`${name}Pairs`], 'pair');
	if (!pairs) return json;
	const base = json && typeof json === 'object' && !Array.isArray(json) ? (json as IDataObject) : json === undefined ? {} : json;
	// JSON that is not an object is left for the schema to refuse, naming the JSON field.
	if (typeof base !== 'object' || Array.isArray(base)) return base;
	return { ...(base as IDataObject), ...Object.fromEntries(pairs.filter((pair) => pair.key !== '' && pair.key !== undefined).map((pair) => [String(pair.key), pair.value])) };
}

/** The key/value fields of a free-form map. */
export function keyValueProperty(name: string, displayName: string, description: string): INodeProperties {
	return {
		displayName,
		name: `${name}Pairs`,
		type: 'fixedCollection',
		typeOptions: { multipleValues: true },
		placeholder: 'Add Key',
		default: {},
		description,
		options: [
			{
				name: 'pair',
				displayName: 'Pair',
				values: [
					{ displayName: 'Key', name: 'key', type: 'string', default: '', description: 'Name of the data' },
					{ displayName: 'Value', name: 'value', type: 'string', default: '', description: 'Its value' },
				],
			},
		],
	};
}

/** The payment request built from the parameters (validated by the caller). */
export function buildPayment(ctx: OperationContext, extra: IDataObject): IDataObject {
	return {
		reference: ctx.param<string>('reference', ''),
		description: ctx.param<string>('description', ''),
		amount: {
			...amountFromParameters(ctx),
			taxes: list(extra.taxes, 'tax'),
			details: list(extra.details, 'detail'),
		},
		allowPartial: extra.allowPartial,
		shipping: toPerson(extra.shipping),
		items: list(extra.items, 'item'),
		fields: toNameValuePairs(extra.fields),
		recurring: extra.recurring,
		subscribe: extra.subscribe,
		dispersion: list<IDataObject>(extra.dispersion, 'destination')?.map((entry) => ({
			agreement: numberIfDigits(entry.agreement),
			agreementType: entry.agreementType,
			amount: { currency: entry.currency, total: entry.total },
		})),
		modifiers: modifiers(ctx, extra),
		processorFields: toNameValuePairs(extra.processorFields),
	};
}
