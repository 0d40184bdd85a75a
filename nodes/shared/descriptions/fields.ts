/**
 * The plain fields most declarations are made of, written the same way everywhere: a text, a number, a whole
 * number, a yes/no switch. A description or example left out is not declared. A text's example is its placeholder,
 * shown after "e.g." as n8n's UX guidelines ask (the user must not take it for a value already filled in).
 */
import type { INodeProperties } from 'n8n-workflow';

const extras = (description?: string, example?: string) => ({
	...(description ? { description } : {}),
	...(example ? { placeholder: exampleText(example) } : {}),
});

/** A placeholder that shows an example value: "e.g. 1001". */
export const exampleText = (example: string) => `e.g. ${example}`;

export const textField = (displayName: string, name: string, description?: string, example?: string): INodeProperties => ({
	displayName,
	name,
	type: 'string',
	default: '',
	...extras(description, example),
});

export const numberField = (displayName: string, name: string, description?: string, fallback = 0): INodeProperties => ({
	displayName,
	name,
	type: 'number',
	default: fallback,
	...extras(description),
});

/** A count or identifier: no decimals, not below 0. */
export const wholeNumberField = (displayName: string, name: string, description?: string): INodeProperties => ({
	displayName,
	name,
	type: 'number',
	typeOptions: { minValue: 0, numberPrecision: 0 },
	default: 0,
	...extras(description),
});

export const flagField = (displayName: string, name: string, description?: string): INodeProperties => ({
	displayName,
	name,
	type: 'boolean',
	default: false,
	...extras(description),
});
