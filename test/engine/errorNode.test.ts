/**
 * A failed item's error as n8n keeps it: n8n stores a failed node's error with the execution, the node and its
 * parameters included, and logs it ("Workflow execution finished with error"). A card number, CVV or OTP typed
 * into the node must not go with it (found by the reliability suite, test/RELIABILITY.md).
 */
import { runNode } from '../helpers/engine';
import { captureLogs, type LogCapture } from '../helpers/logs';
import { apiCallsOf, paySuiteApi, withSandbox } from '../helpers/sandbox';

const sandbox = withSandbox({ retryAfterSeconds: 0 });

const CARD = '4111111111111111';
const CVV = '987';
const OTP = '246810';

let logs: LogCapture;
beforeAll(() => {
	logs = captureLogs();
});
afterAll(() => logs.restore());

it.each([
	['refused before sending (a bad e-mail)', { payer: { name: 'Ana', email: 'ana-at-example' } }, 0],
	['refused by the platform (an OTP the card does not ask for)', { additionalFields: { otp: OTP } }, 1],
])('a Process %s: the stored execution and the log carry neither the card number, the CVV nor the OTP', async (_what, change, sent) => {
	logs.lines.length = 0;
	sandbox.clearLedger();
	const result = await runNode(
		{ name: 'Gateway', type: 'paySuiteGateway', credentialType: 'paySuiteApi' },
		{
			resource: 'transaction',
			operation: 'process',
			cardNumber: CARD,
			expiration: '12/30',
			cvv: CVV,
			reference: 'ORDER-1',
			description: 'Shoes',
			currency: 'USD',
			total: 10,
			payer: { name: 'Ana', email: 'ana@example.com' },
			...change,
		},
		paySuiteApi(sandbox),
	);
	expect(result.error).toBeDefined();
	expect(apiCallsOf(sandbox)).toHaveLength(sent);
	// The execution's results as n8n stores them (the error holds the node and its parameters) and what it logged.
	// (The execution state also keeps the node to run again on a Retry: that is the workflow itself.)
	const stored = JSON.stringify(result.run.data.resultData);
	expect(stored).toContain('"name":"Gateway"');
	expect(stored).toContain('"cardNumber":"[redacted]"');
	expect(logs.lines.join('\n')).toContain('Workflow execution finished with error');
	for (const text of [stored, logs.lines.join('\n')]) {
		expect(text).not.toContain(CARD);
		expect(text).not.toContain(`"${CVV}"`);
		expect(text).not.toContain(OTP);
	}
});
