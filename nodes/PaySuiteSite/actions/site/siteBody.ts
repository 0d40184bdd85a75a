/**
 * The site `data` of create and update-all from the node's fields, with Configuration (JSON) under them; validated
 * later.
 */
import type { IDataObject } from 'n8n-workflow';
import { z } from 'zod/v3';

import { formatDateOnly, isoUtcOrAsTyped } from '../../../shared/schemas/dateTime';
import type { OperationContext } from '../../../shared/operation/types';
import { configurationProperties } from '../../descriptions/configuration';

type SiteMode = 'create' | 'update';

/** Its parameter name, except Operation Settings. */
const BODY_KEY: Record<string, string> = { operationSettings: 'operation' };
const LISTS = new Set(['paymentGroups', 'exceptionBinsList']);

/** "411111, 422222" → [411111, 422222]; an entry that is not a number stays text, for the check to name it. */
function commaSeparated(value: unknown, numbers: boolean): unknown {
	if (typeof value !== 'string') return value;
	const entries = value
		.split(',')
		.map((entry) => entry.trim())
		.filter((entry) => entry !== '');
	return numbers ? entries.map((entry) => (/^\d+$/.test(entry) ? Number(entry) : entry)) : entries;
}

/** Empty sections are dropped later, with everything unset. */
function configurationOf(sections: Record<string, IDataObject>): IDataObject {
	const body: IDataObject = {};
	for (const property of configurationProperties) {
		const fields = { ...(sections[property.name] ?? {}) };
		for (const key of Object.keys(fields)) {
			// A list left empty in the panel is nothing chosen: not sent.
			if (Array.isArray(fields[key]) && (fields[key] as unknown[]).length === 0) delete fields[key];
			else if (LISTS.has(key)) fields[key] = commaSeparated(fields[key], key === 'exceptionBinsList') as IDataObject[];
		}
		body[BODY_KEY[property.name] ?? property.name] = fields;
	}
	return body;
}

const isPlainObject = (value: unknown): value is IDataObject =>
	!!value && typeof value === 'object' && !Array.isArray(value) && !(value instanceof Date);

/**
 * A field that is set wins over the JSON's, objects merge field by field, unset fields (undefined, empty text) leave
 * the JSON as it is. An explicit null is a value (it removes `initiatorIndicator` on update-all).
 */
export function mergeSiteData(json: IDataObject, fields: IDataObject): IDataObject {
	const merged: IDataObject = { ...json };
	for (const [key, value] of Object.entries(fields)) {
		if (value === undefined || value === '') continue;
		merged[key] = isPlainObject(value) && isPlainObject(merged[key]) ? mergeSiteData(merged[key] as IDataObject, value) : value;
	}
	return merged;
}

export function siteData(ctx: OperationContext, mode: SiteMode): IDataObject {
	const timeZone = ctx.fn.getTimezone();
	const collection = mode === 'create' ? 'additionalFields' : 'updateFields';
	const fields = { ...ctx.param<IDataObject>(collection, {}) };
	delete fields.configuration;
	const { configuration } = ctx.validate(z.object({ configuration: z.record(z.unknown(), { invalid_type_error: 'must be a JSON object' }) }), {
		configuration: ctx.jsonParam<unknown>(`${collection}.configuration`, {}) ?? {},
	});
	const integration = { ...ctx.param<IDataObject>('integration', {}) };
	if (mode === 'update') {
		const action = ctx.param<string>('initiatorIndicatorAction', 'keep');
		if (action === 'remove') integration.initiatorIndicator = null;
		if (action === 'set') {
			integration.initiatorIndicator = ctx.param<string>('initiatorIndicator', '');
			if (!integration.initiatorIndicator) ctx.refuse('initiatorIndicator', "needs a value when Initiator Indicator is 'Set'");
		}
	}
	const sections = Object.fromEntries(configurationProperties.map((property) => [property.name, ctx.param<IDataObject>(property.name, {})]));
	const top: IDataObject = {
		...fields,
		...configurationOf(sections),
		expiration: fields.expiration === undefined ? undefined : String(isoUtcOrAsTyped(fields.expiration, timeZone)),
		productionDate:
			fields.productionDate === undefined ? undefined : (formatDateOnly(fields.productionDate, timeZone) ?? String(fields.productionDate)),
		integration,
		branding: ctx.param<IDataObject>('branding', {}),
	};
	if (mode === 'create') {
		top.customerId = ctx.param('merchantId');
		top.name = ctx.param<string>('name', '');
	}
	return mergeSiteData(configuration as IDataObject, top);
}
