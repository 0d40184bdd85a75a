/** The Gateway's simplified items (docs/nodes/gateway.md). Missing fields are null, so every item has the same columns. */
import type { IDataObject } from 'n8n-workflow';

import { amountNumber } from '../shared/descriptions/simplify';
import { kindOfType } from '../shared/reports/transactionKind';

/** Each also with the site's offset (`dateIso`, `validUntilIso`). */
export const GATEWAY_DATES = ['date', 'validUntil'] as const;

const objectAt = (value: unknown): IDataObject => (value && typeof value === 'object' && !Array.isArray(value) ? (value as IDataObject) : {});
const orNull = (value: unknown) => (value === undefined ? null : value);

function statusWords(answer: IDataObject): IDataObject {
	const status = objectAt(answer.status);
	return { status: orNull(status.status), reason: orNull(status.reason), message: orNull(status.message) };
}

export function simplifyTransaction(txn: IDataObject): IDataObject {
	const amount = objectAt(txn.amount);
	const status = statusWords(txn);
	const credit = objectAt(objectAt(txn.additional).credit);
	return {
		internalReference: orNull(txn.internalReference),
		reference: orNull(txn.reference),
		...status,
		approved: status.status === 'APPROVED',
		date: orNull(txn.date ?? objectAt(txn.status).date),
		type: orNull(txn.type),
		kind: kindOfType(txn.type),
		amount: amountNumber(amount.total) ?? null,
		currency: orNull(amount.currency),
		paymentMethod: orNull(txn.paymentMethod),
		franchise: orNull(txn.franchise),
		franchiseName: orNull(txn.franchiseName),
		issuerName: orNull(txn.issuerName),
		authorization: orNull(txn.authorization),
		receipt: orNull(txn.receipt),
		lastDigits: orNull(txn.lastDigits),
		installments: orNull(credit.installments),
		refunded: orNull(txn.refunded),
	};
}

export function simplifyCardInformation(answer: IDataObject): IDataObject {
	// The field table spells requiereOtp and requiereCvv2, the sample requireOtp and requireCvv2.
	const flag = (name: string) => orNull(answer[name] ?? answer[name.replace('require', 'requiere')]);
	const credits = Array.isArray(answer.credits) ? (answer.credits as IDataObject[]) : [];
	return {
		...statusWords(answer),
		provider: orNull(answer.provider),
		serviceCode: orNull(answer.serviceCode),
		cardType: orNull(answer.cardType),
		displayInterest: orNull(answer.displayInterest),
		requireOtp: flag('requireOtp'),
		requireCvv2: flag('requireCvv2'),
		threeDS: orNull(answer.threeDS),
		requireBalance: orNull(answer.requireBalance),
		requireRedirection: orNull(answer.requireRedirection),
		credits: credits.map((credit) => ({
			code: orNull(credit.code),
			type: orNull(credit.type),
			groupCode: orNull(credit.groupCode),
			description: orNull(credit.description),
			installments: orNull(credit.installments),
		})),
	};
}

/** The token is hidden unless Include Secrets is on. */
export function simplifyValidationSession(answer: IDataObject): IDataObject {
	const data = objectAt(answer.data);
	const token = objectAt(data.token);
	return {
		requestId: orNull(data.requestId),
		...statusWords(answer),
		validated: data.token !== undefined && data.token !== null,
		isAuthenticated: orNull(data.isAuthenticated),
		token: orNull(token.token),
		subtoken: orNull(token.subtoken),
		franchise: orNull(token.franchise),
		franchiseName: orNull(token.franchiseName),
		issuerName: orNull(token.issuerName),
		lastDigits: orNull(token.lastDigits),
		validUntil: orNull(token.validUntil),
	};
}

export function simplifyTokenValidation(answer: IDataObject): IDataObject {
	const words = statusWords(answer);
	return { valid: words.status === 'OK' || words.status === 'APPROVED', ...words, date: orNull(objectAt(answer.status).date) };
}
