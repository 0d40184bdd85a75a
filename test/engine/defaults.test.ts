/**
 * Adding a node never moves money: a new Gateway or Session node (type version 2) starts on a read, while a
 * workflow saved at version 1 (n8n leaves defaults out of saved parameters) keeps the operation it had.
 * Read through n8n-workflow's own parameter resolution, as the editor and the engine do.
 */
import { NodeHelpers, type INodeType } from 'n8n-workflow';

import { PaySuiteGateway } from '../../nodes/PaySuiteGateway/PaySuiteGateway.node';
import { PaySuiteSession } from '../../nodes/PaySuiteSession/PaySuiteSession.node';
import { PaySuiteMerchant } from '../../nodes/PaySuiteMerchant/PaySuiteMerchant.node';
import { PaySuitePaymentLink } from '../../nodes/PaySuitePaymentLink/PaySuitePaymentLink.node';
import { PaySuitePaymentMethod } from '../../nodes/PaySuitePaymentMethod/PaySuitePaymentMethod.node';
import { PaySuiteSite } from '../../nodes/PaySuiteSite/PaySuiteSite.node';
import { PaySuiteNotification } from '../../nodes/PaySuiteNotification/PaySuiteNotification.node';

/** The resource and operation a node of this version gets when the workflow sets none. */
function defaultsOf(nodeType: INodeType, typeVersion: number): { resource: unknown; operation: unknown } {
	const node = { id: 'n', name: 'N', type: nodeType.description.name, typeVersion, position: [0, 0] as [number, number], parameters: {} };
	const parameters = NodeHelpers.getNodeParameters(nodeType.description.properties, {}, true, false, node, nodeType.description);
	return { resource: parameters?.resource, operation: parameters?.operation };
}

const MOVES_MONEY = new Set(['processPayment', 'process', 'refund', 'reverse', 'checkout', 'reauthorize', 'capture']);

describe('default operations', () => {
	it('a new Gateway node starts on Transaction › Get; a version 1 node keeps Process', () => {
		expect(defaultsOf(new PaySuiteGateway(), 2)).toEqual({ resource: 'transaction', operation: 'get' });
		expect(defaultsOf(new PaySuiteGateway(), 1)).toEqual({ resource: 'transaction', operation: 'process' });
		expect(defaultsOf(new PaySuiteGateway(), 3)).toEqual({ resource: 'transaction', operation: 'get' });
		expect(defaultsOf(new PaySuiteGateway(), 4)).toEqual({ resource: 'transaction', operation: 'get' });
		expect(new PaySuiteGateway().description.defaultVersion).toBe(4);
	});

	it.each([
		[1, 'tsv'],
		[2, 'tsv'],
		[3, 'csv'],
		[4, 'csv'],
	])("a Gateway report's file at version %i is %s when the workflow sets no File Format", (typeVersion, format) => {
		const gateway = new PaySuiteGateway();
		for (const operation of ['obtain', 'requestAndWait']) {
			for (const output of ['binary', 'both']) {
				const saved = { resource: 'report', operation, output };
				const node = { id: 'n', name: 'N', type: gateway.description.name, typeVersion, position: [0, 0] as [number, number], parameters: saved };
				const parameters = NodeHelpers.getNodeParameters(gateway.description.properties, saved, true, false, node, gateway.description);
				expect(parameters?.fileFormat).toBe(format);
			}
		}
	});

	it('a new Session node starts on Session › Get; a version 1 node keeps Create', () => {
		expect(defaultsOf(new PaySuiteSession(), 2)).toEqual({ resource: 'session', operation: 'get' });
		expect(defaultsOf(new PaySuiteSession(), 1)).toEqual({ resource: 'session', operation: 'create' });
	});

	it.each([PaySuiteGateway, PaySuiteSession, PaySuiteMerchant, PaySuitePaymentLink, PaySuitePaymentMethod, PaySuiteSite, PaySuiteNotification])(
		'%p: the default operation of a new node moves no money',
		(NodeClass) => {
			const nodeType = new NodeClass();
			const versions = ([] as number[]).concat(nodeType.description.version);
			const { operation } = defaultsOf(nodeType, Math.max(...versions));
			expect(MOVES_MONEY.has(String(operation))).toBe(false);
		},
	);
});
