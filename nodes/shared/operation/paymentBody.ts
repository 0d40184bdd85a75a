/**
 * The payment request of Gateway › Process and Session › Create and its optional parts (modifiers also for Payment
 * Link › Create), built once so every node sends the same shapes; the caller's schema validates them.
 */
import type { IDataObject } from 'n8n-workflow';

import type { OperationContext } from '../context/item';
import { amountFromParameters } from '../descriptions/amount';
import type { JsonReader } from '../descriptions/metadata';
import { toNameValuePairs } from '../descriptions/nameValuePairs';
import { toPerson } from '../descriptions/person';
import { formatDateOnly } from '../schemas/dateTime';

export interface PartsReader extends JsonReader {
	timeZone?: string;
}

/** A JSON field that is not an object refuses the item, naming the field. */
export function partsReader(ctx: OperationContext): PartsReader {
	return {
		timeZone: ctx.fn.getTimezone(),
		jsonObject(path) {
			const value = ctx.jsonParam<unknown>(path, {});
			if (value === undefined || value === null) return undefined;
			if (typeof value !== 'object' || Array.isArray(value)) return ctx.refuse(path, 'must be a JSON object, such as {"key": "value"}');
			return Object.keys(value).length ? (value as IDataObject) : undefined;
		},
	};
}

/** A single row may come as an object. */
function rowsOf(value: unknown, entry: string): IDataObject[] {
	const found = (value as Record<string, IDataObject | IDataObject[]> | undefined)?.[entry];
	if (!found) return [];
	return Array.isArray(found) ? found : [found];
}

const list = <T>(values: T[]): T[] | undefined => (values.length ? values : undefined);
/** 0 is what an untouched number holds, and there 0 means nothing (a tax base, a limit): not sent. */
const nonZero = (value: unknown) => (value === 0 || value === '' ? undefined : value);
/** The document gives agreement numbers as integers, and its samples send codes so. */
const numberIfDigits = (value: unknown): IDataObject[string] =>
	typeof value === 'string' && /^\d{1,15}$/.test(value.trim()) ? Number(value.trim()) : (value as IDataObject[string]);

/** `collection` is the collection's parameter name, for the JSON field's path. */
export function modifiersOf(extra: IDataObject, collection: string, reader: JsonReader): IDataObject[] | undefined {
	return list(
		rowsOf(extra.modifiers, 'modifier').map((row, index) => ({
			type: row.type,
			code: numberIfDigits(row.code),
			additional: row.additional === undefined ? undefined : reader.jsonObject(`${collection}.modifiers.modifier.${index}.additional`),
		})),
	);
}

function recurringOf(value: unknown, timeZone: string | undefined): IDataObject | undefined {
	if (!value || typeof value !== 'object' || !Object.keys(value).length) return undefined;
	const recurring = value as IDataObject;
	const date = (field: unknown) => (field === '' || field === undefined ? undefined : (formatDateOnly(field, timeZone) ?? field));
	return {
		periodicity: recurring.periodicity,
		interval: recurring.interval,
		nextPayment: date(recurring.nextPayment),
		maxPeriods: nonZero(recurring.maxPeriods),
		dueDate: date(recurring.dueDate),
		notificationUrl: recurring.notificationUrl,
	} as IDataObject;
}

/** A part not set is undefined, left out of the body. */
export function paymentParts(extra: IDataObject, collection: string, reader: PartsReader): { parts: IDataObject; amount: IDataObject } {
	const parts: IDataObject = {
		items: list(rowsOf(extra.items, 'item').map((item) => ({ ...item, tax: nonZero(item.tax) }))),
		fields: toNameValuePairs(extra.paymentFields),
		recurring: recurringOf(extra.recurring, reader.timeZone),
		subscribe: extra.subscribe,
		dispersion: list(
			rowsOf(extra.dispersion, 'destination').map((row) => ({
				agreement: numberIfDigits(row.agreement),
				agreementType: row.agreementType,
				amount: { currency: row.currency, total: row.total },
			})),
		),
		modifiers: modifiersOf(extra, collection, reader),
		processorFields: toNameValuePairs(extra.processorFields),
	};
	const amount: IDataObject = {
		taxes: list(rowsOf(extra.taxes, 'tax').map((tax) => ({ kind: tax.kind, amount: tax.amount, base: nonZero(tax.base) }))),
		details: list(rowsOf(extra.amountDetails, 'detail').map((detail) => ({ kind: detail.kind, amount: detail.amount }))),
	};
	return { parts, amount };
}

/** Validated by the caller. */
export function paymentRequest(ctx: OperationContext, extra: IDataObject): IDataObject {
	const { parts, amount } = paymentParts(extra, 'additionalFields', partsReader(ctx));
	return {
		reference: ctx.param<string>('reference', ''),
		description: ctx.param<string>('description', ''),
		amount: { ...amountFromParameters(ctx), ...amount },
		allowPartial: extra.allowPartial,
		shipping: toPerson(ctx.param('shipping', {})),
		...parts,
	};
}
