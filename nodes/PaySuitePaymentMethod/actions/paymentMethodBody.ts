/** What every payment method write sends from its fields, before the schema checks it. */
import type { IDataObject } from 'n8n-workflow';

import type { OperationContext } from '../../shared/operation/types';

/** From the Settings collection; the platform spells the 3-D Secure keys with a leading digit. */
export function toSettings(raw: IDataObject | undefined): IDataObject {
	const { threeDSVersion, threeDSApiKey, ...rest } = raw ?? {};
	return { ...rest, '3DSVersion': threeDSVersion, '3DSApiKey': threeDSApiKey };
}

interface CreditRuleRow {
	code?: string;
	cardGroup?: string;
	installment?: number | string;
	minimum?: string | number;
	maximum?: string | number;
	remove?: boolean;
}

/** code → card group → installment → rule. */
export function creditRulesFromRows(rows: CreditRuleRow[]): IDataObject {
	const rules: IDataObject = {};
	for (const row of rows) {
		const byGroup = (rules[String(row.code ?? '').trim()] ??= {}) as IDataObject;
		const byInstallment = (byGroup[String(row.cardGroup ?? '').trim()] ??= {}) as IDataObject;
		const rule: IDataObject = {};
		if (row.minimum !== undefined && row.minimum !== '') rule.minimum = String(row.minimum);
		if (row.maximum !== undefined && row.maximum !== '') rule.maximum = String(row.maximum);
		if (row.remove) rule.remove = true;
		byInstallment[String(row.installment ?? '')] = rule;
	}
	return rules;
}

/** From its rows or its JSON, not both; undefined when neither. */
function creditRulesOf(ctx: OperationContext, collection: string): unknown {
	const rows = ctx.param<{ rule?: CreditRuleRow[] }>(`${collection}.creditRules`, {})?.rule ?? [];
	const json = ctx.jsonParam<unknown>(`${collection}.creditRulesJson`, {});
	const hasJson = json !== undefined && !(typeof json === 'object' && json !== null && !Array.isArray(json) && Object.keys(json).length === 0);
	if (rows.length && hasJson) ctx.refuse(`${collection}.creditRulesJson`, 'and Credit Rules cannot both be set: use one of them');
	return rows.length ? creditRulesFromRows(rows) : json;
}

/** The JSON field is read on its own. */
function withoutJson(fields: IDataObject, ...names: string[]): IDataObject {
	const copy = { ...fields };
	for (const name of names) delete copy[name];
	return copy;
}

/**
 * Plain fields as they are, then `settings` and `creditRules`. `readApart` names fields the operation reads on its
 * own, so they are not sent as is.
 */
export function paymentMethodFields(ctx: OperationContext, collection: string, ...readApart: string[]): Record<string, unknown> {
	return {
		...withoutJson(ctx.param<IDataObject>(collection, {}), 'creditRules', 'creditRulesJson', ...readApart),
		settings: toSettings(ctx.param<IDataObject>('settings', {})),
		creditRules: creditRulesOf(ctx, collection),
	};
}
