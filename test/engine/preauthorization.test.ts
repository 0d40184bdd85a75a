/**
 * What protects a pre-authorization (check-in) from a repeated Transaction › Checkout or Reauthorize, run by
 * n8n's real engine against the sandbox: a second Checkout finds nothing held any more and is refused by the
 * platform (the sandbox, as the documents' "Transaction is closed and collected" reads), so nothing is collected
 * twice; a Reauthorize sends the new amount to hold (absolute), so sending the same one again leaves the same
 * amount held. Neither node reads the payment first: the platform's state is the guard.
 */
import type { IDataObject } from 'n8n-workflow';

import { outputJson, runNode } from '../helpers/engine';
import { sessionCreateParameters } from '../helpers/fixtures';
import { apiCallsOf, control, paySuiteApi, withSandbox } from '../helpers/sandbox';

const sandbox = withSandbox({}, 'clearLedger');

const SESSION = { name: 'Session', type: 'paySuiteSession', credentialType: 'paySuiteApi' };
const session = (parameters: IDataObject) => runNode(SESSION, parameters, paySuiteApi(sandbox));
const actionsSent = () => apiCallsOf(sandbox).filter((call) => call.path === '/api/transaction');

let counter = 0;

/** A paid pre-authorization (check-in) session of 120.50 USD: the internal reference of its held payment. */
async function heldPayment(): Promise<string> {
	const created = await session(sessionCreateParameters({ sessionType: 'checkin', reference: `HOLD-${++counter}-${Date.now() % 100000}` }));
	expect(created.error).toBeUndefined();
	const requestId = String(outputJson(created, 'Session')[0].requestId);
	await control(sandbox, `/__sandbox/sessions/${requestId}/pay`, {});
	const paid = await session({ resource: 'session', operation: 'get', requestId, options: { splitPayments: true } });
	sandbox.clearLedger();
	return String(outputJson(paid, 'Session')[0].internalReference);
}

const action = (operation: string, internalReference: string, total?: number) => ({
	resource: 'transaction',
	operation,
	internalReference,
	...(total === undefined ? {} : { sendAmount: true, currency: 'USD', total }),
});

describe('a repeated pre-authorization action', () => {
	it('Checkout run again is refused by the platform: nothing is held any more, nothing is collected twice', async () => {
		const internalReference = await heldPayment();
		const first = await session(action('checkout', internalReference, 80));
		expect(outputJson(first, 'Session')[0]).toMatchObject({ amount: 80, currency: 'USD' });
		const again = await session(action('checkout', internalReference, 80));
		expect(again.error?.message).toMatch(
			new RegExp(`^The platform refused this in the current state: The check-in ${internalReference} is already collected: check the current state of the record`),
		);
		expect(actionsSent().map((call) => call.status)).toEqual([200, 409]);
	});

	it('Reauthorize run again with the same amount leaves the same amount held (the amount is the new total, not an addition)', async () => {
		const internalReference = await heldPayment();
		const first = await session(action('reauthorize', internalReference, 150));
		expect(outputJson(first, 'Session')[0]).toMatchObject({ amount: 150, currency: 'USD' });
		const again = await session(action('reauthorize', internalReference, 150));
		// The platform's answer: the amount now held, 150 again, not 300.
		expect(outputJson(again, 'Session')[0]).toMatchObject({ amount: 150, currency: 'USD' });
		expect(actionsSent().map((call) => call.status)).toEqual([200, 200]);
		// Still held: it can be collected once, for at most what is held.
		const collected = await session(action('checkout', internalReference, 150));
		expect(outputJson(collected, 'Session')[0]).toMatchObject({ amount: 150 });
	});
});
