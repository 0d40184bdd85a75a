import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { paymentPartsProperties } from '../descriptions/payment';
import { modifiersOf, paymentParts, type PartsReader } from './paymentBody';

/** A reader of the JSON texts given by parameter path, refusing what is not an object as the node does. */
function readerOf(texts: Record<string, string>, timeZone = 'UTC'): PartsReader & { read: string[] } {
	const read: string[] = [];
	return {
		timeZone,
		read,
		jsonObject(path) {
			read.push(path);
			const value = JSON.parse(texts[path] ?? '{}') as unknown;
			if (!value || typeof value !== 'object' || Array.isArray(value)) throw new Error(`${path} must be a JSON object`);
			return Object.keys(value).length ? (value as IDataObject) : undefined;
		},
	};
}

/** What n8n holds for a row added in the panel and left untouched: every field at its default. */
function untouchedRow(name: string): IDataObject {
	const property = paymentPartsProperties.find((candidate) => candidate.name === name)!;
	const values = (property.options as Array<{ values: INodeProperties[] }>)[0].values;
	return Object.fromEntries(values.map((value) => [value.name, value.default]));
}

describe('the payment parts: declarations → body', () => {
	it('builds every part in the documented shape, where the body puts it', () => {
		const reader = readerOf({ 'additionalFields.modifiers.modifier.0.additional': '{"invoice":"12"}' });
		const { parts, amount } = paymentParts(
			{
				amountDetails: { detail: [{ kind: 'shipping', amount: 5 }] },
				dispersion: { destination: [{ agreement: '7', agreementType: 'MERCHANT', currency: 'USD', total: 100 }] },
				items: { item: [{ sku: 'S-1', name: 'Shoe', category: 'shoes', qty: 2, price: 60.25, tax: 3 }] },
				modifiers: { modifier: [{ type: 'FEDERAL_GOVERNMENT', code: '17934', additional: '{"invoice":"12"}' }] },
				paymentFields: { pair: [{ keyword: 'seller', value: 'Eva', displayOn: 'both' }] },
				processorFields: { pair: [{ keyword: 'channel', value: 'web', displayOn: '' }] },
				recurring: { periodicity: 'M', interval: 1, nextPayment: '2030-02-01T10:00:00', maxPeriods: 12, dueDate: '2031-01-31', notificationUrl: 'https://shop.example.com/r' },
				subscribe: true,
				taxes: { tax: [{ kind: 'valueAddedTax', amount: 19.24, base: 101.26 }] },
			},
			'additionalFields',
			reader,
		);
		expect(JSON.parse(JSON.stringify(parts))).toEqual({
			items: [{ sku: 'S-1', name: 'Shoe', category: 'shoes', qty: 2, price: 60.25, tax: 3 }],
			fields: [{ keyword: 'seller', value: 'Eva', displayOn: 'both' }],
			processorFields: [{ keyword: 'channel', value: 'web', displayOn: '' }],
			recurring: { periodicity: 'M', interval: 1, nextPayment: '2030-02-01', maxPeriods: 12, dueDate: '2031-01-31', notificationUrl: 'https://shop.example.com/r' },
			subscribe: true,
			// Digits as numbers: the document gives agreements as integers.
			dispersion: [{ agreement: 7, agreementType: 'MERCHANT', amount: { currency: 'USD', total: 100 } }],
			modifiers: [{ type: 'FEDERAL_GOVERNMENT', code: 17934, additional: { invoice: '12' } }],
		});
		expect(amount).toEqual({ taxes: [{ kind: 'valueAddedTax', amount: 19.24, base: 101.26 }], details: [{ kind: 'shipping', amount: 5 }] });
		expect(reader.read).toEqual(['additionalFields.modifiers.modifier.0.additional']);
	});

	it('leaves out what was not set, and the zeros an untouched row holds where 0 means nothing', () => {
		const { parts, amount } = paymentParts(
			{ items: { item: [untouchedRow('items')] }, taxes: { tax: [untouchedRow('taxes')] }, recurring: { periodicity: 'M', maxPeriods: 0 } },
			'additionalFields',
			readerOf({}),
		);
		expect(JSON.parse(JSON.stringify(parts))).toEqual({ items: [{ category: '', name: '', price: 0, qty: 1, sku: '' }], recurring: { periodicity: 'M' } });
		expect(JSON.parse(JSON.stringify(amount))).toEqual({ taxes: [{ kind: 'valueAddedTax', amount: 0 }] });
		expect(paymentParts({}, 'additionalFields', readerOf({}))).toEqual({
			parts: { items: undefined, fields: undefined, recurring: undefined, subscribe: undefined, dispersion: undefined, modifiers: undefined, processorFields: undefined },
			amount: { taxes: undefined, details: undefined },
		});
	});

	it('keeps a code or an agreement that is not digits as typed, and a modifier without data without it', () => {
		expect(modifiersOf({ modifiers: { modifier: { type: 'IVA', code: 'A-1', additional: '{}' } } }, 'additionalFields', readerOf({}))).toEqual([
			{ type: 'IVA', code: 'A-1', additional: undefined },
		]);
	});

	it('reads a modifier\'s data at its own parameter path, so a refusal names that row', () => {
		const reader = readerOf({ 'additionalFields.modifiers.modifier.1.additional': '[1]' });
		expect(() => modifiersOf({ modifiers: { modifier: [{ type: 'A', code: '1', additional: '{}' }, { type: 'B', code: '2', additional: '[1]' }] } }, 'additionalFields', reader)).toThrow(
			'additionalFields.modifiers.modifier.1.additional must be a JSON object',
		);
	});
});
