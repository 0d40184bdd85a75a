/**
 * What protects a pre-authorization (check-in) from a repeated Transaction › Checkout or Reauthorize, run by
 * n8n's real engine against the sandbox: the same action within 15 minutes is refused by n8n's record of the
 * workflow before anything is sent; sent again on purpose (Allow Repeat), a second Checkout finds nothing held
 * any more and is refused by the platform (the sandbox, as the documents' "Transaction is closed and collected"
 * reads), and a Reauthorize sends the new amount to hold (absolute), so the same amount stays held.
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

const action = (operation: string, internalReference: string, total?: number, allowRepeat = false) => ({
	resource: 'transaction',
	operation,
	internalReference,
	...(total === undefined ? {} : { sendAmount: true, currency: 'USD', total }),
	...(allowRepeat ? { options: { allowRepeat } } : {}),
});

describe('a repeated pre-authorization action', () => {
	it('Checkout run again is refused before it is sent; sent on purpose, the platform refuses it: nothing is collected twice', async () => {
		const internalReference = await heldPayment();
		const first = await session(action('checkout', internalReference, 80));
		expect(outputJson(first, 'Session')[0]).toMatchObject({ amount: 80, currency: 'USD' });
		const repeated = await session(action('checkout', internalReference, 80));
		expect(repeated.error?.message).toMatch(new RegExp(`^Not sent: the checkout of transaction ${internalReference} for 80\\.00 USD was already sent within the last (minute|2 minutes) \\(item 0\\)$`));
		expect(actionsSent()).toHaveLength(1);
		const again = await session(action('checkout', internalReference, 80, true));
		expect(again.error?.message).toMatch(
			new RegExp(`^The platform refused this in the current state: The check-in ${internalReference} is already collected: check the current state of the record`),
		);
		expect(actionsSent().map((call) => call.status)).toEqual([200, 409]);
	});

	it('Reauthorize run again is refused; sent on purpose with the same amount, the same amount stays held (the new total, not an addition)', async () => {
		const internalReference = await heldPayment();
		const first = await session(action('reauthorize', internalReference, 150));
		expect(outputJson(first, 'Session')[0]).toMatchObject({ amount: 150, currency: 'USD' });
		expect((await session(action('reauthorize', internalReference, 150))).error?.message).toMatch(/^Not sent: the reauthorization of transaction \d+ for 150\.00 USD was already sent/);
		const again = await session(action('reauthorize', internalReference, 150, true));
		// The platform's answer: the amount now held, 150 again, not 300.
		expect(outputJson(again, 'Session')[0]).toMatchObject({ amount: 150, currency: 'USD' });
		expect(actionsSent().map((call) => call.status)).toEqual([200, 200]);
		// Still held: it can be collected once, for at most what is held.
		const collected = await session(action('checkout', internalReference, 150));
		expect(outputJson(collected, 'Session')[0]).toMatchObject({ amount: 150 });
	});
});
