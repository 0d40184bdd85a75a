/**
 * A required group says so, and a refused item names every field still needed: Gateway › Transaction › Process
 * without its Payer (a group n8n shows without a required mark, so a notice above it says so) is refused before
 * anything is sent, its message naming what the Payer needs and the other fields to fill. In n8n's engine.
 */
import { packageNodeTypes } from '../helpers/nodeTypes';
import { runNode } from '../helpers/engine';
import { gatewayProcessParameters } from '../helpers/fixtures';
import { apiCallsOf, paySuiteApi, withSandbox } from '../helpers/sandbox';

const sandbox = withSandbox();
const GATEWAY = { name: 'Gateway', type: 'paySuiteGateway', credentialType: 'paySuiteApi' };

describe('Gateway › Process, the Payer group', () => {
	it('is marked required in the panel: a notice above it, and its button says whose field it adds', () => {
		const properties = packageNodeTypes().paySuiteGateway.description.properties.filter((p) => p.displayOptions?.show?.operation?.includes('process'));
		const names = properties.map((p) => p.name);
		expect(names.indexOf('payerNotice')).toBe(names.indexOf('payer') - 1);
		const notice = properties.find((p) => p.name === 'payerNotice')!;
		expect(notice.type).toBe('notice');
		expect(notice.displayName).toBe('Payer is required: add at least one of its fields below, usually Name, Surname, Email and Document');
		expect(properties.find((p) => p.name === 'payer')).toMatchObject({ required: true, placeholder: 'Add Payer Field' });
	});

	it('left empty, refuses the item naming what it needs and the other fields still needed; nothing is sent', async () => {
		const result = await runNode(GATEWAY, gatewayProcessParameters({ payer: {}, cardNumber: '={{ "" }}', reference: '={{ "" }}' }), paySuiteApi(sandbox), { typeVersion: 4 });
		expect(result.error?.message).toMatch(/^.+ \(item 0; also .+: see below\)$/);
		for (const field of ['Payer', 'Card Number', 'Reference']) expect(result.error?.message).toContain(field);
		expect(result.error?.description).toContain('Payer is required: add at least one of its fields, usually Name, Surname, Email and Document');
		expect(result.error?.description).toContain('Nothing was sent to the platform for this item.');
		expect(apiCallsOf(sandbox)).toEqual([]);
	});
});
