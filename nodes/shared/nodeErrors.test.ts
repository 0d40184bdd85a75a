import { NodeApiError, NodeOperationError, type INode } from 'n8n-workflow';

import { asNodeError } from './nodeErrors';

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
