/**
 * Each trigger's panel opens with the steps to set it up: where its URL goes on the platform, and how to fire
 * a test event at it from the sandbox (its control API, docs/sandbox/events.md).
 */
import type { INodeType } from 'n8n-workflow';

import { PaySuiteAutopayTrigger } from '../../nodes/PaySuiteAutopayTrigger/PaySuiteAutopayTrigger.node';
import { PaySuiteCheckoutTrigger } from '../../nodes/PaySuiteCheckoutTrigger/PaySuiteCheckoutTrigger.node';
import { PaySuiteOnboardingTrigger } from '../../nodes/PaySuiteOnboardingTrigger/PaySuiteOnboardingTrigger.node';

const notice = (node: INodeType) => node.description.properties[0];

describe.each([
	['Autopay', new PaySuiteAutopayTrigger(), ['autopay webhook URL'], '/__sandbox/webhooks/autopay'],
	['Checkout', new PaySuiteCheckoutTrigger(), ['Site › Update All › Integration › Notification URL', 'Payment Link › Create'], '/__sandbox/webhooks/checkout'],
	['Onboarding', new PaySuiteOnboardingTrigger(), ['PaySuite Merchant', 'Merchant › Create or Update'], '/__sandbox/webhooks/onboarding'],
] as const)('the %s Trigger panel', (_name, node, where, sandboxPath) => {
	it('opens with a notice', () => {
		expect(notice(node)).toMatchObject({ name: 'webhookNotice', type: 'notice', default: '' });
	});

	it('says to copy the URL n8n shows, where it goes on the platform, and to publish', () => {
		const text = notice(node).displayName;
		expect(text).toContain('<b>Webhook URLs</b>');
		expect(text).toContain('<b>Production URL</b>');
		expect(text).toContain('<b>Test URL</b>');
		for (const place of where) expect(text).toContain(place);
		expect(text).toContain('Publish the workflow');
	});

	it('says how to fire a test event from the sandbox', () => {
		const text = notice(node).displayName;
		expect(text).toContain('Listen for test event');
		expect(text).toContain(`<code>curl (Base URL)${sandboxPath} -H 'content-type: application/json' -d '{"url": "(Test URL)"`);
	});
});
