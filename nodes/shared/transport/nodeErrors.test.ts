import { NodeApiError, NodeOperationError, type INode, type INodeProperties } from 'n8n-workflow';

import { asNodeError, failedItemError, nodeForError, passwordParameters } from './nodeErrors';

const node = { id: 'n', name: 'PaySuite Gateway', type: 'paySuiteGateway', typeVersion: 1, position: [0, 0], parameters: {} } as INode;

describe('asNodeError', () => {
	it('hands back the errors that already are node errors, unchanged', () => {
		const api = new NodeApiError(node, { httpCode: 400 }, { message: 'The platform refused the request: name: too short.', httpCode: '400' });
		const operation = new NodeOperationError(node, "Invalid 'total' in item 1", { itemIndex: 1 });
		expect(asNodeError(node, api, 0)).toBe(api);
		expect(asNodeError(node, operation, 0)).toBe(operation);
	});

	it('wraps anything else in a NodeOperationError of the node and the item', () => {
		const wrapped = asNodeError(node, new TypeError('x is undefined'), 2);
		expect(wrapped).toBeInstanceOf(NodeOperationError);
		expect(wrapped.message).toBe('x is undefined');
		expect(wrapped.context.itemIndex).toBe(2);
		expect(asNodeError(node, 'text thrown').message).toBe('text thrown');
	});
});

describe('the node a failed item hands to n8n', () => {
	const fields: INodeProperties[] = [
		{ displayName: 'Card Number', name: 'cardNumber', type: 'string', typeOptions: { password: true }, default: '' },
		{ displayName: 'Reference', name: 'reference', type: 'string', default: '' },
		{
			displayName: 'Additional Fields',
			name: 'additionalFields',
			type: 'collection',
			default: {},
			options: [{ displayName: 'OTP', name: 'otp', type: 'string', typeOptions: { password: true }, default: '' }],
		},
		{
			displayName: 'Settings',
			name: 'settings',
			type: 'fixedCollection',
			default: {},
			options: [{ name: 'values', displayName: 'Values', values: [{ displayName: 'Terminal Code', name: 'terminalCode', type: 'string', typeOptions: { password: true }, default: '' }] }],
		},
	];
	const typed = {
		...node,
		parameters: {
			cardNumber: '4111111111111111',
			reference: 'ORDER-1 paid by 5500000000000004',
			cvv: '987',
			additionalFields: { otp: '123456' },
			settings: { values: [{ terminalCode: 'T3RM-of-the-acquirer' }] },
			token: '={{ $json.token }}',
		},
	} as INode;

	it('finds the password fields at any depth', () => {
		expect([...passwordParameters(fields)].sort()).toEqual(['cardNumber', 'otp', 'terminalCode']);
	});

	it('masks password fields, card numbers and secret keys, keeps the rest and leaves the node itself alone', () => {
		const masked = nodeForError(typed, passwordParameters(fields));
		expect(masked).toEqual({
			...typed,
			parameters: {
				cardNumber: '[redacted]',
				reference: 'ORDER-1 paid by 550000******0004',
				cvv: '[redacted]',
				additionalFields: { otp: '[redacted]' },
				settings: { values: [{ terminalCode: '[redacted]' }] },
				// An expression holds no value, whatever its field.
				token: '={{ $json.token }}',
			},
		});
		expect(typed.parameters.cardNumber).toBe('4111111111111111');
	});

	it('an expression in a password field stays: it holds no value', () => {
		const masked = nodeForError({ ...node, parameters: { cardNumber: '={{ $json.card }}' } }, new Set(['cardNumber']));
		expect(masked.parameters.cardNumber).toBe('={{ $json.card }}');
	});

	it('failedItemError keeps the error and its words, with the masked node', () => {
		const error = new NodeOperationError(typed, "Invalid 'payer.email' in item 3", { itemIndex: 3 });
		const thrown = failedItemError(typed, error, 3, passwordParameters(fields));
		expect(thrown).toBe(error);
		expect(thrown.message).toBe("Invalid 'payer.email' in item 3");
		expect(JSON.stringify(thrown)).not.toMatch(/4111111111111111|"987"|123456|T3RM-of-the-acquirer/);
		expect(thrown.node.name).toBe('PaySuite Gateway');
	});
});
