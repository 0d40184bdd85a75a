/**
 * The plain fields most declarations are made of, written the same way everywhere: a text, a number, a whole
 * number, a yes/no switch. A description or placeholder left out is not declared.
 */
import type { INodeProperties } from 'n8n-workflow';

const extras = (description?: string, placeholder?: string) => ({
	...(description ? { description } : {}),
	...(placeholder ? { placeholder } : {}),
});

export const textField = (displayName: string, name: string, description?: string, placeholder?: string): INodeProperties => ({
	displayName,
	name,
	type: 'string',
	default: '',
	...extras(description, placeholder),
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
