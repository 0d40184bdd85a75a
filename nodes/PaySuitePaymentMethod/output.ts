/**
 * The Simplify output of a merchant payment method (the platform's record has fifteen fields, settings and
 * credit rules among them): what a workflow uses, flat. Settings (passwords, API keys) are left out.
 */
import type { IDataObject } from 'n8n-workflow';

import { amountNumber } from '../shared/descriptions/simplify';

const orNull = (value: unknown) => (value === undefined ? null : value);

export function simplifyPaymentMethod(method: IDataObject): IDataObject {
	return {
		id: orNull(method.id),
		name: orNull(method.name),
		code: orNull(method.code),
		merchantId: orNull(method.customerId),
		franchise: orNull(method.franchise),
		commissionModel: orNull(method.commissionModel),
		commissionValue: amountNumber(method.commissionValue) ?? null,
		order: orNull(method.order),
		disabled: orNull(method.disabled),
		financialEntity: orNull(method.financialEntity),
		hasCreditRules: typeof method.creditRules === 'object' && method.creditRules !== null && Object.keys(method.creditRules).length > 0,
	};
}
