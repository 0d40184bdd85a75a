/**
 * The merchant and site IDs of the core administration nodes (Site, Payment Method). The platform lists neither,
 * so both are "By ID" with a hint saying where the user finds the ID. The body still calls the merchant
 * `customerId` (the platform's name); the field is `merchantId` ("Merchant ID") in every node.
 */
import type { INodeParameterResourceLocator, INodeProperties } from 'n8n-workflow';

import { ID_REGEX, idLocatorProperty } from './locator';

/**
 * A locator the user may leave empty (a Merchant ID that only serves a list, a filter): its "By ID" check lets
 * an empty box through, and it is not required.
 */
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

/** What an optional locator inside a collection holds: the ID of its locator value, or the value as given (an expression's). */
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
