/**
 * One declaration for every record ID the user picks: n8n's resource locator. "From list" first where the
 * platform lists the records (searchable, paged), "By ID" everywhere (digits, checked in the panel and again
 * before sending), "By URL" where the platform gives a link that holds the ID. Where nothing lists the records,
 * the hint says where the ID is found. The value reaches an operation as its digits (OperationContext.param).
 */
import type { INodeProperties } from 'n8n-workflow';

import { exampleText } from './fields';

export interface IdLocator {
	displayName: string;
	name: string;
	description: string;
	/** Example ID: the "By ID" box's placeholder (after "e.g.") and its error message. */
	example: string;
	/** The node's `listSearch` method that lists these records, when the platform lists them. */
	searchListMethod?: string;
	/** Whether the list needs the search box filled (the platform lists only what matches a search). */
	searchFilterRequired?: boolean;
	/** What "From list" shows before a pick, when the list needs something typed: an example of it. */
	listPlaceholder?: string;
	/** A link that holds the ID: an example, and a regular expression whose one group is the ID. */
	url?: { example: string; regex: string; what: string };
	/**
	 * IDs that are not digits (a UUID): the "By ID" box's regular expression and what it says when the value does
	 * not match. Default: digits.
	 */
	idFormat?: { regex: string; errorMessage: string };
	/** Where the user finds the ID when nothing lists it (shown under the field). */
	hint?: string;
	required?: boolean;
}

/** Digits, spaces around allowed (a pasted ID): the panel's check of the "By ID" box. */
export const ID_REGEX = '^\\s*[0-9]+\\s*$';

export function idLocatorProperty(locator: IdLocator): INodeProperties {
	const { searchListMethod, url } = locator;
	const noun = locator.displayName.replace(/ ID$/, '').toLowerCase();
	return {
		displayName: locator.displayName,
		name: locator.name,
		type: 'resourceLocator',
		default: { mode: searchListMethod ? 'list' : 'id', value: '' },
		required: locator.required ?? true,
		description: locator.description,
		...(locator.hint ? { hint: locator.hint } : {}),
		modes: [
			...(searchListMethod
				? [
						{
							displayName: 'From List',
							name: 'list',
							type: 'list' as const,
							placeholder: locator.listPlaceholder ?? `Select ${/^[aeiou]/i.test(noun) ? 'an' : 'a'} ${noun}...`,
							typeOptions: {
								searchListMethod,
								searchable: true,
								...(locator.searchFilterRequired ? { searchFilterRequired: true } : {}),
							},
						},
					]
				: []),
			{
				displayName: 'By ID',
				name: 'id',
				type: 'string',
				placeholder: exampleText(locator.example),
				validation: [
					{
						type: 'regex',
						properties: locator.idFormat ?? { regex: ID_REGEX, errorMessage: `Use the digits of the ID only, such as ${locator.example}` },
					},
				],
			},
			...(url
				? [
						{
							displayName: 'By URL',
							name: 'url',
							type: 'string' as const,
							placeholder: exampleText(url.example),
							validation: [{ type: 'regex' as const, properties: { regex: url.regex, errorMessage: `Paste ${url.what}` } }],
							extractValue: { type: 'regex' as const, regex: url.regex },
						},
					]
				: []),
		],
	};
}
