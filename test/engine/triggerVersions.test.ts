/**
 * The triggers at type version 2, served and run as in triggers.test.ts (whose tests keep version 1's output):
 * Simplify, on by default, outputs one flat item with one status, one amount and each date as the platform gave
 * it and in ISO 8601 in the site's time zone; off, the full delivery of version 1. Version 2 also reads a body
 * n8n left unread (n8n reads it before the node only for some content types from version 2 on).
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- runs in Node, not in n8n: eslint.dev.config.mjs lints it */
import { onboardingApi, paySuiteApi, withSandbox } from '../helpers/sandbox';
import { platformRecords } from './triggerFixtures';
import { startTriggerServer, type TriggerServer } from './triggerHarness';
import { expectAcknowledged, webhookCalls } from './webhookCalls';

const sandbox = withSandbox({ processPendingPolls: 0, retryAfterSeconds: 0 });
const { post, fire, postRaw } = webhookCalls(sandbox);
const { signed, paidSession, subscribedSession, merchantBody } = platformRecords(sandbox);

const SITE_ZONE = 'America/Bogota';
/** The signed credential, naming the site's time zone, or (an older credential) none. */
const siteCredential = (timeZone: string | undefined = SITE_ZONE) => {
	const withoutZone: Record<string, unknown> = { ...paySuiteApi(sandbox).paySuiteApi };
	delete withoutZone.timeZone;
	return { paySuiteApi: { ...withoutZone, ...(timeZone ? { timeZone } : {}) } };
};

async function serve(type: string, parameters: Record<string, unknown>, credentials: Record<string, any>, body: (trigger: TriggerServer) => Promise<void>, timezone?: string) {
	const trigger = await startTriggerServer({ type, parameters: parameters as never, credentials, typeVersion: 2, timezone });
	try {
		await body(trigger);
		expect(trigger.calls.filter((call) => call.error).map((call) => call.error!.message)).toEqual([]);
	} finally {
		await trigger.stop();
	}
}
const itemOf = (trigger: TriggerServer) => trigger.output(trigger.runs()[0], 'Received').map((item) => item.json);
/** Whether every value is a plain value (no object, no list inside): a flat item. */
const flat = (item: Record<string, unknown>) => Object.entries(item).filter(([, value]) => value !== null && typeof value === 'object').map(([name]) => name);

const payer = { name: 'Ana', surname: 'Gomez', email: 'ana@example.com', document: '1020304050', documentType: 'CC', mobile: '+573001112233' };

describe('PaySuite Checkout Trigger, version 2', () => {
	it('Simplify (the default): one flat item with one status and one amount, the payer, the payment and ISO dates in the site zone', () =>
		serve('paySuiteCheckoutTrigger', {}, siteCredential(), async (trigger) => {
			const requestId = await paidSession('ORDER-2001', 'APPROVED', { payer });
			const session = (await signed(`/api/session/${requestId}`)).json;
			const [payment] = session.payment;
			expectAcknowledged(await fire(trigger, 'checkout', { requestId }), `Notification of session ${requestId} received`);
			const [item] = itemOf(trigger);
			expect(item).toEqual({
				requestId,
				status: 'APPROVED',
				reason: session.status.reason,
				message: session.status.message,
				reference: 'ORDER-2001',
				description: 'Order',
				amount: 120.5,
				currency: 'USD',
				payerName: 'Ana',
				payerSurname: 'Gomez',
				payerEmail: 'ana@example.com',
				payerDocumentType: 'CC',
				payerDocument: '1020304050',
				payerMobile: '+573001112233',
				paymentMethod: payment.paymentMethod,
				franchise: payment.franchise,
				issuerName: payment.issuerName,
				lastDigits: '1111',
				internalReference: payment.internalReference,
				authorization: payment.authorization,
				receipt: payment.receipt,
				refunded: false,
				paymentCount: 1,
				date: session.status.date,
				dateIso: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d-05:00$/),
				paymentDate: payment.status.date,
				paymentDateIso: expect.stringMatching(/-05:00$/),
			});
			// One status, one amount: what a workflow maps, once.
			expect(Object.keys(item).filter((name) => /status/i.test(name))).toEqual(['status']);
			expect(Object.keys(item).filter((name) => /amount|total/i.test(name))).toEqual(['amount']);
			expect(flat(item)).toEqual([]);
			// The same instant as the platform's date, on the site's clock.
			expect(Date.parse(item.dateIso as string)).toBe(Date.parse(session.status.date));
			expect(item.internalReference).toEqual(expect.any(Number));
		}));

	it('Simplify off: the full delivery of version 1', () =>
		serve('paySuiteCheckoutTrigger', { simple: false }, siteCredential(), async (trigger) => {
			const requestId = await paidSession('ORDER-2002');
			await fire(trigger, 'checkout', { requestId });
			expect(itemOf(trigger)[0]).toMatchObject({
				requestId,
				status: { status: 'APPROVED' },
				request: { payment: { reference: 'ORDER-2002', amount: { currency: 'USD', total: 120.5 } } },
				payment: [expect.objectContaining({ reference: 'ORDER-2002' })],
				notification: { signed: { requestId, status: 'APPROVED' } },
				signatureVerified: true,
			});
		}));

	it("a subscription session's token is never in the simplified item, and hidden in the full one unless Include Secrets is on", async () => {
		const tokenOf = (item: any) => item.subscription.instrument.find((pair: { keyword: string }) => pair.keyword === 'token')?.value;
		let token = '';
		await serve('paySuiteCheckoutTrigger', { simple: false, includeSecrets: true }, siteCredential(), async (trigger) => {
			await fire(trigger, 'checkout', { requestId: await subscribedSession('SUB-2001') });
			token = tokenOf(itemOf(trigger)[0]);
			expect(token).toMatch(/^[0-9a-f]{64}$/);
		});
		await serve('paySuiteCheckoutTrigger', { simple: false }, siteCredential(), async (trigger) => {
			await fire(trigger, 'checkout', { requestId: await subscribedSession('SUB-2002') });
			expect(tokenOf(itemOf(trigger)[0])).toBe('[hidden: turn on Include Secrets]');
		});
		// Include Secrets left on from before, Simplify back on: the flat item has no token.
		await serve('paySuiteCheckoutTrigger', { includeSecrets: true }, siteCredential(), async (trigger) => {
			await fire(trigger, 'checkout', { requestId: await subscribedSession('SUB-2003') });
			const [item] = itemOf(trigger);
			expect(item).toMatchObject({ status: 'APPROVED', reference: 'SUB-2003' });
			expect(JSON.stringify(item)).not.toMatch(/token|[0-9a-f]{64}/i);
		});
	});

	it("writes ISO dates in the workflow's time zone when the credential names no site time zone", () =>
		serve(
			'paySuiteCheckoutTrigger',
			{},
			siteCredential(''),
			async (trigger) => {
				await fire(trigger, 'checkout', { requestId: await paidSession('ORDER-2003') });
				expect(itemOf(trigger)[0].dateIso).toMatch(/\+01:00$|\+02:00$/);
			},
			'Europe/Madrid',
		));
});

describe('PaySuite Autopay Trigger, version 2', () => {
	it('Simplify: the autopay ID, event, reference, the date as sent and in ISO 8601 on the site clock, the details as received', () =>
		serve('paySuiteAutopayTrigger', {}, siteCredential(), async (trigger) => {
			// The sample's form without an offset: read on the site's clock.
			const sent = new Date(Date.now() - 60_000);
			const wall = new Date(sent.getTime() - 5 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');
			const additional = { amount: 120, currency: 'USD' };
			const fired = await fire(trigger, 'autopay', { type: 'AUTOPAY_TRANSACTION_FAILED', reference: 'SUB-0007', date: wall, additional });
			expectAcknowledged(fired, 'Event AUTOPAY_TRANSACTION_FAILED received');
			expect(itemOf(trigger)).toEqual([
				{
					autopayId: JSON.parse(fired.sent).id,
					event: 'AUTOPAY_TRANSACTION_FAILED',
					reference: 'SUB-0007',
					date: wall,
					dateIso: `${wall.replace(' ', 'T')}-05:00`,
					additional,
				},
			]);
		}));

	it('Simplify off: the event split into signed and unsigned, as version 1 outputs it', () =>
		serve('paySuiteAutopayTrigger', { simple: false }, siteCredential(), async (trigger) => {
			const fired = await fire(trigger, 'autopay', { type: 'AUTOPAY_CREATED', reference: 'SUB-0008' });
			const event = JSON.parse(fired.sent);
			expect(itemOf(trigger)).toEqual([
				{ signed: { id: event.id, type: 'AUTOPAY_CREATED', date: event.date }, unsigned: { reference: 'SUB-0008', additional: event.additional }, signatureVerified: true },
			]);
		}));

	it('reads a body n8n left unread (a content type it does not parse from version 2 on) and checks it the same', () =>
		serve('paySuiteAutopayTrigger', {}, siteCredential(), async (trigger) => {
			const fired = await fire(trigger, 'autopay', { type: 'AUTOPAY_CANCELED', url: 'http://127.0.0.1:1/nowhere' });
			expectAcknowledged(await postRaw(trigger, fired.sent, { 'content-type': 'application/octet-stream' }), 'Event AUTOPAY_CANCELED received');
			expect(itemOf(trigger)[0]).toMatchObject({ event: 'AUTOPAY_CANCELED' });
			const tampered = fired.sent.replace('AUTOPAY_CANCELED', 'AUTOPAY_CREATED');
			expect((await postRaw(trigger, tampered, { 'content-type': 'application/octet-stream' })).status).toBe(401);
			expect(trigger.runs()).toHaveLength(1);
		}));
});

describe('PaySuite Onboarding Trigger, version 2', () => {
	let keys = 0;
	async function finishedProcess(mcc: string): Promise<string> {
		const answer = await post(
			'/api/merchants',
			merchantBody({ mcc }),
			{ authorization: `Bearer ${sandbox.credentials.accessToken}`, 'idempotency-key': `trigger-v2-key-${++keys}-0123456789` },
		);
		expect(answer.status).toBe(202);
		const processId = answer.json.processId as string;
		await fetch(`${sandbox.url}/api/processes/${processId}`, { headers: { authorization: `Bearer ${sandbox.credentials.accessToken}` } });
		return processId;
	}

	it("Simplify: the outcome, the merchant ID, one status, what failed in words, the date in the workflow's zone", () =>
		serve(
			'paySuiteOnboardingTrigger',
			{},
			onboardingApi(sandbox),
			async (trigger) => {
				const good = await finishedProcess('5411');
				await fire(trigger, 'onboarding', { processId: good });
				const [item] = itemOf(trigger);
				expect(item).toEqual({
					processId: good,
					action: 'merchant.create',
					outcome: 'succeeded',
					merchantId: expect.any(Number),
					status: 'OK',
					reason: expect.anything(),
					message: expect.anything(),
					failure: null,
					date: expect.any(String),
					dateIso: expect.stringMatching(/-05:00$/),
					signatureVerified: true,
				});
				expect(flat(item)).toEqual([]);

				const bad = await finishedProcess('0000');
				await fire(trigger, 'onboarding', { processId: bad });
				expect(trigger.output(trigger.runs()[1], 'Received')[0].json).toMatchObject({
					processId: bad,
					outcome: 'failed',
					merchantId: null,
					status: 'FAILED',
					failure: expect.stringMatching(/^Process .+ ended FAILED with errors in mcc\. mcc: /),
				});
			},
			SITE_ZONE,
		));
});
