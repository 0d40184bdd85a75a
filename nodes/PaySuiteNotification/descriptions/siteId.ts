/** Additional Fields › Site ID of a message: nothing in the onboarding API lists sites, so it is "By ID" with a hint. */
import type { INodeProperties } from 'n8n-workflow';

import { idLocatorProperty } from '../../shared/descriptions/locator';

export const siteIdLocator: INodeProperties = idLocatorProperty({
	displayName: 'Site ID',
	name: 'siteId',
	description: 'The site whose middleware sends the SMS and chat messages, when the tenant has one configured (otherwise ignored)',
	example: '2001',
	required: false,
	hint: "The Site ID is in PaySuite Merchant › Get's output (siteIds, or one item per site) and in PaySuite Site's items",
});
