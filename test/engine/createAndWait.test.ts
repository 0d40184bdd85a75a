/**
 * Payment Link › Create and Wait for Payment in n8n's engine (waitHarness.ts serves the waiting execution's resume
 * URL as n8n 2.40.7 does) against the sandbox, which notifies the link as the platform publishes it: the link is
 * created with this execution's resume URL, the execution waits, and the link's signed notification resumes it with
 * the payment's outcome. A forged, replayed or foreign notification, and one that is not final, leave it waiting.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- runs in Node, not in n8n: eslint.dev.config.mjs lints it */
import { sleep, type IDataObject } from 'n8n-workflow';

import { buildAuth } from '../../nodes/shared/transport/signing';
import { linkSignature } from '../../nodes/shared/webhooks/signatures';
import { WAIT_AFTER_EXPIRY_MS } from '../../nodes/PaySuitePaymentLink/actions/paymentLink/createAndWait.operation';
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

async function waitingLink(extra: Record<string, unknown> = {}, items?: IDataObject[]): Promise<{ run: WaitingRun; link: any; sent: any }> {
	run = await startWaitingRun({ node: { type: 'paySuitePaymentLink', parameters: parameters(extra) as never }, credentials: paySuiteApi(sandbox), items });
	const [link] = run.output('Wait Node');
	const sent = apiCallsOf(sandbox).find((entry) => entry.path === '/api/payment-link')?.body as any;
	return { run, link, sent };
}

/** Sends the resume URL the text of a notification, as someone who holds it would. */
async function postTo(url: string, body: unknown): Promise<{ status: number; json: any }> {
	const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
	const text = await response.text();
	await run!.idle();
	return { status: response.status, json: text ? JSON.parse(text) : undefined };
}

/** The sandbox's link notifies nothing from now on (as if its notifications were lost on the way). */
function keepNotificationsFrom(linkId: number): void {
	const links = (sandbox.world.slice('links', () => ({ links: {} })) as { links: Record<string, { notificationUrl: string | null }> }).links;
	links[String(linkId)].notificationUrl = null;
}

/** A link notification in the published example shape, signed here with the package's code. */
function published(linkId: number, status: string, reference: string, secretKey = sandbox.credentials.secretKey, date = new Date().toISOString()) {
	return { status: { status, reason: '00', message: 'ok', date }, linkId, reference, signature: linkSignature({ linkId, status, date }, secretKey) };
}

describe('Payment Link › Create and Wait for Payment', () => {
	it("creates the link with this execution's resume URL as its Notification URL and waits until an hour after its expiry", async () => {
		const { run, link, sent } = await waitingLink();
		expect(run.waiting()).toBe(true);
		const notificationUrl = new URL(sent.notificationUrl);
		expect(`${notificationUrl.origin}${notificationUrl.pathname}`).toMatch(new RegExp(`^${run.waitingBaseUrl}/wait-execution-\\d+$`));
		expect(notificationUrl.searchParams.get('signature')).toBe(run.first.data.resumeToken);
		expect(notificationUrl.searchParams.get('reference')).toBe('DEAL-D-1');
		expect(notificationUrl.searchParams.get('check')).toMatch(/^[0-9a-f]{32}$/);
		expect(sent).toMatchObject({ reference: 'DEAL-D-1', payment: { amount: { currency: 'USD', total: 250 } } });
		// While it waits, the node shows the link (its url, to pay it).
		expect(link).toMatchObject({ id: expect.any(Number), url: expect.stringContaining('/payment-link/'), reference: 'DEAL-D-1', expirationDateIso: expect.any(String) });
		const expiry = Date.parse(link.expirationDateIso);
		expect(new Date(run.first.waitTill!).getTime()).toBe(expiry + WAIT_AFTER_EXPIRY_MS);
		expect(run.output('Received')).toEqual([]);
	});

	it('paying the link resumes the execution at once with the payment: APPROVED, the amount, the internal reference', async () => {
		const { run, link } = await waitingLink();
		const paid = await post(`/__sandbox/payment-links/${link.id}/pay`, {});
		expect(paid.json.notifications).toEqual([{ url: expect.stringContaining(run.waitingBaseUrl), status: 200 }]);
		await run.idle();
		expect(run.calls.map((call) => [call.status, call.resumed])).toEqual([[200, true]]);
		expect(JSON.parse(run.calls[0].body).status).toMatchObject({ status: 'OK', reason: '00', message: `Notification of payment link ${link.id} received` });
		expect(run.waiting()).toBe(false);
		const [item] = run.output('Received');
		expect(item).toMatchObject({
			linkId: link.id,
			requestId: paid.json.payment.requestId,
			status: 'APPROVED',
			reference: 'DEAL-D-1',
			amount: 250,
			currency: 'USD',
			internalReference: paid.json.payment.internalReference,
			paymentDate: paid.json.payment.paymentDate,
			paymentDateIso: expect.stringMatching(/-05:00$/),
		});
		// The resumed item is paired with the node's input, so `$('Deal').item` still works after it.
		expect(run.resumed()!.data.resultData.runData['Wait Node'].at(-1)!.data!.main[0]![0].pairedItem).toEqual({ item: 0 });
		expect(apiCallsOf(sandbox).filter((entry) => entry.path === `/api/payment-link/${link.id}`).map((entry) => entry.status)).toEqual([200]);
	});

	it('a rejected card sends nothing and the execution keeps waiting; the approved retry resumes it', async () => {
		const { run, link } = await waitingLink();
		await post(`/__sandbox/payment-links/${link.id}/pay`, { card: '4000000000000002' });
		await run.idle();
		expect(run.calls).toEqual([]);
		expect(run.waiting()).toBe(true);
		await post(`/__sandbox/payment-links/${link.id}/pay`, { card: '4111111111111111' });
		await run.idle();
		expect(run.output('Received')).toEqual([expect.objectContaining({ status: 'APPROVED', paymentCount: 2 })]);
	});

	it('the published example shape: resumed with the right signature, refused (401) with a wrong one', async () => {
		const { run, link, sent } = await waitingLink();
		// Paid on the sandbox, its own notification kept from n8n: the test sends the published shape by hand.
		keepNotificationsFrom(link.id);
		await post(`/__sandbox/payment-links/${link.id}/pay`, {});
		const wrong = await postTo(sent.notificationUrl, published(link.id, 'PAID', 'DEAL-D-1', 'not-the-secret'));
		expect(wrong).toMatchObject({ status: 401, json: { status: { status: 'FAILED', reason: 'XS', message: 'The notification could not be verified' } } });
		expect(run.waiting()).toBe(true);
		const right = await postTo(sent.notificationUrl, published(link.id, 'PAID', 'DEAL-D-1'));
		expect(right.status).toBe(200);
		expect(run.waiting()).toBe(false);
		expect(run.output('Received')).toEqual([expect.objectContaining({ status: 'APPROVED', reference: 'DEAL-D-1', linkId: link.id })]);
	});

	it('the link unreadable when its notification comes: answered 503 and still waiting; the notification sent again resumes it', async () => {
		const { run, link, sent } = await waitingLink();
		keepNotificationsFrom(link.id);
		await post(`/__sandbox/payment-links/${link.id}/pay`, {});
		await control(sandbox, '/__sandbox/faults', { rules: [{ path: `/api/payment-link/${link.id}`, kind: 'status', status: 503 }] });
		try {
			const refused = await postTo(sent.notificationUrl, published(link.id, 'PAID', 'DEAL-D-1'));
			expect(refused).toMatchObject({ status: 503, json: { status: { status: 'FAILED', reason: 'XU' } } });
			expect(run.waiting()).toBe(true);
		} finally {
			await control(sandbox, '/__sandbox/faults', { rules: [] });
		}
		const again = await postTo(sent.notificationUrl, published(link.id, 'PAID', 'DEAL-D-1'));
		expect(again.status).toBe(200);
		expect(run.output('Received')).toEqual([expect.objectContaining({ status: 'APPROVED', reference: 'DEAL-D-1', linkId: link.id })]);
	});

	it('forged, foreign and replayed notifications are refused and leave it waiting; a signed one that is not final is acknowledged', async () => {
		const { run, link, sent } = await waitingLink({ reference: 'DEAL-3' });
		const url = sent.notificationUrl;
		// Another link of the same site, paid: its PAID notification is genuine, signed with the site's key.
		const foreign = await post('/api/payment-link', {
			auth: buildAuth(sandbox.credentials.login, sandbox.credentials.secretKey),
			name: 'Other',
			reference: 'OTHER-1',
			description: 'Other',
			payment: { amount: { currency: 'USD', total: 1 } },
			expirationDate: `${new Date().getUTCFullYear() + 1}-01-01 10:00:00`,
			paymentExpiration: 30,
		});
		await post(`/__sandbox/payment-links/${foreign.json.id}/pay`, {});

		const cases: Array<[string, () => Promise<{ status: number; json: any }>, number]> = [
			['a tampered signature (the sandbox sends it)', async () => {
				const fired = await post('/__sandbox/webhooks/link', { url, linkId: link.id, tamper: true });
				await run.idle();
				return { status: fired.json.delivery.status, json: JSON.parse(fired.json.delivery.body) };
			}, 401],
			['a genuine PAID of another link, replayed here', () => postTo(url, published(foreign.json.id, 'PAID', 'OTHER-1')), 401],
			['this link, but the URL\'s check changed', () => postTo(url.replace(/check=[0-9a-f]+/, 'check=0123456789abcdef0123456789abcdef'), published(link.id, 'PAID', 'DEAL-3')), 401],
			['this link, but another reference named in the URL', () => postTo(url.replace('reference=DEAL-3', 'reference=OTHER-1'), published(foreign.json.id, 'PAID', 'OTHER-1')), 401],
			['a stale copy (8 days old)', () => postTo(url, published(link.id, 'PAID', 'DEAL-3', sandbox.credentials.secretKey, new Date(Date.now() - 8 * 86_400_000).toISOString())), 401],
			['not JSON', async () => {
				const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: 'nope' });
				await run.idle();
				return { status: response.status, json: undefined };
			}, 400],
		];
		for (const [what, send, status] of cases) {
			const answer = await send();
			expect({ what, status: answer.status, waiting: run.waiting() }).toEqual({ what, status, waiting: true });
		}
		// Signed, about this link, but the platform shows no approved payment: acknowledged, the execution waits on.
		const unpaid = await postTo(url, published(link.id, 'PAID', 'DEAL-3'));
		expect(unpaid.status).toBe(200);
		expect(unpaid.json.status.message).toMatch(/not final yet, the workflow keeps waiting/);
		expect(run.waiting()).toBe(true);
		expect(run.output('Received')).toEqual([]);
	});

	it('at the link\'s expiry the platform says EXPIRED: the node reads the link once and resumes "not paid"', async () => {
		const expiresAt = new Date(Date.now() + 2500);
		const { run, link } = await waitingLink({ validity: 'date', expirationDate: expiresAt.toISOString() });
		await post(`/__sandbox/payment-links/${link.id}/pay`, { card: '4000000000000002' });
		for (const end = Date.now() + 8000; run.waiting() && Date.now() < end; ) await sleep(100);
		await run.idle();
		expect(run.waiting()).toBe(false);
		expect(run.output('Received')).toEqual([
			expect.objectContaining({ status: 'EXPIRED', linkStatus: 'EXPIRED', internalReference: null, paymentCount: 1, reference: 'DEAL-D-1' }),
		]);
		expect(apiCallsOf(sandbox).filter((entry) => entry.path === `/api/payment-link/${link.id}`)).toHaveLength(1);
	});

	it("n8n's own time limit resumes without running the node: its input goes on unchanged (what the docs say)", async () => {
		const { run } = await waitingLink();
		const resumed = await run.passLimit();
		expect(resumed.data.resultData.error).toBeUndefined();
		expect(run.output('Received')).toEqual([{ dealId: 'D-1' }]);
		expect(apiCallsOf(sandbox).filter((entry) => entry.path.startsWith('/api/payment-link/'))).toEqual([]);
	});

	it('two items are refused before anything is sent: one payment per execution', async () => {
		const { run } = await waitingLink({}, [{ dealId: 'D-1' }, { dealId: 'D-2' }]);
		expect(run.waiting()).toBe(false);
		expect(run.first.data.resultData.error?.message).toMatch(/takes one item per execution; got 2/);
		expect(apiCallsOf(sandbox)).toEqual([]);
	});
});
