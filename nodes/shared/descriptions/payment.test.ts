import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { keyValueMap, keyValueProperties, keyValueRows, type JsonReader } from './metadata';
import { paymentPartsLabels, paymentPartsProperties } from './payment';

describe('the payment parts: declarations', () => {
	it('are in the alphabetical order of their names, each with a unique internal name', () => {
		const names = paymentPartsProperties.map((property) => property.displayName);
		expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
		expect(new Set(paymentPartsProperties.map((property) => property.name)).size).toBe(paymentPartsProperties.length);
	});

	it('offer closed sets as dropdowns: tax and detail kinds, the dispersion currency', () => {
		const field = (part: string, name: string) =>
			(paymentPartsProperties.find((property) => property.name === part)!.options as Array<{ values: INodeProperties[] }>)[0].values.find((value) => value.name === name)!;
		expect(field('taxes', 'kind').type).toBe('options');
		expect(field('amountDetails', 'kind').type).toBe('options');
		expect(field('dispersion', 'currency')).toMatchObject({ type: 'options', default: 'USD' });
		expect(field('taxes', 'kind').options).toContainEqual({ name: 'ICE', value: 'ice' });
	});

	it('keep JSON only for a modifier\'s data', () => {
		const json: string[] = [];
		const walk = (properties: INodeProperties[], path: string) => {
			for (const property of properties) {
				if (property.type === 'json') json.push(`${path}${property.displayName}`);
				for (const option of (property.options ?? []) as Array<INodeProperties & { values?: INodeProperties[] }>) {
					if (option.values) walk(option.values, `${path}${property.displayName} › ${option.displayName} › `);
					else if ('type' in option) walk([option], `${path}${property.displayName} › `);
				}
			}
		};
		walk(paymentPartsProperties, '');
		expect(json).toEqual(['Modifiers › Modifier › Data (JSON)']);
	});
});

describe('the payment parts: declarations → labels', () => {
	it('names each part as the panel shows it for errors found in the body', () => {
		const labels = paymentPartsLabels('Additional Fields');
		expect(labels['payment.dispersion.amount.currency']).toBe('Additional Fields › Dispersion › Currency');
		expect(labels['payment.amount.details.kind']).toBe('Additional Fields › Amount Details › Kind');
		expect(labels['payment.recurring.notificationUrl']).toBe('Additional Fields › Recurring › Notification URL');
		expect(labels['payment.modifiers.additional']).toBe('Additional Fields › Modifiers › Data (JSON)');
		expect(labels['payment.fields']).toBe('Additional Fields › Payment Fields');
	});
});

describe('free-form maps (metadata, additional data): rows merged over the JSON', () => {
	const reader = (text: string): JsonReader => ({ jsonObject: () => JSON.parse(text) as IDataObject });

	it('declares the rows and "<Name> (JSON)" side by side', () => {
		expect(keyValueProperties('metadata', 'Metadata', 'd').map((property) => [property.name, property.displayName, property.type])).toEqual([
			['metadata', 'Metadata', 'fixedCollection'],
			['metadataJson', 'Metadata (JSON)', 'json'],
		]);
	});

	it("merges the rows over the JSON, a row's key winning", () => {
		const extra = { metadata: { pair: [{ key: 'campaign', value: 'spring' }, { key: ' ', value: 'dropped' }] }, metadataJson: '{"campaign":"winter","tier":2}' };
		expect(keyValueMap(extra, 'additionalFields', 'metadata', reader('{"campaign":"winter","tier":2}'))).toEqual({ campaign: 'spring', tier: 2 });
	});

	it('gives the rows alone, the JSON alone, or nothing', () => {
		expect(keyValueMap({ metadata: { pair: [{ key: 'a', value: '1' }] } }, 'additionalFields', 'metadata', reader('{}'))).toEqual({ a: '1' });
		expect(keyValueMap({ metadataJson: '{"a":1}' }, 'additionalFields', 'metadata', reader('{"a":1}'))).toEqual({ a: 1 });
		expect(keyValueMap({}, 'additionalFields', 'metadata', reader('{"never":"read"}'))).toBeUndefined();
		expect(keyValueRows({ pair: [{ key: '', value: 'x' }] })).toBeUndefined();
	});
});
