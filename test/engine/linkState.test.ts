/**
 * A payment link's state in plain words: the platform's `status` stays ACTIVE for a link that took the payments it
 * allows (its page says it is paid), so Payment Link › Get says so from the documented `availablePayments` and
 * `totalPayments`. In n8n's engine against the sandbox.
 */
import type { IDataObject } from 'n8n-workflow';

import { outputJson, runNode } from '../helpers/engine';
import { control, paySuiteApi, withSandbox } from '../helpers/sandbox';

const sandbox = withSandbox();
const LINK = { name: 'Link', type: 'paySuitePaymentLink', credentialType: 'paySuiteApi' };
const run = (parameters: IDataObject) => runNode(LINK, parameters, paySuiteApi(sandbox), { typeVersion: 2 });

let counter = 0;
async function link(additionalFields: IDataObject = {}): Promise<number> {
	const created = await run({ resource: 'paymentLink', operation: 'create', name: 'Tickets', reference: `STATE-${Date.now() % 1_000_000}-${++counter}`, description: 'Concert', currency: 'USD', total: 30, additionalFields });
	expect(created.error).toBeUndefined();
	return Number(outputJson(created, 'Link')[0].id);
}
const get = async (id: number) => outputJson(await run({ resource: 'paymentLink', operation: 'get', linkId: { __rl: true, mode: 'id', value: String(id) } }), 'Link')[0];
const pay = (id: number) => control(sandbox, `/__sandbox/payment-links/${id}/pay`, {});

describe("Payment Link › Get: the link's state in plain words", () => {
	it('a link that took its one allowed payment reads "Used up" while the platform still says ACTIVE', async () => {
		const id = await link();
		expect(await get(id)).toMatchObject({ status: 'ACTIVE', state: 'Open: takes payments (1 more allowed)', acceptsPayments: true });
		await pay(id);
		expect(await get(id)).toMatchObject({ status: 'ACTIVE', totalPayments: 1, availablePayments: 0, state: 'Used up: took the 1 payment it allows; takes no more', acceptsPayments: false });
	});

	it('a generic link of 2 payments is open after one, used up after two; a disabled link says so', async () => {
		const id = await link({ isGeneric: true, paymentsAllowed: 2 });
		await pay(id);
		expect(await get(id)).toMatchObject({ state: 'Open: takes payments (1 more allowed)', acceptsPayments: true });
		await pay(id);
		expect(await get(id)).toMatchObject({ state: 'Used up: took the 2 payments it allows; takes no more', acceptsPayments: false });
		const other = await link();
		await run({ resource: 'paymentLink', operation: 'disable', linkId: { __rl: true, mode: 'id', value: String(other) } });
		expect(await get(other)).toMatchObject({ status: 'INACTIVE', state: 'Disabled: takes no more payments', acceptsPayments: false });
	});
});
