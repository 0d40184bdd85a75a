/**
 * Session › Create and Wait for Payment in n8n's engine against the sandbox. A session cannot be given a
 * notification URL of its own (the API documents' Create has none), so the node reads the session until its status
 * is final: paid → APPROVED with the payment, rejected → REJECTED, nobody paying → at the limit, one more read
 * and the session as it is (PENDING). One item per execution.
 */
import { sleep, type IDataObject } from 'n8n-workflow';

import { outputJson, runNode, type RunResult } from '../helpers/engine';
import { sessionCreateParameters } from '../helpers/fixtures';
import { apiCallsOf, control, paySuiteApi, withSandbox } from '../helpers/sandbox';

const sandbox = withSandbox({}, 'clearLedger');

const SESSION = { name: 'Session', type: 'paySuiteSession', credentialType: 'paySuiteApi' };
const parameters = (overrides: IDataObject = {}): IDataObject => ({
	...sessionCreateParameters({ ipAddress: '203.0.113.7', userAgent: 'Mozilla/5.0 (X11; Linux x86_64)' }),
	operation: 'createAndWait',
	options: { checkEverySeconds: 1 },
	...overrides,
});
const run = (overrides: IDataObject = {}, items?: IDataObject[]) => runNode(SESSION, parameters(overrides), paySuiteApi(sandbox), { items, typeVersion: 2 });

/** The session the running node created, once it reads it. */
async function createdSession(): Promise<number> {
	for (const end = Date.now() + 5000; Date.now() < end; await sleep(50)) {
		const read = apiCallsOf(sandbox).find((entry) => /^\/api\/session\/\d+$/.test(entry.path));
		if (read) return Number(read.path.split('/').pop());
	}
	throw new Error('no session was created');
}

const reads = (requestId: number) => apiCallsOf(sandbox).filter((entry) => entry.path === `/api/session/${requestId}`);

describe('Session › Create and Wait for Payment', () => {
	it('paid while it waits: one flat item, APPROVED with the amount and the internal reference, read within a check', async () => {
		const running = run();
		const requestId = await createdSession();
		await sleep(1500);
		const paid = await control(sandbox, `/__sandbox/sessions/${requestId}/pay`, { status: 'APPROVED' });
		const result: RunResult = await running;
		expect(result.error).toBeUndefined();
		const [item] = outputJson(result, 'Session');
		const payment = ((paid.session as IDataObject).payments as IDataObject[])[0];
		expect(item).toMatchObject({
			requestId,
			status: 'APPROVED',
			amount: expect.any(Number),
			currency: expect.any(String),
			internalReference: payment.internalReference,
			paymentDateIso: expect.stringMatching(/-05:00$/),
		});
		// Read while pending, then once more after the payment: at most one check late.
		expect(reads(requestId).length).toBeGreaterThanOrEqual(2);
		expect(reads(requestId).length).toBeLessThanOrEqual(4);
	});

	it('a rejected payment ends the wait with REJECTED', async () => {
		const running = run();
		const requestId = await createdSession();
		await control(sandbox, `/__sandbox/sessions/${requestId}/pay`, { card: '4000000000000002' });
		const [item] = outputJson(await running, 'Session');
		expect(item).toMatchObject({ requestId, status: 'REJECTED', internalReference: null });
	});

	it('nobody pays: at the limit it reads the session once more and goes on with it, PENDING', async () => {
		const started = Date.now();
		const result = await run({ options: { checkEverySeconds: 2, limitWaitMinutes: 0.1 } });
		expect(Date.now() - started).toBeGreaterThanOrEqual(6000);
		const [item] = outputJson(result, 'Session');
		expect(item).toMatchObject({ status: 'PENDING', internalReference: null });
		// Every 2 s for 6 s, the last one at the limit.
		expect(reads(Number(item.requestId))).toHaveLength(4);
	});

	it('two items are refused before anything is sent: one payment per execution', async () => {
		const result = await run({}, [{}, {}]);
		expect(result.error?.message).toMatch(/takes one item per execution; got 2/);
		expect(apiCallsOf(sandbox)).toEqual([]);
	});

	it('Simplify off: the session as the platform answers it', async () => {
		const running = run({ simple: false });
		const requestId = await createdSession();
		await control(sandbox, `/__sandbox/sessions/${requestId}/pay`, { status: 'APPROVED' });
		const [item] = outputJson(await running, 'Session');
		expect(item).toMatchObject({ requestId, status: { status: 'APPROVED' }, payment: [expect.objectContaining({ internalReference: expect.anything() })] });
	});
});
