/**
 * The three webhook triggers, served over real HTTP by n8n-core's WebhookContext and run by its
 * WorkflowExecute (see triggerHarness.ts), fed by the sandbox's outbound webhook senders.
 * For each: a valid call starts exactly one run with the right data; a forged, replayed or malformed call
 * gets its HTTP answer in the platform's status shape and starts no run; filters acknowledge without a run.
 */
import { buildAuth } from '../../nodes/shared/signing';
import { apiCallsOf, onboardingApi as onboardingApiOf, paySuiteApi as paySuiteApiOf, withSandbox } from '../helpers/sandbox';
import { startTriggerServer, type TriggerServer } from './triggerHarness';

const sandbox = withSandbox({ processPendingPolls: 0, retryAfterSeconds: 0 });

interface Answer {
	status: number;
	json: any;
}

async function post(path: string, body: unknown, headers: Record<string, string> = {}): Promise<Answer> {
	const response = await fetch(`${sandbox.url}${path}`, {
		method: 'POST',
		headers: { 'content-type': 'application/json', ...headers },
		body: JSON.stringify(body),
	});
	const text = await response.text();
	return { status: response.status, json: text ? JSON.parse(text) : undefined };
}

/** A signed call of the checkout API (to set up sessions), as a merchant's server would make it. */
const signed = (path: string, body: Record<string, unknown> = {}) =>
	post(path, { ...body, auth: buildAuth(sandbox.credentials.login, sandbox.credentials.secretKey) });

const paySuiteApi = (secretKey?: string) => paySuiteApiOf(sandbox, { secretKey });
const onboardingApi = (notificationSecret?: string) => onboardingApiOf(sandbox, { notificationSecret });

/** Sends through a sandbox control endpoint and waits until the trigger has answered and run. */
async function fire(trigger: TriggerServer, kind: 'autopay' | 'checkout' | 'onboarding', body: Record<string, unknown>) {
	const answer = await post(`/__sandbox/webhooks/${kind}`, { url: trigger.url, ...body });
	expect(answer.status).toBe(200);
	await trigger.idle();
	const delivery = answer.json.delivery as { status: number; body: string };
	return { status: delivery.status, reply: delivery.body ? JSON.parse(delivery.body) : undefined, sent: answer.json.sent as string };
}

const expectAcknowledged = (reply: any) =>
	expect(reply).toEqual({ status: { status: 'OK', reason: '00', message: expect.any(String), date: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00$/) } });

const expectRefused = (reply: any, reason: string, words: RegExp) => {
	expect(reply.status).toMatchObject({ status: 'FAILED', reason, date: expect.any(String) });
	expect(reply.status.message).toMatch(words);
};

const ledgerPaths = () => apiCallsOf(sandbox).map((entry) => `${entry.method} ${entry.path}`);

async function serve(type: string, parameters: Record<string, unknown>, credentials: Record<string, any>, body: (trigger: TriggerServer) => Promise<void>) {
	const trigger = await startTriggerServer({ type, parameters: parameters as never, credentials });
	try {
		await body(trigger);
	} finally {
		await trigger.stop();
	}
}

describe('PaySuite Autopay Trigger', () => {
	const autopay = (parameters: Record<string, unknown>, body: (trigger: TriggerServer) => Promise<void>, secretKey?: string) =>
		serve('paySuiteAutopayTrigger', parameters, paySuiteApi(secretKey), body);

	it('a signed event starts exactly one run with the event, its additional data and the verified flag', () =>
		autopay({}, async (trigger) => {
			const additional = { autopayId: 'ap-1', attempt: 1 };
			const { status, reply, sent } = await fire(trigger, 'autopay', { type: 'AUTOPAY_CREATED', reference: 'SUB-0001', additional });
			expect(status).toBe(200);
			expectAcknowledged(reply);
			const event = JSON.parse(sent);
			expect(trigger.runs()).toHaveLength(1);
			const [run] = trigger.runs();
			expect(run.data.resultData.error).toBeUndefined();
			const items = trigger.output(run, 'Received');
			expect(items.map((item) => item.json)).toEqual([
				{ id: event.id, type: 'AUTOPAY_CREATED', date: event.date, reference: 'SUB-0001', additional, signatureVerified: true },
			]);
			expect(trigger.output(run, 'Trigger')).toHaveLength(1);
		}));

	it('takes the date byte for byte as sent (the sample form YYYY-MM-DD HH:MM:SS too)', () =>
		autopay({}, async (trigger) => {
			const { status } = await fire(trigger, 'autopay', { type: 'AUTOPAY_TRANSACTION_FAILED', date: '2024-05-01 10:00:00' });
			expect(status).toBe(200);
			expect(trigger.runs()).toHaveLength(1);
			expect(trigger.output(trigger.runs()[0], 'Received')[0].json).toMatchObject({ type: 'AUTOPAY_TRANSACTION_FAILED', date: '2024-05-01 10:00:00' });
		}));

	it('answers a tampered, missing or wrongly keyed signature with 401 and starts no run', async () => {
		await autopay({}, async (trigger) => {
			const tampered = await fire(trigger, 'autopay', { type: 'AUTOPAY_CREATED', tamper: true });
			expect(tampered.status).toBe(401);
			expectRefused(tampered.reply, 'XS', /does not match/);
			const unsigned = await fire(trigger, 'autopay', { type: 'AUTOPAY_CREATED', omitField: 'signature' });
			expect(unsigned.status).toBe(401);
			expectRefused(unsigned.reply, 'XS', /missing/);
			expect(trigger.calls).toHaveLength(2);
			expect(trigger.runs()).toHaveLength(0);
		});
		await autopay(
			{},
			async (trigger) => {
				expect((await fire(trigger, 'autopay', { type: 'AUTOPAY_CREATED' })).status).toBe(401);
				expect(trigger.runs()).toHaveLength(0);
			},
			'not-the-site-secret',
		);
	});

	it('answers a malformed body, a missing field or an unknown type with 400 and starts no run', () =>
		autopay({}, async (trigger) => {
			const notJson = await fire(trigger, 'autopay', { type: 'AUTOPAY_CREATED', rawBody: '{"id": "abc", "type": ' });
			expect(notJson.status).toBe(400);
			expectRefused(notJson.reply, 'XN', /not a JSON object/);
			const noDate = await fire(trigger, 'autopay', { type: 'AUTOPAY_CREATED', omitField: 'date' });
			expect(noDate.status).toBe(400);
			expectRefused(noDate.reply, 'XN', /date/);
			const noReference = await fire(trigger, 'autopay', { type: 'AUTOPAY_CREATED', omitField: 'reference' });
			expect(noReference.status).toBe(400);
			expectRefused(noReference.reply, 'XN', /reference/);
			// Correctly signed, but not one of the four events.
			const unknown = await fire(trigger, 'autopay', { type: 'AUTOPAY_PAUSED' });
			expect(unknown.status).toBe(400);
			expectRefused(unknown.reply, 'XN', /Unknown event type "AUTOPAY_PAUSED"/);
			expect(trigger.calls).toHaveLength(4);
			expect(trigger.runs()).toHaveLength(0);
		}));

	it('acknowledges events outside the filter without a run, and runs for the chosen ones', () =>
		autopay({ events: ['AUTOPAY_CANCELED', 'AUTOPAY_UPDATED'] }, async (trigger) => {
			const skipped = await fire(trigger, 'autopay', { type: 'AUTOPAY_CREATED' });
			expect(skipped.status).toBe(200);
			expectAcknowledged(skipped.reply);
			expect(trigger.runs()).toHaveLength(0);
			expect((await fire(trigger, 'autopay', { type: 'AUTOPAY_CANCELED' })).status).toBe(200);
			expect(trigger.runs()).toHaveLength(1);
			expect(trigger.output(trigger.runs()[0], 'Received')[0].json.type).toBe('AUTOPAY_CANCELED');
		}));
});

describe('PaySuite Checkout Trigger', () => {
	const checkout = (parameters: Record<string, unknown>, body: (trigger: TriggerServer) => Promise<void>, secretKey?: string) =>
		serve('paySuiteCheckoutTrigger', parameters, paySuiteApi(secretKey), body);

	async function paidSession(reference: string, status: 'APPROVED' | 'REJECTED' = 'APPROVED'): Promise<number> {
		const created = await signed('/api/session', {
			payment: { reference, description: 'Order', amount: { currency: 'USD', total: 120 } },
			returnUrl: 'https://shop.example.com/return',
			ipAddress: '127.0.0.1',
			userAgent: 'jest',
		});
		expect(created.status).toBe(200);
		const requestId = created.json.requestId as number;
		const paid = await post(`/__sandbox/sessions/${requestId}/pay`, { status });
		expect(paid.status).toBe(200);
		return requestId;
	}

	it('a signed notification starts one run with the session as the platform reports it', () =>
		checkout({}, async (trigger) => {
			const requestId = await paidSession('ORDER-1001');
			sandbox.clearLedger();
			const { status, reply, sent } = await fire(trigger, 'checkout', { requestId });
			expect(status).toBe(200);
			expectAcknowledged(reply);
			// The trigger read the session back, signed, once.
			const queries = sandbox.ledger().filter((entry) => entry.path === `/api/session/${requestId}`);
			expect(queries).toHaveLength(1);
			expect(queries[0].auth).toMatchObject({ ok: true, login: sandbox.credentials.login });
			expect(trigger.runs()).toHaveLength(1);
			const [item] = trigger.output(trigger.runs()[0], 'Received');
			const notification = JSON.parse(sent);
			expect(item.json).toMatchObject({
				requestId,
				status: { status: 'APPROVED' },
				request: { payment: { reference: 'ORDER-1001' } },
				notification: { requestId, reference: 'ORDER-1001', status: { status: 'APPROVED', date: notification.status.date } },
				signatureVerified: true,
				signatureAlgorithm: 'sha256',
			});
			const payments = item.json.payment as Array<Record<string, any>>;
			expect(payments).toHaveLength(1);
			expect(payments[0]).toMatchObject({ status: { status: 'APPROVED' }, reference: 'ORDER-1001' });
		}));

	it('emits the session the platform reports, not the status the notification claims', () =>
		checkout({ statuses: ['APPROVED'] }, async (trigger) => {
			const requestId = await paidSession('ORDER-1002', 'REJECTED');
			// A correctly signed notification that says APPROVED: the query says REJECTED, so the filter skips it.
			const { status, reply } = await fire(trigger, 'checkout', { requestId, status: 'APPROVED' });
			expect(status).toBe(200);
			expect(reply.status.message).toMatch(/REJECTED/);
			expect(trigger.runs()).toHaveLength(0);
		}));

	it('accepts the legacy SHA-1 signature unless it is turned off', async () => {
		const requestId = await paidSession('ORDER-1003');
		await checkout({}, async (trigger) => {
			expect((await fire(trigger, 'checkout', { requestId, legacySha1: true })).status).toBe(200);
			expect(trigger.runs()).toHaveLength(1);
			expect(trigger.output(trigger.runs()[0], 'Received')[0].json.signatureAlgorithm).toBe('sha1');
		});
		await checkout({ options: { acceptSha1: false } }, async (trigger) => {
			const refused = await fire(trigger, 'checkout', { requestId, legacySha1: true });
			expect(refused.status).toBe(401);
			expectRefused(refused.reply, 'XS', /SHA-1/);
			expect(trigger.runs()).toHaveLength(0);
		});
	});

	it('answers forged and malformed notifications without querying the platform or running', () =>
		checkout({}, async (trigger) => {
			const requestId = await paidSession('ORDER-1004');
			sandbox.clearLedger();
			const tampered = await fire(trigger, 'checkout', { requestId, tamper: true });
			expect(tampered.status).toBe(401);
			expectRefused(tampered.reply, 'XS', /does not match/);
			const legacyTampered = await fire(trigger, 'checkout', { requestId, tamper: true, legacySha1: true });
			expect(legacyTampered.status).toBe(401);
			const noStatus = await fire(trigger, 'checkout', { requestId, omitField: 'status' });
			expect(noStatus.status).toBe(400);
			expectRefused(noStatus.reply, 'XN', /status/);
			const notJson = await fire(trigger, 'checkout', { requestId, rawBody: 'requestId=1' });
			expect(notJson.status).toBe(400);
			expect(ledgerPaths()).toEqual([]);
			expect(trigger.runs()).toHaveLength(0);
		}));

	it('refuses a signed notification of a session the platform does not know', () =>
		checkout({}, async (trigger) => {
			const { status, reply } = await fire(trigger, 'checkout', { requestId: 99999, status: 'APPROVED', reference: 'GHOST' });
			expect(status).toBe(400);
			expectRefused(reply, 'XN', /does not know the session 99999/);
			expect(trigger.runs()).toHaveLength(0);
		}));
});

describe('PaySuite Onboarding Trigger', () => {
	const onboarding = (parameters: Record<string, unknown>, body: (trigger: TriggerServer) => Promise<void>, notificationSecret?: string) =>
		serve('paySuiteOnboardingTrigger', parameters, onboardingApi(notificationSecret), body);

	let keys = 0;
	const merchant = (overrides: Record<string, unknown> = {}) => ({
		name: 'Acme Holdings S.A.S.',
		brand: 'Acme',
		mcc: '5411',
		languages: ['es'],
		currencies: ['USD'],
		document: { type: 'NIT', number: '900123456' },
		address: { street: 'Calle 1 # 2-3', city: 'Bogota', state: 11, country: 'CO', phone: '+5712345678', postalCode: '110111' },
		legalRepresentative: { name: 'Ana', surname: 'López', document: '52123456', documentType: 'CC' },
		control: { seller: 'direct' },
		...overrides,
	});

	async function createMerchant(body: Record<string, unknown>): Promise<string> {
		const answer = await post('/api/merchants', body, {
			authorization: `Bearer ${sandbox.credentials.accessToken}`,
			'idempotency-key': `trigger-test-key-${++keys}-0123456789`,
		});
		expect(answer.status).toBe(202);
		return answer.json.processId as string;
	}

	/** Makes a process final by reading it, as a polling client would. */
	async function finish(processId: string): Promise<Record<string, any>> {
		const response = await fetch(`${sandbox.url}/api/processes/${processId}`, { headers: { authorization: `Bearer ${sandbox.credentials.accessToken}` } });
		expect(response.headers.get('retry-after')).toBeNull();
		return (await response.json()) as Record<string, any>;
	}

	it('the notification the sandbox sends when a process finishes starts one run with the queried result', () =>
		onboarding({}, async (trigger) => {
			const processId = await createMerchant(merchant({ notification: { url: trigger.url } }));
			const final = await finish(processId);
			// The sandbox delivers in the background; wait until the trigger got it and its run finished.
			for (let i = 0; i < 200 && trigger.calls.length === 0; i++) await new Promise((resolve) => setTimeout(resolve, 25));
			await trigger.idle();
			expect(trigger.calls).toHaveLength(1);
			expect(trigger.calls[0].status).toBe(200);
			expect(trigger.runs()).toHaveLength(1);
			const [item] = trigger.output(trigger.runs()[0], 'Received');
			expect(item.json).toMatchObject({
				processId,
				action: 'merchant.create',
				status: { status: 'OK' },
				result: { merchantId: final.result.merchantId },
				outcome: 'succeeded',
				signatureVerified: true,
				signatureKeyId: sandbox.credentials.notificationKeyId,
			});
			// The result came from the process query, made with the bearer token.
			const queries = sandbox.ledger().filter((entry) => entry.path === `/api/processes/${processId}`);
			expect(queries.length).toBeGreaterThanOrEqual(2);
			expect(queries.at(-1)!.headers.authorization).toBe('Bearer ***');
			expect(queries.at(-1)!.status).toBe(200);
			const deliveries = (await (await fetch(`${sandbox.url}/__sandbox/webhooks/deliveries`)).json()) as any;
			expect(deliveries.deliveries).toHaveLength(1);
			expect(deliveries.deliveries[0]).toMatchObject({ kind: 'onboarding', status: 200 });
		}));

	it('answers a tampered signature, an unsigned call or a replay outside ±300 s with 401, without a query or a run', () =>
		onboarding({}, async (trigger) => {
			const processId = await createMerchant(merchant());
			await finish(processId);
			sandbox.clearLedger();
			const tampered = await fire(trigger, 'onboarding', { processId, tamper: true });
			expect(tampered.status).toBe(401);
			expectRefused(tampered.reply, 'XS', /does not match/);
			const unsigned = await fire(trigger, 'onboarding', { processId, unsigned: true });
			expect(unsigned.status).toBe(401);
			expectRefused(unsigned.reply, 'XS', /missing/);
			const replayed = await fire(trigger, 'onboarding', { processId, timestampOffsetSeconds: -301 });
			expect(replayed.status).toBe(401);
			expectRefused(replayed.reply, 'XS', /300 seconds/);
			const future = await fire(trigger, 'onboarding', { processId, timestampOffsetSeconds: 400 });
			expect(future.status).toBe(401);
			const otherSecret = await fire(trigger, 'onboarding', { processId, secret: 'whsec_someone_else' });
			expect(otherSecret.status).toBe(401);
			expect(ledgerPaths()).toEqual([]);
			expect(trigger.runs()).toHaveLength(0);
			// Inside the window it is accepted.
			expect((await fire(trigger, 'onboarding', { processId, timestampOffsetSeconds: -250 })).status).toBe(200);
			expect(trigger.runs()).toHaveLength(1);
		}));

	it('answers a malformed body with 400 and no run; an unknown process with 400 after asking the platform', () =>
		onboarding({}, async (trigger) => {
			const notJson = await fire(trigger, 'onboarding', { processId: 'x', action: 'merchant.create', rawBody: 'processId=x' });
			expect(notJson.status).toBe(400);
			expectRefused(notJson.reply, 'XN', /not a JSON object/);
			const noId = await fire(trigger, 'onboarding', { processId: 'x', action: 'merchant.create', omitField: 'processId' });
			expect(noId.status).toBe(400);
			expectRefused(noId.reply, 'XN', /processId/);
			const unknown = await fire(trigger, 'onboarding', { processId: '00000000-0000-0000-0000-000000000000', action: 'merchant.create', status: 'OK' });
			expect(unknown.status).toBe(400);
			expectRefused(unknown.reply, 'XN', /does not know the process/);
			expect(trigger.runs()).toHaveLength(0);
		}));

	it('filters on action and outcome, using the queried result rather than the notification', () =>
		onboarding({ actions: ['merchant.create'], outcomes: ['failed'] }, async (trigger) => {
			const good = await createMerchant(merchant());
			await finish(good);
			// The notification claims a failure; the platform says the process succeeded: no run.
			const claimed = await fire(trigger, 'onboarding', { processId: good, status: 'FAILED' });
			expect(claimed.status).toBe(200);
			expectAcknowledged(claimed.reply);
			expect(trigger.runs()).toHaveLength(0);
			// An MCC outside the catalog fails the process (HTTP 200 on the query, status FAILED).
			const bad = await createMerchant(merchant({ mcc: '0000' }));
			const final = await finish(bad);
			expect(final.status.status).toBe('FAILED');
			expect((await fire(trigger, 'onboarding', { processId: bad })).status).toBe(200);
			expect(trigger.runs()).toHaveLength(1);
			expect(trigger.output(trigger.runs()[0], 'Received')[0].json).toMatchObject({ processId: bad, outcome: 'failed', errors: { mcc: expect.any(Array) } });
		}));

	it('without a notification secret it takes unsigned notifications but still emits only the queried result', () =>
		onboarding(
			{},
			async (trigger) => {
				const processId = await createMerchant(merchant());
				await finish(processId);
				const { status } = await fire(trigger, 'onboarding', { processId, unsigned: true, status: 'FAILED' });
				expect(status).toBe(200);
				expect(trigger.runs()).toHaveLength(1);
				expect(trigger.output(trigger.runs()[0], 'Received')[0].json).toMatchObject({ processId, outcome: 'succeeded', signatureVerified: false });
			},
			'',
		));

	it('raises a failed process query (a wrong access token) as an error of the trigger: HTTP 500, no run, no secret in the message', async () => {
		const processId = await createMerchant(merchant());
		await finish(processId);
		const credentials = onboardingApiOf(sandbox, { accessToken: 'sbx_wrong_token_123' });
		await serve('paySuiteOnboardingTrigger', {}, credentials, async (trigger) => {
			const { status } = await fire(trigger, 'onboarding', { processId });
			expect(status).toBe(500);
			expect(trigger.calls[0].error?.message).toMatch(/HTTP 401/);
			expect(trigger.calls[0].error?.message).not.toContain('sbx_wrong_token_123');
			expect(trigger.runs()).toHaveLength(0);
		});
	});

	it('holds back a notification of a process that is not final yet: 503 with Retry-After, no run', () =>
		onboarding({ options: { waitSeconds: 0 } }, async (trigger) => {
			sandbox.world.options.processPendingPolls = 5;
			try {
				const processId = await createMerchant(merchant());
				const { status, reply } = await fire(trigger, 'onboarding', { processId });
				expect(status).toBe(503);
				expectRefused(reply, 'XP', /not final/);
				expect(trigger.runs()).toHaveLength(0);
			} finally {
				sandbox.world.options.processPendingPolls = 0;
			}
		}));
});
