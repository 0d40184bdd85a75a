/**
 * The notice at the top of every trigger: the platform cannot be told a URL by API, so the user registers it by
 * hand. n8n shows both URLs itself ("Webhook URLs", above the parameters); the notice says what to do with them.
 *
 * Written for n8n's notice component as it renders (n8n 2.40): it keeps only `a` (href, target), `ul` and `li`
 * and drops every other tag, `<br>` and `<b>` included, so lines are list entries and blocks, never line breaks.
 * The buttons it names are the ones n8n shows (a trigger's test run is "Execute step"). Shell commands for the
 * sandbox stay on the node's page, which the notice links to.
 */
import type { INodeProperties } from 'n8n-workflow';

/** Where the nodes' pages are published: the repository's docs/nodes/ (the codex's documentation links too). */
const NODE_PAGES_URL = 'https://github.com/n8n-nodes-paysuite/n8n-nodes-paysuite/blob/main/docs/nodes/';

/** What differs between the triggers' set-up steps; plain text (the notice keeps no emphasis). */
interface WebhookSetup {
	/** The node's page under docs/nodes/, without `.md`: `checkout-trigger`. */
	page: string;
	/** The second step, after copying the URL: where to paste it, named as the user finds it. */
	register: string;
	/** What makes the platform call the Test URL once the editor listens: "pay a session that …". */
	tryIt: string;
}

/**
 * The set-up notice: a line, the three steps as a list (the editor shows its entries with bullets, in order), and
 * how to try it first with a link to the node's page.
 */
export function webhookSetupNotice({ page, register, tryIt }: WebhookSetup): INodeProperties {
	const steps = [
		'Open Webhook URLs above and copy the Production URL.',
		register,
		'Publish the workflow: each call the platform makes then runs it once.',
	];
	return {
		displayName: [
			'Set up on the platform:',
			`<ul>${steps.map((step) => `<li>${step}</li>`).join('')}</ul>`,
			`To try it first: copy the Test URL instead, click Execute step, then ${tryIt}. `,
			`Test events from the sandbox and what the trigger checks: <a href="${NODE_PAGES_URL}${page}.md" target="_blank">the node's page</a>.`,
		].join(''),
		name: 'webhookNotice',
		type: 'notice',
		default: '',
	};
}
