/**
 * Each trigger's panel opens with the steps to set it up, written for n8n's notice component as it renders (it
 * keeps `a`, `ul` and `li` and drops every other tag: test/e2e/editor.test.ts reads the rendered lines), naming
 * the buttons n8n shows and linking to the node's page, which carries the sandbox's commands. Each trigger is at
 * version 2 (Simplify) and keeps version 1 for saved workflows.
 */
/* eslint-disable @typescript-eslint/no-require-imports -- runs in Node, not in n8n: eslint.dev.config.mjs lints it */
import type { INodeProperties, INodeType } from 'n8n-workflow';

import { PaySuiteAutopayTrigger } from '../../nodes/PaySuiteAutopayTrigger/PaySuiteAutopayTrigger.node';
import { PaySuiteCheckoutTrigger } from '../../nodes/PaySuiteCheckoutTrigger/PaySuiteCheckoutTrigger.node';
import { PaySuiteOnboardingTrigger } from '../../nodes/PaySuiteOnboardingTrigger/PaySuiteOnboardingTrigger.node';

const notice = (node: INodeType) => node.description.properties[0];
/** The tags a notice keeps (n8n 2.40's N8nNotice sanitizer: allowedTags a, ul, li). */
const KEPT_TAGS = new Set(['a', 'ul', 'li']);
const tagsOf = (html: string) => [...html.matchAll(/<\/?([a-z0-9]+)/gi)].map((match) => match[1].toLowerCase());
const textOf = (html: string) => html.replace(/<[^>]*>/g, ' ');

describe.each([
	['Autopay', new PaySuiteAutopayTrigger(), 'autopay-trigger', ['autopay webhook URL']],
	['Checkout', new PaySuiteCheckoutTrigger(), 'checkout-trigger', ['Site › Update All › Integration › Notification URL', 'Payment Link › Create']],
	['Onboarding', new PaySuiteOnboardingTrigger(), 'onboarding-trigger', ['PaySuite Merchant', 'Merchant › Create or Update']],
] as const)('the %s Trigger panel', (_name, node, page, where) => {
	const codex = require(`../../nodes/${node.constructor.name}/${node.constructor.name}.node.json`) as { resources: { primaryDocumentation: Array<{ url: string }> } };

	it('opens with a notice', () => {
		expect(notice(node)).toMatchObject({ name: 'webhookNotice', type: 'notice', default: '' });
	});

	it('uses only the tags a notice keeps, its steps as list entries', () => {
		const html = notice(node).displayName;
		expect(tagsOf(html).filter((tag) => !KEPT_TAGS.has(tag))).toEqual([]);
		// Three steps; the editor shows list entries with bullets, so they carry no numbers of their own.
		expect([...html.matchAll(/<li>([^<]+)<\/li>/g)].map((match) => match[1].split(' ')[0])).toEqual(['Open', expect.any(String), 'Publish']);
	});

	it('says to copy the URL n8n shows, where it goes on the platform, and to publish', () => {
		const text = textOf(notice(node).displayName);
		expect(text).toContain('Webhook URLs');
		expect(text).toContain('Production URL');
		expect(text).toContain('Test URL');
		for (const place of where) expect(text).toContain(place);
		expect(text).toContain('Publish the workflow');
	});

	it('names the button n8n 2.40 shows to try it, holds no command, and links to the node page', () => {
		const html = notice(node).displayName;
		expect(textOf(html)).toContain('click Execute step');
		expect(html).not.toMatch(/Listen for test event|curl|__sandbox/);
		const [, href, target] = /<a href="([^"]+)" target="([^"]+)">/.exec(html) ?? [];
		expect(href).toBe(codex.resources.primaryDocumentation[0].url);
		expect(href).toMatch(new RegExp(`/docs/nodes/${page}\\.md$`));
		expect(target).toBe('_blank');
	});

	it('is at version 2 by default and keeps version 1; Simplify (on by default) is shown from version 2', () => {
		expect(node.description.version).toEqual([1, 2]);
		expect(node.description.defaultVersion).toBe(2);
		const simplify = node.description.properties.find((property) => property.name === 'simple');
		expect(simplify).toMatchObject({ type: 'boolean', default: true, displayOptions: { show: { '@version': [{ _cnd: { gte: 2 } }] } } });
	});

	it('offers Include Secrets only where the output can hold one, with a hint naming it', () => {
		const switches = node.description.properties.filter((property: INodeProperties) => property.name === 'includeSecrets');
		if (page !== 'checkout-trigger') {
			expect(switches).toEqual([]);
			return;
		}
		// Version 1 as before; version 2 with Simplify off only (the flat item never holds the token).
		expect(switches.map((property) => property.displayOptions?.show)).toEqual([{ '@version': [1] }, { '@version': [{ _cnd: { gte: 2 } }], simple: [false] }]);
		for (const property of switches) expect(property.hint).toMatch(/^Off: a subscription session's token and subtoken/);
	});
});
