/**
 * Merchant and site IDs of the core administration nodes: the platform lists neither, so both are "By ID" with a hint saying where the ID
 * is. The body says `customerId` (the platform's name); the field is `merchantId` everywhere.
 */
import type { INodeParameterResourceLocator, INodeProperties } from 'n8n-workflow';

import { ID_REGEX, idLocatorProperty } from './locator';

/** Its "By ID" check lets an empty box through (a Merchant ID that only serves a list, a filter). */
export function optionalLocator(property: INodeProperties): INodeProperties {
	const emptyOrId = ID_REGEX.replace('[0-9]+', '[0-9]*');
	return {
		...property,
		required: false,
		modes: property.modes?.map((mode) =>
			mode.name === 'id'
				? {
						...mode,
						validation: mode.validation?.map((rule) =>
							typeof rule === 'object' && rule.type === 'regex' ? { ...rule, properties: { ...rule.properties, regex: emptyOrId } } : rule,
						),
					}
				: mode,
		),
	};
}

/** The ID of its locator value, or the value as given (an expression's). */
export function locatorValue(value: unknown): unknown {
	return typeof value === 'object' && value !== null ? (value as INodeParameterResourceLocator).value : value;
}

export const merchantIdLocator = () =>
	idLocatorProperty({
		displayName: 'Merchant ID',
		name: 'merchantId',
		description: 'The merchant (the platform calls it customer)',
		example: '1001',
		hint: "Find it in the output of PaySuite Merchant › Create (merchantId), or in a finished onboarding process's result.merchantId",
	});

export const siteIdLocator = () =>
	idLocatorProperty({
		displayName: 'Site ID',
		name: 'siteId',
		description: 'The site: where a merchant receives payments',
		example: '2001',
		hint: 'Find it in the output of PaySuite Site › Create (id)',
	});
