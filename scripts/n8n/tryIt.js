'use strict';
/**
 * The "Try it" lines of `npm start`'s ready message: copy-paste commands that pay a link or a session on the
 * sandbox (or the page to open instead) and fire each trigger's event at the trigger of the imported examples
 * (its production URL; a trigger receives only once its workflow is published). Pure, so it is unit-tested.
 */

/** The webhook path of each PaySuite trigger (the `path` of its node description's webhook). */
const TRIGGERS = [
	{ type: 'paySuiteCheckoutTrigger', name: 'Checkout Trigger', path: 'checkout', control: 'checkout', body: (url) => ({ url, requestId: 'REQUEST_ID' }) },
	{ type: 'paySuiteAutopayTrigger', name: 'Autopay Trigger', path: 'autopay', control: 'autopay', body: (url) => ({ url, type: 'AUTOPAY_TRANSACTION_FAILED' }) },
	{ type: 'paySuiteOnboardingTrigger', name: 'Onboarding Trigger', path: 'onboarding', control: 'onboarding', body: (url) => ({ url, processId: 'PROCESS_ID' }) },
];

/** The production URL of the first node of this trigger type turned on in the examples, or a placeholder that says where to find it. */
function triggerUrl(n8nUrl, examples, trigger) {
	for (const { workflow } of examples) {
		const node = (workflow.nodes || []).find((entry) => String(entry.type).endsWith(`.${trigger.type}`) && entry.webhookId && !entry.disabled);
		if (node) return { url: `${n8nUrl}/webhook/${node.webhookId}/${trigger.path}`, workflow: workflow.name };
	}
	return { url: `${n8nUrl}/webhook/WEBHOOK_ID/${trigger.path}`, workflow: undefined };
}

/** A POST of JSON to the sandbox's control API, on one line, with ids to replace in CAPITALS. */
const curl = (url, body) => `curl -s -X POST ${url} -H 'content-type: application/json' -d '${JSON.stringify(body).replace(/"(REQUEST_ID)"/g, '$1')}'`;

/** The lines, indented for the ready message. */
function tryItLines({ sandboxUrl, n8nUrl, examples = [] }) {
	const lines = [
		'Try it (replace the CAPITALS; a trigger receives only once its workflow is published):',
		`  A workflow waiting in Payment Link > Create and Wait for Payment: open ${sandboxUrl}/__sandbox/outbox (the link e-mailed to its Receiver Emails) and pay`,
		'  Pay a payment link: open the url that Payment Link > Create outputs and pay with a test card, or',
		`    ${curl(`${sandboxUrl}/__sandbox/payment-links/LINK_ID/pay`, { card: '4111111111111111' })}`,
		"    (the link's Notification URL is told, e.g. the Checkout Trigger's production URL below)",
		'  Pay a checkout session: open the processUrl that Session > Create outputs, or',
		`    ${curl(`${sandboxUrl}/__sandbox/sessions/REQUEST_ID/pay`, { status: 'APPROVED' })}`,
		"    (the site's notification URL is told: set it with the PaySuite Site node's update)",
	];
	for (const trigger of TRIGGERS) {
		const { url, workflow } = triggerUrl(n8nUrl, examples, trigger);
		lines.push(`  Fire the ${trigger.name}${workflow ? ` of "${workflow}"` : " (its panel shows the production URL)"}:`);
		lines.push(`    ${curl(`${sandboxUrl}/__sandbox/webhooks/${trigger.control}`, trigger.body(url))}`);
	}
	lines.push('  Test cards: 4111111111111111 approved, 4000000000000002 rejected, 4000000000000010 pending (docs/sandbox/checkout.md)');
	return lines;
}

module.exports = { tryItLines, TRIGGERS };
