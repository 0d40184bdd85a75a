/**
 * Paid link → trigger: a payment link created with a notification URL, paid in the sandbox (its control API or
 * the page its url opens), sends that URL the link's own notification as the platform publishes it
 * (`{status {status: PAID | EXPIRED, ...}, linkId, reference, signature}`); the Checkout Trigger served there
 * (n8n-core's WebhookContext and WorkflowExecute, see triggerHarness.ts) checks its signature, reads the link back
 * and runs once with the paid link's payment in the flat shape of a session's. A forged, stale or replayed one
 * runs nothing.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- runs in Node, not in n8n: eslint.dev.config.mjs lints it */
import { buildAuth } from '../../nodes/shared/transport/signing';
import { linkSignature } from '../../nodes/shared/webhooks/signatures';
import { paySuiteApi, withSandbox } from '../helpers/sandbox';
import { startTriggerServer, type TriggerServer } from './triggerHarness';
import { DAY_MS, NOT_VERIFIED, webhookCalls } from './webhookCalls';

const sandbox = withSandbox({ processPendingPolls: 0, retryAfterSeconds: 0 });
const { post, fire, postRaw } = webhookCalls(sandbox);

const nextYear = new Date().getUTCFullYear() + 1;

/** A link of the sandbox's site, created as a merchant's server would (signed), notifying `notificationUrl`. */
async function createLink(reference: string, notificationUrl: string, extra: Record<string, unknown> = {}): Promise<{ id: number; url: string }> {
	const created = await post('/api/payment-link', {
		auth: buildAuth(sandbox.credentials.login, sandbox.credentials.secretKey),
		name: 'Deal 42',
		reference,
		description: 'Deal 42: annual plan',
		payment: { amount: { currency: 'USD', total: 250 } },
		expirationDate: `${nextYear}-01-01 10:00:00`,
		paymentExpiration: 30,
		notificationUrl,
		...extra,
	});
	expect(created.status).toBe(200);
	return created.json as { id: number; url: string };
}

async function withCheckoutTrigger(parameters: Record<string, unknown>, body: (trigger: TriggerServer) => Promise<void>, typeVersion = 2) {
	const trigger = await startTriggerServer({ type: 'paySuiteCheckoutTrigger', typeVersion, parameters: parameters as never, credentials: paySuiteApi(sandbox) });
	try {
		await body(trigger);
	} finally {
		await trigger.stop();
	}
}

const outputOf = (trigger: TriggerServer) => trigger.runs().flatMap((run) => trigger.output(run, 'Received').map((item) => item.json as Record<string, any>));
const linkReads = (id: number) => sandbox.ledger().filter((entry) => entry.path === `/api/payment-link/${id}`).map((entry) => entry.status);
const messageOf = (body: string) => JSON.parse(body).status as { status: string; reason: string; message: string };

/** The published example shape, signed here with the package's code. */
function published(linkId: number, status: string, date: string, secretKey = sandbox.credentials.secretKey) {
	return { status: { status, reason: '00', message: 'ok', date }, linkId, reference: 'DEAL-42', signature: linkSignature({ linkId, status, date }, secretKey) };
}

describe('A paid payment link starts the Checkout Trigger (the link notification as published)', () => {
	it('paid through the control API: one run with the flat item of the paid payment, read from the link', () =>
		withCheckoutTrigger({}, async (trigger) => {
			const link = await createLink('DEAL-42', trigger.url);
			const paid = await post(`/__sandbox/payment-links/${link.id}/pay`, {});
			expect(paid.status).toBe(200);
			await trigger.idle();
			expect(paid.json.notifications).toEqual([{ url: trigger.url, status: 200 }]);

			expect(trigger.calls.map((call) => call.error?.message)).toEqual([undefined]);
			expect(messageOf(trigger.calls[0].body)).toMatchObject({ status: 'OK', reason: '00', message: `Notification of payment link ${link.id} received` });
			const [item] = outputOf(trigger);
			expect(item).toMatchObject({
				requestId: paid.json.payment.requestId,
				linkId: link.id,
				status: 'APPROVED',
				linkStatus: 'ACTIVE',
				reference: 'DEAL-42',
				amount: 250,
				currency: 'USD',
				internalReference: paid.json.payment.internalReference,
				receipt: paid.json.payment.receipt,
				paymentDate: paid.json.payment.paymentDate,
				paymentDateIso: expect.stringMatching(/-05:00$/),
				payerEmail: 'buyer@example.com',
			});
			// The trigger read the link back, signed, once; it asked for no session.
			expect(linkReads(link.id)).toEqual([200]);
			expect(sandbox.ledger().filter((entry) => entry.path.startsWith('/api/session/'))).toEqual([]);
		}));

	it('version 1: the link as the platform reports it, with the notification and how it was signed', () =>
		withCheckoutTrigger(
			{},
			async (trigger) => {
				const link = await createLink('DEAL-45', trigger.url);
				const paid = await post(`/__sandbox/payment-links/${link.id}/pay`, {});
				await trigger.idle();
				const [item] = outputOf(trigger);
				expect(item).toMatchObject({
					id: link.id,
					status: 'ACTIVE',
					reference: 'DEAL-45',
					payments: [expect.objectContaining({ status: 'APPROVED', internalReference: paid.json.payment.internalReference })],
					notification: { signed: { linkId: link.id, status: 'PAID' }, unsigned: { reference: 'DEAL-45' } },
					signatureVerified: true,
					signatureAlgorithm: 'sha256',
				});
			},
			1,
		));

	it('paid by a person on the page its url opens: one run, and the form sent again neither pays nor notifies again', () =>
		withCheckoutTrigger({ statuses: ['APPROVED'] }, async (trigger) => {
			const link = await createLink('DEAL-43', trigger.url);
			const page = await fetch(link.url);
			expect(page.status).toBe(200);
			const html = await page.text();
			const attempt = /name="attempt" value="([^"]+)"/.exec(html)![1];
			const form = new URLSearchParams({ attempt, card: '4111111111111111' }).toString();
			const send = () => fetch(link.url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form });
			expect((await send()).status).toBe(200);
			expect((await send()).status).toBe(200);
			await trigger.idle();

			expect(trigger.runs()).toHaveLength(1);
			expect(outputOf(trigger)).toEqual([expect.objectContaining({ status: 'APPROVED', reference: 'DEAL-43', linkId: link.id })]);
			const deliveries = (await (await fetch(`${sandbox.url}/__sandbox/webhooks/deliveries`)).json()) as { deliveries: Array<{ url: string }> };
			expect(deliveries.deliveries.filter((delivery) => delivery.url === trigger.url)).toHaveLength(1);
		}));

	it('a rejected payment sends the link nothing (the platform publishes PAID and EXPIRED only)', () =>
		withCheckoutTrigger({}, async (trigger) => {
			const link = await createLink('DEAL-44', trigger.url);
			const paid = await post(`/__sandbox/payment-links/${link.id}/pay`, { card: '4000000000000002' });
			expect(paid.status).toBe(200);
			await trigger.idle();
			expect(trigger.calls).toHaveLength(0);
		}));

	it('EXPIRED: the status the link ends in; a trigger filtered on Approved acknowledges it without a run', async () => {
		await withCheckoutTrigger({}, async (trigger) => {
			const link = await createLink('DEAL-46', trigger.url);
			await post(`/__sandbox/payment-links/${link.id}/pay`, { card: '4000000000000002' });
			expect((await fire(trigger, 'link', { linkId: link.id, status: 'EXPIRED' })).status).toBe(200);
			expect(outputOf(trigger)).toEqual([expect.objectContaining({ status: 'REJECTED', linkStatus: 'ACTIVE', internalReference: null, paymentCount: 1 })]);
		});
		await withCheckoutTrigger({ statuses: ['APPROVED'] }, async (trigger) => {
			const link = await createLink('DEAL-47', trigger.url);
			const expired = await fire(trigger, 'link', { linkId: link.id, status: 'EXPIRED' });
			expect(expired.status).toBe(200);
			expect(messageOf(expired.body).message).toMatch(/does not handle it/);
			expect(trigger.runs()).toHaveLength(0);
		});
	});

	it('the published example shape: accepted with the right signature, refused with a wrong one, a stale date or another secret', () =>
		withCheckoutTrigger({}, async (trigger) => {
			const link = await createLink('DEAL-42', trigger.url);
			await post(`/__sandbox/payment-links/${link.id}/pay`, {});
			await trigger.idle();
			const runsBefore = trigger.runs().length;
			const now = new Date().toISOString();
			const wrong = { ...published(link.id, 'PAID', now), signature: published(link.id, 'PAID', now).signature.replace(/^./, (c) => (c === 'a' ? 'b' : 'a')) };
			for (const [what, body] of [
				['a wrong signature', wrong],
				['another secret', published(link.id, 'PAID', now, 'not-the-secret')],
				['a stale date', published(link.id, 'PAID', new Date(Date.now() - 8 * DAY_MS).toISOString())],
			] as const) {
				const answer = await postRaw(trigger, JSON.stringify(body));
				expect({ what, status: answer.status, reason: messageOf(answer.body).reason }).toEqual({ what, status: 401, reason: 'XS' });
			}
			expect(trigger.runs()).toHaveLength(runsBefore);

			const right = JSON.stringify(published(link.id, 'PAID', now));
			const accepted = await postRaw(trigger, right);
			expect(accepted.status).toBe(200);
			expect(trigger.runs()).toHaveLength(runsBefore + 1);
			// The same delivery again (a replay): acknowledged, no second run.
			const replayed = await postRaw(trigger, right);
			expect({ status: replayed.status, message: messageOf(replayed.body).message }).toEqual({ status: 200, message: expect.stringMatching(/already received/) });
			expect(trigger.runs()).toHaveLength(runsBefore + 1);
		}));

	it('a signed notification of a link the platform does not know is refused as a forgery', () =>
		withCheckoutTrigger({}, async (trigger) => {
			const unknown = await postRaw(trigger, JSON.stringify(published(987654, 'PAID', new Date().toISOString())));
			expect({ status: unknown.status, message: messageOf(unknown.body).message }).toEqual({ status: 401, message: NOT_VERIFIED });
			expect(trigger.runs()).toHaveLength(0);
		}));
});
