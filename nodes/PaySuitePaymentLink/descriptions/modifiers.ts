/** The payment's tax-law modifiers ({type, code, additional}) as repeatable rows; `additional` stays free-form JSON. */
import type { IDataObject, INodeProperties } from 'n8n-workflow';

export const modifiersProperty: INodeProperties = {
	displayName: 'Modifiers',
	name: 'modifiers',
	type: 'fixedCollection',
	typeOptions: { multipleValues: true },
	placeholder: 'Add Modifier',
	default: {},
	description: 'Tax-law modifiers of the payment, for the countries whose law has them',
	options: [
		{
			name: 'entry',
			displayName: 'Modifier',
			values: [
				{ displayName: 'Type', name: 'type', type: 'string', default: '', description: 'The type of the modifier' },
				{ displayName: 'Code', name: 'code', type: 'string', default: '', description: 'The code of the modifier' },
				{
					displayName: 'Additional (JSON)',
					name: 'additional',
					type: 'json',
					default: '{}',
					description: 'Data of the modifier, as the platform asks for it for this type (a JSON object; free-form)',
				},
			],
		},
	],
};

/** The rows as the spec's array; `additionalOf(index)` reads the row's JSON. Undefined when there are none. */
export function toModifiers(value: unknown, additionalOf: (index: number) => unknown): IDataObject[] | undefined {
	const rows = (value as { entry?: IDataObject[] } | undefined)?.entry ?? [];
	if (!rows.length) return undefined;
	return rows.map((row, index) => ({ type: row.type, code: row.code, additional: additionalOf(index) as IDataObject | undefined }));
}
