/** The Session node's fields that several operations show (the amount is in shared/descriptions/amount). */
import type { IDisplayOptions, INodeProperties } from 'n8n-workflow';

import { amountProperties } from '../shared/descriptions/amount';

export const requestIdProperty: INodeProperties = {
	displayName: 'Request ID',
	name: 'requestId',
	type: 'string',
	default: '',
	required: true,
	placeholder: '12345',
	description: 'The requestId the platform returned when the session was created',
};

export const internalReferenceProperty: INodeProperties = {
	displayName: 'Internal Reference',
	name: 'internalReference',
	type: 'string',
	default: '',
	required: true,
	placeholder: '500001',
	description: "The platform's internal reference of the payment (internalReference in a session's payments), digits only",
};

/** Currency and total of a partial amount (of a refund or a transaction action), shown when `displayOptions` holds. */
export const partialAmountProperties = (displayOptions: IDisplayOptions, what: string): INodeProperties[] =>
	amountProperties({ amount: what, currency: 'ISO 4217 alphabetic code of the currency, the same as the payment', displayOptions });
