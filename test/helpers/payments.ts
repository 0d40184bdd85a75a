/**
 * A paid checkout payment to refund, made the way a buyer makes it: Session › Create through n8n's engine, then
 * the sandbox's checkout page pays it. Shared by the refund tests.
 */
import type { RunningSandbox } from '../../sandbox';
import { outputJson, runNode } from './engine';
import { sessionCreateParameters } from './fixtures';
import { control, paySuiteApi } from './sandbox';

const SESSION = { name: 'Session', type: 'paySuiteSession', credentialType: 'paySuiteApi' };
let counter = 0;

/** A paid session of 120.50 USD: its requestId and its approved payment's internal reference; the ledger is cleared. */
export async function paidSessionPayment(sandbox: RunningSandbox, prefix = 'PAID'): Promise<{ requestId: number; internalReference: number }> {
	const session = (parameters: Parameters<typeof runNode>[1]) => runNode(SESSION, parameters, paySuiteApi(sandbox));
	const created = await session(sessionCreateParameters({ reference: `${prefix}-${++counter}-${Date.now() % 100000}`, description: 'Shoes' }));
	if (created.error) throw created.error;
	const requestId = Number(outputJson(created, 'Session')[0].requestId);
	await control(sandbox, `/__sandbox/sessions/${requestId}/pay`, {});
	const paid = await session({ resource: 'session', operation: 'get', requestId: String(requestId), options: { splitPayments: true } });
	sandbox.clearLedger();
	return { requestId, internalReference: Number(outputJson(paid, 'Session')[0].internalReference) };
}
