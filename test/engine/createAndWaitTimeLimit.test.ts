/**
 * Payment Link › Create and Wait for Payment, version 3, when n8n's own time limit ends the wait (waitHarness.ts
 * `passLimit()`, as n8n's wait tracker: the run goes on from its stored JSON with the waiting node disabled, so
 * none of the node's code runs then). The item that goes on says UNKNOWN and names the link, whatever the link's
 * fate, so a Paid? check never reads a lost notification as "not paid"; the read that tells (Payment Link › Get,
 * as docs/nodes/payment-link.md shows it) finds the truth. Version 2 keeps passing its input on (createAndWait.test.ts).
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- runs in Node, not in n8n: eslint.dev.config.mjs lints it */
import { sleep, type IDataObject } from 'n8n-workflow';

import { runWorkflow } from '../helpers/engine';
import { apiCallsOf, control, paySuiteApi, withSandbox } from '../helpers/sandbox';
import { linkWaitParameters, startWaitingRun, type WaitingRun } from './waitHarness';
import { webhookCalls } from './webhookCalls';

const sandbox = withSandbox({ processPendingPolls: 0, retryAfterSeconds: 0 });
const { post } = webhookCalls(sandbox);

const parameters = linkWaitParameters;

let run: WaitingRun | undefined;
afterEach(async () => {
	await run?.stop();
	run = undefined;
});

async function waitingLink(extra: Record<string, unknown> = {}): Promise<{ run: WaitingRun; link: any }> {
	run = await startWaitingRun({ node: { type: 'paySuitePaymentLink', typeVersion: 3, parameters: parameters(extra) as never }, credentials: paySuiteApi(sandbox) });
	expect(run.waiting()).toBe(true);
	return { run, link: run.output('Wait Node')[0] };
}

/** The sandbox's link notifies nothing from now on (as if its notifications were lost on the way). */
function loseNotificationsOf(linkId: number): void {
	const links = (sandbox.world.slice('links', () => ({ links: {} })) as { links: Record<string, { notificationUrl: string | null }> }).links;
	links[String(linkId)].notificationUrl = null;
}

/** What the node asked the platform about the link after creating it. */
const readsOf = (linkId: number) => apiCallsOf(sandbox).filter((entry) => entry.path === `/api/payment-link/${linkId}`);

/** The read docs/nodes/payment-link.md shows after an UNKNOWN outcome: Payment Link › Get with the item's `linkId`. */
async function readAsTheDocsShow(item: IDataObject): Promise<IDataObject> {
	const result = await runWorkflow({
		items: [item],
		nodes: [{ name: 'Read the link', type: 'paySuitePaymentLink', typeVersion: 3, parameters: { resource: 'paymentLink', operation: 'get', linkId: { __rl: true, mode: 'id', value: '={{ $json.linkId }}' } }, credentials: ['paySuiteApi'] }],
		credentials: paySuiteApi(sandbox),
	});
	return (result.error as unknown as IDataObject | undefined) ?? result.output('Read the link')[0].json;
}

const unknownOf = (linkId: number) => ({
	linkId,
	status: 'UNKNOWN',
	outcomeFrom: 'timeLimit',
	reference: 'DEAL-D-1',
	amount: 250,
	currency: 'USD',
	internalReference: null,
	paymentCount: null,
	message: `n8n ended the wait at its time limit without a notification from the platform, so payment link ${linkId} was not read: whether it was paid is unknown. Read it with PaySuite Payment Link > Get (ID ${linkId}) before treating it as unpaid.`,
});

describe('Payment Link › Create and Wait for Payment v3 at n8n\'s own time limit', () => {
	it('time limit passes, link paid but its notification lost: UNKNOWN naming the link, never "not paid"; the read finds it paid', async () => {
		const { run, link } = await waitingLink();
		loseNotificationsOf(link.id);
		const paid = await post(`/__sandbox/payment-links/${link.id}/pay`, {});
		await run.idle();
		expect(run.calls).toEqual([]);
		const resumed = await run.passLimit();
		expect(resumed.data.resultData.error).toBeUndefined();
		const [item] = run.output('Received');
		expect(item).toEqual(expect.objectContaining(unknownOf(link.id)));
		// Still paired with the node's input, so `$('Deal').item` works after it.
		expect(resumed.data.resultData.runData['Wait Node'].at(-1)!.data!.main[0]![0].pairedItem).toEqual({ item: 0 });
		// n8n ran none of the node's code: nothing was read, as the item says.
		expect(readsOf(link.id)).toEqual([]);
		expect(await readAsTheDocsShow(item)).toMatchObject({ id: link.id, internalReference: paid.json.payment.internalReference, acceptsPayments: false, state: expect.stringMatching(/^Used up/) });
	});

	it('time limit passes, link expired unpaid and its notifications lost: UNKNOWN; the read gives the status, EXPIRED', async () => {
		const { run, link } = await waitingLink({ validity: 'date', expirationDate: new Date(Date.now() + 1500).toISOString() });
		loseNotificationsOf(link.id);
		await sleep(2000);
		await run.passLimit();
		const [item] = run.output('Received');
		expect(item).toEqual(expect.objectContaining(unknownOf(link.id)));
		expect(readsOf(link.id)).toEqual([]);
		expect(await readAsTheDocsShow(item)).toMatchObject({ id: link.id, status: 'EXPIRED', internalReference: null, paymentCount: 0 });
	});

	it('the platform unreachable at the time limit: the same UNKNOWN with its sentence (nothing is sent then), and the read fails saying so', async () => {
		const { run, link } = await waitingLink({ simple: false });
		loseNotificationsOf(link.id);
		await control(sandbox, '/__sandbox/faults', { rules: [{ path: `/api/payment-link/${link.id}`, kind: 'status', status: 503 }] });
		try {
			await run.passLimit();
			// Simplify off too: no platform answer exists to show, so the same flat item.
			const [item] = run.output('Received');
			expect(item).toEqual(expect.objectContaining(unknownOf(link.id)));
			expect(readsOf(link.id)).toEqual([]);
				expect(await readAsTheDocsShow(item)).toMatchObject({ httpCode: '503', message: expect.stringMatching(/^The platform could not handle the request/) });
		} finally {
			await control(sandbox, '/__sandbox/faults', { rules: [] });
		}
	});

	it('a notification still resumes with the read outcome, saying where it came from', async () => {
		const { run, link } = await waitingLink();
		await post(`/__sandbox/payment-links/${link.id}/pay`, {});
		await run.idle();
		expect(run.waiting()).toBe(false);
		expect(run.output('Received')).toEqual([expect.objectContaining({ linkId: link.id, status: 'APPROVED', outcomeFrom: 'notification', internalReference: expect.anything() })]);
		expect(readsOf(link.id).map((entry) => entry.status)).toEqual([200]);
	});
});
