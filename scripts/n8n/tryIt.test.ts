/** The "Try it" lines of npm start's ready message: the commands name the sandbox, the examples' trigger URLs and every trigger. */
/* eslint-disable @typescript-eslint/no-require-imports -- runs in Node, not in n8n: eslint.dev.config.mjs lints it */
const { tryItLines } = require('./tryIt') as { tryItLines: (options: { sandboxUrl: string; n8nUrl: string; examples?: unknown[] }) => string[] };

const sandboxUrl = 'http://127.0.0.1:8765';
const n8nUrl = 'http://127.0.0.1:5678';
const examples = [
	{ workflow: { name: 'PaySuite: paid link', nodes: [{ type: 'n8n-nodes-paysuite.paySuiteCheckoutTrigger', webhookId: 'c-1' }] } },
	{ workflow: { name: 'PaySuite: autopay', nodes: [{ type: 'n8n-nodes-paysuite.paySuiteAutopayTrigger', webhookId: 'a-1' }] } },
];

describe('tryItLines', () => {
	const text = tryItLines({ sandboxUrl, n8nUrl, examples }).join('\n');

	it("names the sandbox's outbox, where a waiting workflow's link is to be paid", () => {
		expect(text).toContain(`${sandboxUrl}/__sandbox/outbox`);
	});

	it('pays a link and a session through the control API, with JSON the shell passes as is', () => {
		expect(text).toContain(`curl -s -X POST ${sandboxUrl}/__sandbox/payment-links/LINK_ID/pay -H 'content-type: application/json' -d '{"card":"4111111111111111"}'`);
		expect(text).toContain(`curl -s -X POST ${sandboxUrl}/__sandbox/sessions/REQUEST_ID/pay -H 'content-type: application/json' -d '{"status":"APPROVED"}'`);
	});

	it("fires each trigger at the examples' production URL, or says where the URL is when no example has that trigger", () => {
		expect(text).toContain(`${sandboxUrl}/__sandbox/webhooks/checkout -H 'content-type: application/json' -d '{"url":"${n8nUrl}/webhook/c-1/checkout","requestId":REQUEST_ID}'`);
		expect(text).toContain(`-d '{"url":"${n8nUrl}/webhook/a-1/autopay","type":"AUTOPAY_TRANSACTION_FAILED"}'`);
		expect(text).toContain(`-d '{"url":"${n8nUrl}/webhook/WEBHOOK_ID/onboarding","processId":"PROCESS_ID"}'`);
		expect(text).toContain('Fire the Onboarding Trigger (its panel shows the production URL)');
		expect(text).toContain('Fire the Checkout Trigger of "PaySuite: paid link"');
	});

	it('passes over a trigger turned off (an offline twin starts at Try it)', () => {
		const twin = { workflow: { name: 'PaySuite (offline): paid link', nodes: [{ type: 'n8n-nodes-paysuite.paySuiteCheckoutTrigger', webhookId: 'off-1', disabled: true }] } };
		const lines = tryItLines({ sandboxUrl, n8nUrl, examples: [twin, ...examples] }).join('\n');
		expect(lines).not.toContain('off-1');
		expect(lines).toContain('Fire the Checkout Trigger of "PaySuite: paid link"');
	});
});
