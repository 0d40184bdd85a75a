/** The three nodes that send a payment declare its parts with the one shared declaration, not one of their own. */
import type { INodeProperties } from 'n8n-workflow';

import { processPayment } from '../../PaySuiteGateway/actions/transaction/process.operation';
import { create as createLink } from '../../PaySuitePaymentLink/actions/paymentLink/create.operation';
import { create as createSession } from '../../PaySuiteSession/actions/session/create.operation';
import { metadataProperties } from './metadata';
import { modifiersProperty, paymentPartsProperties, shippingProperty } from './payment';

const PART_NAMES = new Set([...paymentPartsProperties.map((property) => property.name), 'shipping', 'metadata', 'metadataJson']);

/** The operation's fields that are payment parts or metadata, top level and in Additional Fields, by name. */
function partsOf(properties: INodeProperties[]): Map<string, INodeProperties> {
	const extra = (properties.find((property) => property.name === 'additionalFields')?.options ?? []) as INodeProperties[];
	return new Map([...properties, ...extra].filter((property) => PART_NAMES.has(property.name)).map((property) => [property.name, property]));
}

/** The field as declared, without where the operation shows it. */
const withoutShown = (property: INodeProperties): INodeProperties => {
	const copy = { ...property };
	delete copy.displayOptions;
	return copy;
};

describe.each([
	['Gateway › Transaction › Process', processPayment.properties, [...PART_NAMES]],
	['Session › Create', createSession.properties, [...PART_NAMES]],
	['Payment Link › Create', createLink.properties, ['modifiers']],
])('%s', (_operation, properties, expected) => {
	const parts = partsOf(properties);

	it('offers the parts its request takes, no more', () => {
		expect([...parts.keys()].sort()).toEqual([...expected].sort());
	});

	it('declares each with the shared declaration', () => {
		const shared = new Map([...paymentPartsProperties, shippingProperty, modifiersProperty, ...metadataProperties('')].map((property) => [property.name, property]));
		for (const [name, property] of parts) {
			// Metadata says what it is for in each node; the rest is the same.
			if (name.startsWith('metadata')) expect({ ...property, description: '' }).toEqual({ ...shared.get(name)!, description: '' });
			else expect(withoutShown(property)).toEqual(shared.get(name));
		}
	});
});
