/**
 * Paid link → trigger: a payment link created with a notification URL, paid in the sandbox (its control API or
 * the page its url opens), notifies that URL as the platform does; the Checkout Trigger served there (n8n-core's
 * WebhookContext and WorkflowExecute, see triggerHarness.ts) reads the link payment's session back and runs once
 * with the paid session and the link's reference.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- runs in Node, not in n8n: eslint.dev.config.mjs lints it */
import { buildAuth } from '../../nodes/shared/transport/signing';
import { paySuiteApi, withSandbox } from '../helpers/sandbox';
import { startTriggerServer, type TriggerServer } from './triggerHarness';
import { webhookCalls } from './webhookCalls';

const sandbox = withSandbox({ processPendingPolls: 0, retryAfterSeconds: 0 });
const { post } = webhookCalls(sandbox);

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

async function withCheckoutTrigger(parameters: Record<string, unknown>, body: (trigger: TriggerServer) => Promise<void>) {
	const trigger = await startTriggerServer({ type: 'paySuiteCheckoutTrigger', parameters: parameters as never, credentials: paySuiteApi(sandbox) });
	try {
		await body(trigger);
	} finally {
		await trigger.stop();
	}
}

const outputOf = (trigger: TriggerServer) => trigger.runs().flatMap((run) => trigger.output(run, 'Received').map((item) => item.json as Record<string, any>));

describe('A paid payment link starts the Checkout Trigger', () => {
	it('paid through the control API: one run with the paid session and the link reference', () =>
		withCheckoutTrigger({}, async (trigger) => {
			const link = await createLink('DEAL-42', trigger.url);
			const paid = await post(`/__sandbox/payment-links/${link.id}/pay`, {});
			expect(paid.status).toBe(200);
			await trigger.idle();
			expect(paid.json.notifications).toEqual([{ url: trigger.url, status: 200 }]);

			expect(trigger.calls.map((call) => call.error?.message)).toEqual([undefined]);
			expect(trigger.runs()).toHaveLength(1);
			const [item] = outputOf(trigger);
			const requestId = paid.json.payment.requestId as number;
			expect(item).toMatchObject({
				requestId,
				status: { status: 'APPROVED' },
				request: { payment: { reference: 'DEAL-42', amount: { currency: 'USD', total: 250 } } },
				notification: { signed: { requestId, status: 'APPROVED' }, unsigned: { reference: 'DEAL-42' } },
				signatureVerified: true,
			});
			expect(item.payment).toEqual([expect.objectContaining({ reference: 'DEAL-42', internalReference: paid.json.payment.internalReference })]);
			// The trigger read the session back, signed, once.
			expect(sandbox.ledger().filter((entry) => entry.path === `/api/session/${requestId}`).map((entry) => entry.status)).toEqual([200]);
		}));

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
			expect(outputOf(trigger)).toEqual([expect.objectContaining({ status: expect.objectContaining({ status: 'APPROVED' }), request: expect.objectContaining({ payment: expect.objectContaining({ reference: 'DEAL-43' }) }) })]);
			const deliveries = (await (await fetch(`${sandbox.url}/__sandbox/webhooks/deliveries`)).json()) as { deliveries: Array<{ url: string }> };
			expect(deliveries.deliveries.filter((delivery) => delivery.url === trigger.url)).toHaveLength(1);
		}));

	it('a rejected payment of the link notifies too; a trigger filtered on APPROVED acknowledges it without a run', () =>
		withCheckoutTrigger({ statuses: ['APPROVED'] }, async (trigger) => {
			const link = await createLink('DEAL-44', trigger.url);
			const paid = await post(`/__sandbox/payment-links/${link.id}/pay`, { card: '4000000000000002' });
			expect(paid.status).toBe(200);
			await trigger.idle();
			expect(trigger.calls).toHaveLength(1);
			expect(trigger.calls[0].status).toBe(200);
			expect(trigger.runs()).toHaveLength(0);
		}));
});
