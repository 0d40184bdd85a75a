/**
 * The merchant write body from merchantFields.ts's parameters; the schema checks it, and blank fields are never sent
 * (compact).
 */
import type { IDataObject } from 'n8n-workflow';

import type { OperationContext } from '../../../shared/operation/types';

type WriteKind = 'create' | 'update';

/** Given one by one at the top of the panel. */
const REQUIRED_GROUPS = ['document', 'address', 'legalRepresentative', 'control'];

/** List → the name of one entry in its parameter. */
const ENTRY_LISTS: Record<string, string> = { sites: 'site', paymentMethods: 'paymentMethod', integrations: 'integration' };

/** From the dropdown, an expression or "es, en"; empty → undefined (not sent). */
export function splitList(value: unknown): unknown {
	const list = Array.isArray(value)
		? value
		: typeof value === 'string'
			? value
					.split(',')
					.map((entry) => entry.trim())
					.filter(Boolean)
			: value;
	return Array.isArray(list) && list.length === 0 ? undefined : list;
}

/** Nothing when blank; a refusal naming the field when it is not JSON. */
function jsonObject(ctx: OperationContext, path: string, value: unknown): IDataObject | undefined {
	if (value === undefined || value === null || value === '') return undefined;
	if (typeof value === 'object') return value as IDataObject;
	try {
		return JSON.parse(String(value)) as IDataObject;
	} catch {
		return ctx.refuse(path, 'must be a JSON object, such as {"key": "value"}');
	}
}

/** Details and JSON merged in. */
function entryBody(ctx: OperationContext, path: string, entry: IDataObject): IDataObject {
	const out: IDataObject = {};
	for (const [key, value] of Object.entries(entry)) {
		if (key === 'details') Object.assign(out, value as IDataObject);
		else if (key === 'configuration') Object.assign(out, jsonObject(ctx, `${path}.configuration`, value));
		else if (key === 'settings') out.settings = jsonObject(ctx, `${path}.settings`, value);
		else out[key] = value;
	}
	if (Array.isArray(out.languages)) out.languages = splitList(out.languages) as string[];
	return out;
}

function entriesBody(ctx: OperationContext, key: string, value: unknown): IDataObject[] | undefined {
	const entries = ((value as IDataObject | undefined)?.[ENTRY_LISTS[key]] ?? []) as IDataObject[];
	return entries.length ? entries.map((entry, index) => entryBody(ctx, `${key}.${index}`, entry)) : undefined;
}

/** The Payment Facilitator locator read as the ID it holds. */
function controlBody(ctx: OperationContext, parameter: string, control: IDataObject): IDataObject {
	if (control.paymentFacilitator === undefined) return control;
	return { ...control, paymentFacilitator: ctx.param<string>(`${parameter}.paymentFacilitator`, '') };
}

export function merchantBody(ctx: OperationContext, kind: WriteKind): IDataObject {
	if (ctx.param<string>('specifyBody', 'fields') === 'json') {
		const body = ctx.jsonParam<unknown>('merchantJson');
		return (body ?? {}) as IDataObject;
	}
	const collection = kind === 'create' ? 'additionalFields' : 'updateFields';
	const body: IDataObject = {};
	const put = (key: string, value: unknown, parameter: string) => {
		if (key === 'languages' || key === 'currencies') body[key] = splitList(value) as string[];
		else if (key === 'control') body.control = controlBody(ctx, parameter, value as IDataObject);
		else if (key in ENTRY_LISTS) body[key] = entriesBody(ctx, key, value);
		else if (key === 'notificationUrl') body.notification = value === '' ? undefined : { url: value };
		else body[key] = value as IDataObject;
	};
	if (kind === 'create') {
		for (const key of ['name', 'brand', 'languages', 'currencies']) put(key, ctx.param(key, key === 'name' || key === 'brand' ? '' : []), key);
		for (const key of REQUIRED_GROUPS) put(key, ctx.param<IDataObject>(key, {}), key);
	}
	for (const [key, value] of Object.entries(ctx.param<IDataObject>(collection, {}))) put(key, value, `${collection}.${key}`);
	return body;
}
