/**
 * The optional parts of a session's payment the spec documents (Payment request: items, taxes, amount details,
 * recurring, dispersion, modifiers, fields, processor fields, subscribe), as fields of Additional Fields, and
 * the payment they make. They replace the former "Payment Extras" JSON text.
 */
import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { formatDateOnly } from '../../shared/dateTime';
import { nameValuePairsProperty, toNameValuePairs } from '../../shared/nameValuePairs';
import { DETAIL_KINDS, TAX_KINDS } from '../../shared/schemas/payment';
import { humanize } from '../../shared/fieldNames';

const group = (name: string, displayName: string, placeholder: string, description: string, values: INodeProperties[], many = true): INodeProperties => ({
	displayName,
	name,
	type: 'fixedCollection',
	typeOptions: { multipleValues: many },
	placeholder,
	default: {},
	description,
	options: [{ name: 'entry', displayName, values }],
});

const text = (displayName: string, name: string, description: string): INodeProperties => ({ displayName, name, type: 'string', default: '', description });
const number = (displayName: string, name: string, description: string): INodeProperties => ({ displayName, name, type: 'number', default: 0, description });

const kindOptions = (kinds: readonly string[]) =>
	kinds.map((kind) => ({ name: humanize(kind).replace(/\bIce\b/, 'ICE').replace(/\bVat\b/, 'VAT'), value: kind })).sort((a, b) => a.name.localeCompare(b.name));

/** The fields, in the alphabetical order n8n's lint asks of a collection's options. */
export const paymentPartsProperties: INodeProperties[] = [
	group('amountDetails', 'Amount Details', 'Add Detail', 'Parts of the total shown to the buyer (discount, shipping, tip...)', [
		{ displayName: 'Kind', name: 'kind', type: 'options', options: kindOptions(DETAIL_KINDS), default: 'subtotal', description: 'What this part of the total is' },
		number('Amount', 'amount', 'The amount of this part, in the currency of the payment'),
	]),
	group('dispersion', 'Dispersion', 'Add Destination', 'Splits the payment between destinations (agreements set up with the platform)', [
		text('Agreement', 'agreement', 'The agreement (destination) that receives this part'),
		text('Agreement Type', 'agreementType', 'The type of the agreement, as set up with the platform'),
		text('Currency', 'currency', 'ISO 4217 alphabetic code, the same as the payment'),
		number('Amount', 'total', 'The amount this destination receives'),
	]),
	group('items', 'Items', 'Add Item', 'What is bought, line by line', [
		text('Category', 'category', 'Category of the item'),
		text('Name', 'name', 'Name of the item'),
		number('Price', 'price', 'Unit price'),
		{ displayName: 'Quantity', name: 'qty', type: 'number', default: 1, description: 'How many' },
		text('SKU', 'sku', 'Your code of the item'),
		number('Tax', 'tax', 'Tax of the item (0 sends none)'),
	]),
	group('modifiers', 'Modifiers', 'Add Modifier', 'Tax-law modifiers of the payment, for the countries whose law has them', [
		text('Type', 'type', 'The type of the modifier'),
		text('Code', 'code', 'The code of the modifier'),
		{
			displayName: 'Additional (JSON)',
			name: 'additional',
			type: 'json',
			default: '{}',
			description: 'Data of the modifier, as the platform asks for it for this type (a JSON object; free-form)',
		},
	]),
	nameValuePairsProperty('paymentFields', 'Payment Fields', 'Extra data stored with the payment'),
	nameValuePairsProperty('processorFields', 'Processor Fields', 'Data for the payment processor'),
	group(
		'recurring',
		'Recurring',
		'Add Recurrence',
		'Charge the payment again on a schedule',
		[
			text('Periodicity', 'periodicity', 'The unit of the period between charges, as the platform names it'),
			{ displayName: 'Interval', name: 'interval', type: 'number', default: 1, description: 'How many periods between two charges' },
			{ displayName: 'Next Payment', name: 'nextPayment', type: 'dateTime', default: '', description: 'Date of the next charge (only the date is sent)' },
			{ displayName: 'Max Periods', name: 'maxPeriods', type: 'number', default: 0, description: 'How many charges at most; 0 sends none (no limit set here)' },
			{ displayName: 'Due Date', name: 'dueDate', type: 'dateTime', default: '', description: 'Date the recurrence ends (only the date is sent)' },
			text('Notification URL', 'notificationUrl', 'URL notified of each charge'),
		],
		false,
	),
	{
		displayName: 'Save Payment Method',
		name: 'subscribe',
		type: 'boolean',
		default: false,
		description: 'Whether the buyer may choose to save the payment method for later payments',
	},
	group('taxes', 'Taxes', 'Add Tax', 'Taxes included in the total', [
		{ displayName: 'Kind', name: 'kind', type: 'options', options: kindOptions(TAX_KINDS), default: 'valueAddedTax', description: 'The tax' },
		number('Amount', 'amount', 'The tax amount'),
		number('Base', 'base', 'The amount the tax is computed on (0 sends none)'),
	]),
];

/** The entries of a fixedCollection group (`{entry: [...]}` or `{entry: {...}}`). */
export function entriesOf(value: unknown): IDataObject[] {
	const entry = (value as { entry?: IDataObject | IDataObject[] } | undefined)?.entry;
	if (!entry) return [];
	return Array.isArray(entry) ? entry : [entry];
}

const list = <T>(values: T[]): T[] | undefined => (values.length ? values : undefined);
const nonZero = (value: unknown) => (value === 0 || value === '' ? undefined : value);

/**
 * The payment's optional parts from Additional Fields (`extra`), and what goes into its amount. The modifiers'
 * free-form data is read by `additionalOf(index)` (JSON text of the entry, parsed and named by the caller).
 */
export function paymentParts(extra: IDataObject, timeZone: string | undefined, additionalOf: (index: number) => unknown): { parts: IDataObject; amount: IDataObject } {
	const recurring = entriesOf(extra.recurring)[0];
	const parts: IDataObject = {
		// A tax of 0 is what an untouched row holds: not sent.
		items: list(entriesOf(extra.items).map((item) => ({ ...item, tax: nonZero(item.tax) }))),
		fields: toNameValuePairs(extra.paymentFields),
		processorFields: toNameValuePairs(extra.processorFields),
		subscribe: extra.subscribe,
		recurring: recurring && {
			periodicity: recurring.periodicity,
			interval: recurring.interval,
			nextPayment: formatDateOnly(recurring.nextPayment, timeZone) ?? recurring.nextPayment,
			maxPeriods: nonZero(recurring.maxPeriods),
			dueDate: formatDateOnly(recurring.dueDate, timeZone) ?? recurring.dueDate,
			notificationUrl: recurring.notificationUrl,
		},
		dispersion: list(
			entriesOf(extra.dispersion).map((entry) => ({
				agreement: entry.agreement,
				agreementType: entry.agreementType,
				amount: { currency: entry.currency, total: entry.total },
			})),
		),
		modifiers: list(entriesOf(extra.modifiers).map((entry, index) => ({ type: entry.type, code: entry.code, additional: additionalOf(index) }))),
	};
	const amount: IDataObject = {
		taxes: list(entriesOf(extra.taxes).map((tax) => ({ kind: tax.kind, amount: tax.amount, base: nonZero(tax.base) }))),
		details: list(entriesOf(extra.amountDetails).map((detail) => ({ kind: detail.kind, amount: detail.amount }))),
	};
	return { parts, amount };
}

/** Where each field lands in the body, for errors that name the field (body path without positions → label). */
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

export function paymentPartsLabels(collection: string): Record<string, string> {
	const labels: Record<string, string> = {};
	for (const property of paymentPartsProperties) {
		const place = BODY_PATHS[property.name];
		if (!place) continue;
		const [path, renamed = {}] = place;
		const label = `${collection} › ${property.displayName}`;
		labels[path] = label;
		for (const option of (property.options ?? []) as Array<{ values?: INodeProperties[] }>) {
			for (const value of option.values ?? []) labels[`${path}.${renamed[value.name] ?? value.name}`] = `${label} › ${value.displayName}`;
		}
	}
	return labels;
}
