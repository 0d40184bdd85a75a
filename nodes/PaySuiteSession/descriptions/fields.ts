/** The Session node's shared fields (the amount is in shared/descriptions/amount). */
import type { IDisplayOptions, INodeProperties } from 'n8n-workflow';

import { amountProperties } from '../../shared/descriptions/amount';
import { idLocatorProperty } from '../../shared/descriptions/locator';
import { internalReferenceLocator } from '../../shared/methods/transactions';

/** Any host, a path ending in `/session/<requestId>/...` (the platform's and the sandbox's shape); the group is the Request ID. */
export const SESSION_URL_REGEX = '^https?://\\S*?/session/([0-9]+)(?:[/?#]\\S*)?$';

/** Nothing lists sessions: typed, or read from the link the buyer was sent to. */
export const requestIdProperty: INodeProperties = idLocatorProperty({
	displayName: 'Request ID',
	name: 'requestId',
	description: 'The checkout session, by its Request ID or by the link the buyer was sent to (its Process URL)',
	example: '12345',
	url: {
		example: 'https://checkout.example.com/session/12345/a1b2c3d4',
		regex: SESSION_URL_REGEX,
		what: "the session's Process URL, such as https://checkout.example.com/session/12345/a1b2c3d4",
	},
	hint: 'The Request ID (or the Process URL) output by Session > Create',
});

export const internalReferenceProperty: INodeProperties = internalReferenceLocator();

export const partialAmountProperties = (displayOptions: IDisplayOptions, what: string): INodeProperties[] =>
	amountProperties({ amount: what, currency: 'ISO 4217 alphabetic code of the currency, the same as the payment', displayOptions });
