/**
 * Every record ID the user picks, as n8n's resource locator: "From list" where the platform lists the records, "By
 * ID" everywhere (checked in the panel and again before sending), "By URL" where a platform link holds the ID.
 */
import type { INodeProperties } from 'n8n-workflow';

import { exampleText } from './fields';

export interface IdLocator {
	displayName: string;
	name: string;
	description: string;
	/** The "By ID" box's placeholder and its error message. */
	example: string;
	/** When the platform lists these records. */
	searchListMethod?: string;
	/** The platform lists only what matches a search. */
	searchFilterRequired?: boolean;
	/** An example of what to type, when the list needs something typed. */
	listPlaceholder?: string;
	/** The regular expression's one group is the ID. */
	url?: { example: string; regex: string; what: string };
	/** For IDs that are not digits (a UUID); default: digits. */
	idFormat?: { regex: string; errorMessage: string };
	/** Where the user finds the ID when nothing lists it. */
	hint?: string;
	required?: boolean;
}

/** Spaces around allowed (a pasted ID). */
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
