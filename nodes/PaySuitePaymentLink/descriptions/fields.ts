/** The Payment Link node's fields that several operations show. */
import type { INodeProperties } from 'n8n-workflow';

import { idLocatorProperty } from '../../shared/descriptions/locator';

/** A link's address: `/payment-link/<id>` or `/payment-links/<id>` anywhere in the path, any host. */
export const LINK_URL_REGEX = '^https?://\\S*?/payment-links?/([0-9]+)(?:[/?#]\\S*)?$';

/** Nothing lists payment links, so the ID is typed (or read from the link's address). */
export const linkIdProperty: INodeProperties = idLocatorProperty({
	displayName: 'Payment Link ID',
	name: 'linkId',
	description: 'The payment link, by its ID or by its address (the URL sent to buyers)',
	example: '123',
	url: {
		example: 'https://links.example.com/payment-link/123/9f8e7d6c',
		regex: LINK_URL_REGEX,
		what: "the link's address, such as https://links.example.com/payment-link/123/9f8e7d6c",
	},
	hint: 'The ID (or the URL) output by Payment Link > Create',
});
