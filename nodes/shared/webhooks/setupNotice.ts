/**
 * Every trigger's top notice: the platform cannot be told a URL by API, so the user registers it by hand. n8n
 * 2.40's notice keeps only `a`, `ul` and `li` (no `<br>`, no `<b>`), so lines are list entries; buttons are named
 * as n8n shows them. Sandbox shell commands stay on the node's page, linked from here.
 */
import type { INodeProperties } from 'n8n-workflow';

/** The repository's docs/nodes/, as the codex's documentation links. */
const NODE_PAGES_URL = 'https://github.com/n8n-nodes-paysuite/n8n-nodes-paysuite/blob/main/docs/nodes/';

/**
 * Plain text (the notice keeps no emphasis): `page` without `.md` (`checkout-trigger`); `register`, where to paste the
 * URL, named as the user finds it; `tryIt`, what makes the platform call the Test URL once the editor listens.
 */
export function webhookSetupNotice({ page, register, tryIt }: { page: string; register: string; tryIt: string }): INodeProperties {
	const steps = ['Open Webhook URLs above and copy the Production URL.', register, 'Publish the workflow: each call the platform makes then runs it once.'];
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
