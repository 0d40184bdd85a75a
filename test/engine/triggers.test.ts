/**
 * The three webhook triggers, served over real HTTP by n8n-core's WebhookContext and run by its
 * WorkflowExecute (see triggerHarness.ts, which answers as n8n 2.40.7 does), fed by the sandbox's outbound
 * webhook senders or by raw bytes as an attacker would send them.
 * For each: a valid delivery gets the exact acknowledgement and starts exactly one run; a delivery already run
 * (replayed, sent again in parallel, with altered unsigned fields) is acknowledged without a second run; each
 * call of the corpus (forged, stale, huge, deeply nested, wrong types, empty, not JSON...) gets its exact answer
 * and starts no run.
 */
/* eslint-disable @n8n/community-nodes/no-hardcoded-secrets, @n8n/community-nodes/no-restricted-globals, @typescript-eslint/no-explicit-any -- runs in Node, not in n8n: eslint.dev.config.mjs lints it */
import { REPLAY_WINDOW } from '../../nodes/shared/webhooks/replay';
import { recordedKeys } from '../helpers/replayRecords';
import { apiCallsOf, onboardingApi as onboardingApiOf, paySuiteApi as paySuiteApiOf, withSandbox } from '../helpers/sandbox';
import { platformRecords } from './triggerFixtures';
import { startTriggerServer, type TriggerServer } from './triggerHarness';
import {
	DAY_MS,
	expectAcknowledged,
	expectEachRefused,
	expectRefused,
	isoIn,
	nested,
	NOT_VERIFIED,
	undated,
	webhookCalls,
	type Answer,
	type Fired,
	type RefusalCase,
} from './webhookCalls';

const sandbox = withSandbox({ processPendingPolls: 0, retryAfterSeconds: 0 });

const { post, fire, postRaw } = webhookCalls(sandbox);

const { signed, paidSession, subscribedSession, merchantBody } = platformRecords(sandbox);

const paySuiteApi = (secretKey?: string) => paySuiteApiOf(sandbox, { secretKey });
const onboardingApi = (notificationSecret?: string) => onboardingApiOf(sandbox, { notificationSecret });

/** No call made the trigger throw (n8n would answer 500 with a stack trace and record an error). */
const expectNoErrors = (trigger: TriggerServer) => expect(trigger.calls.filter((call) => call.error).map((call) => call.error!.message)).toEqual([]);
/** The deliveries the trigger's saved static data records. */
const recordsOf = (trigger: TriggerServer) =>
	recordedKeys((trigger.staticData()['node:Trigger'] ?? {}) as Record<string, unknown>, Math.floor(Date.now() / 1000), REPLAY_WINDOW);

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

	it('acknowledges a signed event byte for byte and runs once with what the signature covers apart from the rest', () =>
		autopay({}, async (trigger) => {
			const additional = { autopayId: 'ap-1', amount: 120 };
			const fired = await fire(trigger, 'autopay', { type: 'AUTOPAY_CREATED', reference: 'SUB-0001', additional });
			expectAcknowledged(fired, 'Event AUTOPAY_CREATED received');
			const event = JSON.parse(fired.sent);
			expect(trigger.runs()).toHaveLength(1);
			const [run] = trigger.runs();
			expect(run.data.resultData.error).toBeUndefined();
			expect(trigger.output(run, 'Received').map((item) => item.json)).toEqual([
				{
					signed: { id: event.id, type: 'AUTOPAY_CREATED', date: event.date },
					unsigned: { reference: 'SUB-0001', additional },
					signatureVerified: true,
				},
			]);
			expect(recordsOf(trigger)).toHaveLength(1);
		}));

	it('runs a delivery once: replays, 50 parallel copies and a copy with altered unsigned fields are acknowledged without a run', () =>
		autopay({}, async (trigger) => {
			const first = await fire(trigger, 'autopay', { type: 'AUTOPAY_TRANSACTION_FAILED', reference: 'SUB-0042', additional: { amount: 10 } });
			expectAcknowledged(first, 'Event AUTOPAY_TRANSACTION_FAILED received');
			const duplicate = 'Event AUTOPAY_TRANSACTION_FAILED received; already received, the workflow does not run again';
			for (let i = 0; i < 3; i++) expectAcknowledged(await postRaw(trigger, first.sent), duplicate);
			// The same id, type and date (so the same signature) with another reference and amount.
			const { id, date } = JSON.parse(first.sent);
			const altered = await fire(trigger, 'autopay', { type: 'AUTOPAY_TRANSACTION_FAILED', id, date, reference: 'SUB-VICTIM', additional: { amount: 99999 } });
			expectAcknowledged(altered, duplicate);
			expect(trigger.runs()).toHaveLength(1);

			// A new delivery sent 50 times at once: one run, 49 duplicates.
			const burst = await fire(trigger, 'autopay', { type: 'AUTOPAY_CANCELED', copies: 50 });
			expect(burst.copies).toHaveLength(50);
			const messages = burst.copies.map((copy) => (expect(copy.status).toBe(200), JSON.parse(copy.body).status.message as string));
			expect(messages.filter((message) => message === 'Event AUTOPAY_CANCELED received')).toHaveLength(1);
			expect(messages.filter((message) => message.endsWith('already received, the workflow does not run again'))).toHaveLength(49);
			expect(trigger.runs()).toHaveLength(2);
			expect(recordsOf(trigger)).toHaveLength(2);
			expectNoErrors(trigger);
		}));

	it('answers each call of the corpus exactly, runs nothing and records nothing', () =>
		autopay({}, async (trigger) => {
			const type = 'AUTOPAY_CREATED';
			const valid = JSON.parse((await fire(trigger, 'autopay', { type, url: 'http://127.0.0.1:1/nowhere' })).sent) as Record<string, unknown>;
			const cases: RefusalCase[] = [
				['forged signature', () => fire(trigger, 'autopay', { type, tamper: true }), 401, 'XS', NOT_VERIFIED],
				['no signature', () => fire(trigger, 'autopay', { type, omitField: 'signature' }), 401, 'XS', 'The signature is missing'],
				['signature not text', () => postRaw(trigger, JSON.stringify({ ...valid, signature: 42 })), 401, 'XS', NOT_VERIFIED],
				['stale: 8 days old', () => fire(trigger, 'autopay', { type, date: isoIn(-8 * DAY_MS) }), 401, 'XS', 'The event date is more than 7 days old'],
				['two days ahead', () => fire(trigger, 'autopay', { type, date: isoIn(2 * DAY_MS) }), 401, 'XS', "The event date is more than 24 hours ahead of the receiver's clock"],
				['huge', () => fire(trigger, 'autopay', { type, additional: { note: 'x'.repeat(70_000) } }), 413, 'XN', 'The body is larger than 64 KiB'],
				['deeply nested', () => fire(trigger, 'autopay', { type, additional: nested(40) }), 400, 'XN', 'The body nests more than 32 levels deep'],
				['id not text', () => postRaw(trigger, JSON.stringify({ ...valid, id: 5 })), 400, 'XN', 'Missing or empty field: id'],
				['no date', () => fire(trigger, 'autopay', { type, omitField: 'date' }), 400, 'XN', 'Missing or empty field: date'],
				['additional not an object', () => fire(trigger, 'autopay', { type, additional: [1] }), 400, 'XN', 'The field additional must be an object'],
				['no reference', () => fire(trigger, 'autopay', { type, omitField: 'reference' }), 400, 'XN', 'Missing or empty field: reference'],
				['unknown type, signed', () => fire(trigger, 'autopay', { type: 'AUTOPAY_PAUSED' }), 400, 'XN', 'Unknown event type "AUTOPAY_PAUSED"'],
				['empty', () => postRaw(trigger, ''), 400, 'XN', 'The body is not a JSON object'],
				['not JSON', () => fire(trigger, 'autopay', { type, rawBody: '{"id": "abc", "type": ' }), 400, 'XN', 'The body is not a JSON object'],
				['a JSON array', () => postRaw(trigger, '[1,2]'), 400, 'XN', 'The body is not a JSON object'],
			];
			await expectEachRefused(cases);
			expect(trigger.runs()).toHaveLength(0);
			expect(recordsOf(trigger)).toEqual([]);
			expectNoErrors(trigger);
		}));

	it('refuses every event when the secret key is not the one the site signs with', () =>
		autopay(
			{},
			async (trigger) => {
				expectRefused(await fire(trigger, 'autopay', { type: 'AUTOPAY_CREATED' }), 401, 'XS', NOT_VERIFIED);
				expect(trigger.runs()).toHaveLength(0);
			},
			'not-the-site-secret',
		));

	it('takes the date byte for byte as sent (the sample form YYYY-MM-DD HH:MM:SS too)', () =>
		autopay({}, async (trigger) => {
			const date = isoIn(-60_000).slice(0, 19).replace('T', ' ');
			expect((await fire(trigger, 'autopay', { type: 'AUTOPAY_UPDATED', date })).status).toBe(200);
			expect(trigger.output(trigger.runs()[0], 'Received')[0].json).toMatchObject({ signed: { type: 'AUTOPAY_UPDATED', date } });
		}));

	it('acknowledges events outside the filter without a run or a record, and runs for the chosen ones', () =>
		autopay({ events: ['AUTOPAY_CANCELED', 'AUTOPAY_UPDATED'] }, async (trigger) => {
			expectAcknowledged(await fire(trigger, 'autopay', { type: 'AUTOPAY_CREATED' }), 'Event AUTOPAY_CREATED received; this workflow does not handle it');
			expect(trigger.runs()).toHaveLength(0);
			expect(recordsOf(trigger)).toEqual([]);
			expect((await fire(trigger, 'autopay', { type: 'AUTOPAY_CANCELED' })).status).toBe(200);
			expect(trigger.runs()).toHaveLength(1);
			expect(trigger.output(trigger.runs()[0], 'Received')[0].json).toMatchObject({ signed: { type: 'AUTOPAY_CANCELED' } });
		}));
});

describe('PaySuite Checkout Trigger', () => {
	const checkout = (parameters: Record<string, unknown>, body: (trigger: TriggerServer) => Promise<void>, secretKey?: string) =>
		serve('paySuiteCheckoutTrigger', parameters, paySuiteApi(secretKey), body);

	const sessionQueries = (requestId: number) => sandbox.ledger().filter((entry) => entry.path === `/api/session/${requestId}`);

	it('acknowledges a signed notification byte for byte and runs once with the session the platform reports', () =>
		checkout({}, async (trigger) => {
			const requestId = await paidSession('ORDER-1001');
			sandbox.clearLedger();
			const fired = await fire(trigger, 'checkout', { requestId });
			expectAcknowledged(fired, `Notification of session ${requestId} received`);
			// The trigger read the session back, signed, once.
			expect(sessionQueries(requestId).map((entry) => entry.auth)).toEqual([expect.objectContaining({ ok: true, login: sandbox.credentials.login })]);
			expect(trigger.runs()).toHaveLength(1);
			const [item] = trigger.output(trigger.runs()[0], 'Received');
			const notification = JSON.parse(fired.sent);
			expect(item.json).toMatchObject({
				requestId,
				status: { status: 'APPROVED' },
				request: { payment: { reference: 'ORDER-1001' } },
				notification: {
					signed: { requestId, status: 'APPROVED', date: notification.status.date },
					unsigned: { reference: 'ORDER-1001', reason: notification.status.reason, message: notification.status.message },
				},
				signatureVerified: true,
				signatureAlgorithm: 'sha256',
			});
			expect(item.json.payment as unknown[]).toEqual([expect.objectContaining({ status: expect.objectContaining({ status: 'APPROVED' }), reference: 'ORDER-1001' })]);
		}));

	it("a subscription session's token and subtoken only with Include Secrets", async () => {
		const pairsOf = (trigger: TriggerServer) =>
			((trigger.output(trigger.runs()[0], 'Received')[0].json.subscription as { instrument: Array<{ keyword: string; value: unknown }> }).instrument);
		const tokenOf = (pairs: Array<{ keyword: string; value: unknown }>) => pairs.find((pair) => pair.keyword === 'token')?.value;
		let token: unknown;
		await checkout({ includeSecrets: true }, async (trigger) => {
			await fire(trigger, 'checkout', { requestId: await subscribedSession('SUB-SECRET-1') });
			token = tokenOf(pairsOf(trigger));
			expect(token).toEqual(expect.stringMatching(/^[0-9a-f]{64}$/));
		});
		await checkout({}, async (trigger) => {
			await fire(trigger, 'checkout', { requestId: await subscribedSession('SUB-SECRET-2') });
			const pairs = pairsOf(trigger);
			expect(tokenOf(pairs)).toBe('[hidden: turn on Include Secrets]');
			expect(pairs.find((pair) => pair.keyword === 'subtoken')?.value).toBe('[hidden: turn on Include Secrets]');
			expect(pairs.find((pair) => pair.keyword === 'lastDigits')?.value).toEqual(expect.any(String));
		});
	});

	it('runs a delivery once: replays and 20 parallel copies query the platform once and run once', () =>
		checkout({}, async (trigger) => {
			const requestId = await paidSession('ORDER-1002');
			sandbox.clearLedger();
			const first = await fire(trigger, 'checkout', { requestId });
			expectAcknowledged(first, `Notification of session ${requestId} received`);
			const duplicate = `Notification of session ${requestId} received; already received, the workflow does not run again`;
			for (let i = 0; i < 3; i++) expectAcknowledged(await postRaw(trigger, first.sent), duplicate);
			expect(sessionQueries(requestId)).toHaveLength(1);

			const other = await paidSession('ORDER-1003');
			const burst = await fire(trigger, 'checkout', { requestId: other, copies: 20 });
			expect(burst.copies.map((copy) => copy.status)).toEqual(Array(20).fill(200));
			expect(burst.copies.filter((copy) => JSON.parse(copy.body).status.message === `Notification of session ${other} received`)).toHaveLength(1);
			expect(sessionQueries(other)).toHaveLength(1);
			expect(trigger.runs()).toHaveLength(2);
			expectNoErrors(trigger);
		}));

	it('emits the unsigned text of the notification only as unsigned, and the facts the platform reports', () =>
		checkout({}, async (trigger) => {
			const requestId = await paidSession('ORDER-1004');
			const session = (await signed(`/api/session/${requestId}`)).json;
			const status = { ...session.status, message: '<script>alert(1)</script>' };
			// Correctly signed (requestId, status, date unchanged), with another reference and message.
			const altered = await fire(trigger, 'checkout', { requestId, status, reference: 'SOMEONE-ELSES' });
			expectAcknowledged(altered, `Notification of session ${requestId} received`);
			const [item] = trigger.output(trigger.runs()[0], 'Received');
			expect(item.json).toMatchObject({
				request: { payment: { reference: 'ORDER-1004' } },
				notification: { unsigned: { reference: 'SOMEONE-ELSES', message: '<script>alert(1)</script>' } },
			});
			// The genuine notification with the same signed fields is then a duplicate.
			expect(JSON.parse((await fire(trigger, 'checkout', { requestId, status: session.status })).body).status.message).toMatch(/already received/);
			expect(trigger.runs()).toHaveLength(1);
		}));

	it('answers each call of the corpus exactly without querying the platform, runs nothing and records nothing', () =>
		checkout({}, async (trigger) => {
			const requestId = await paidSession('ORDER-1005');
			const session = (await signed(`/api/session/${requestId}`)).json;
			sandbox.clearLedger();
			const valid = JSON.parse((await fire(trigger, 'checkout', { requestId, url: 'http://127.0.0.1:1/nowhere' })).sent) as Record<string, any>;
			const cases: RefusalCase[] = [
				['forged signature', () => fire(trigger, 'checkout', { requestId, tamper: true }), 401, 'XS', NOT_VERIFIED],
				['forged legacy signature', () => fire(trigger, 'checkout', { requestId, tamper: true, legacySha1: true }), 401, 'XS', NOT_VERIFIED],
				['no signature', () => fire(trigger, 'checkout', { requestId, omitField: 'signature' }), 401, 'XS', 'The signature is missing'],
				['signature of another form', () => postRaw(trigger, JSON.stringify({ ...valid, signature: 'md5:00' })), 401, 'XS', 'The signature is not in a known form'],
				['stale: 8 days old', () => fire(trigger, 'checkout', { requestId, status: { ...session.status, date: isoIn(-8 * DAY_MS) } }), 401, 'XS', 'The event date is more than 7 days old'],
				['huge', () => postRaw(trigger, JSON.stringify({ ...valid, padding: 'x'.repeat(70_000) })), 413, 'XN', 'The body is larger than 64 KiB'],
				['deeply nested', () => postRaw(trigger, JSON.stringify({ ...valid, extra: nested(40) })), 400, 'XN', 'The body nests more than 32 levels deep'],
				['requestId not a number', () => postRaw(trigger, JSON.stringify({ ...valid, requestId: { $gt: 0 } })), 400, 'XN', 'Missing or invalid field: requestId'],
				['status as text', () => postRaw(trigger, JSON.stringify({ ...valid, status: 'APPROVED' })), 400, 'XN', 'Missing field: status'],
				['no status', () => fire(trigger, 'checkout', { requestId, omitField: 'status' }), 400, 'XN', 'Missing field: status'],
				['empty', () => postRaw(trigger, ''), 400, 'XN', 'The body is not a JSON object'],
				['not JSON', () => fire(trigger, 'checkout', { requestId, rawBody: 'requestId=1' }), 400, 'XN', 'The body is not a JSON object'],
			];
			await expectEachRefused(cases);
			expect(ledgerPaths()).toEqual([]);
			expect(trigger.runs()).toHaveLength(0);
			expect(recordsOf(trigger)).toEqual([]);
			expectNoErrors(trigger);
		}));

	it('answers a signed notification of a session the platform does not know exactly as a forged one', () =>
		checkout({}, async (trigger) => {
			const unknown = await fire(trigger, 'checkout', { requestId: 99999, status: 'APPROVED', reference: 'GHOST' });
			const forged = await fire(trigger, 'checkout', { requestId: 99999, status: 'APPROVED', reference: 'GHOST', tamper: true });
			expectRefused(unknown, 401, 'XS', NOT_VERIFIED);
			expect(undated(unknown)).toEqual(undated(forged));
			expect(trigger.runs()).toHaveLength(0);
		}));

	it('answers a failed session query with a short 503 and no run; the next attempt is handled afresh', () =>
		checkout({}, async (trigger) => {
			const requestId = await paidSession('ORDER-1006');
			// Every attempt of the trigger's query fails (it retries a read three times).
			sandbox.setFaults([{ path: `/api/session/${requestId}`, kind: 'status', status: 502, count: 4 }]);
			const failed = await fire(trigger, 'checkout', { requestId });
			expectRefused(failed, 503, 'XU', 'The notification could not be processed now; send it again later');
			expect(trigger.runs()).toHaveLength(0);
			expect(recordsOf(trigger)).toEqual([]);
			expectNoErrors(trigger);
			expectAcknowledged(await postRaw(trigger, failed.sent), `Notification of session ${requestId} received`);
			expect(trigger.runs()).toHaveLength(1);
		}));

	it('filters on the status the platform reports, not the one the notification claims, and says nothing of it', () =>
		checkout({ statuses: ['APPROVED'] }, async (trigger) => {
			const requestId = await paidSession('ORDER-1008', 'REJECTED');
			// A correctly signed notification that says APPROVED: the query says REJECTED, so the filter skips it.
			const skipped = await fire(trigger, 'checkout', { requestId, status: 'APPROVED' });
			expectAcknowledged(skipped, `Notification of session ${requestId} received; this workflow does not handle it`);
			expect(trigger.runs()).toHaveLength(0);
			expect(recordsOf(trigger)).toEqual([]);
		}));

	it('accepts the legacy SHA-1 signature unless it is turned off', async () => {
		const requestId = await paidSession('ORDER-1009');
		await checkout({}, async (trigger) => {
			expect((await fire(trigger, 'checkout', { requestId, legacySha1: true })).status).toBe(200);
			expect(trigger.runs()).toHaveLength(1);
			expect(trigger.output(trigger.runs()[0], 'Received')[0].json.signatureAlgorithm).toBe('sha1');
		});
		await checkout({ options: { acceptSha1: false } }, async (trigger) => {
			const refused = await fire(trigger, 'checkout', { requestId, legacySha1: true });
			expectRefused(refused, 401, 'XS', 'Legacy SHA-1 signatures are turned off for this trigger');
			expect(trigger.runs()).toHaveLength(0);
		});
	});
});

describe('PaySuite Onboarding Trigger', () => {
	const onboarding = (parameters: Record<string, unknown>, body: (trigger: TriggerServer) => Promise<void>, notificationSecret?: string) =>
		serve('paySuiteOnboardingTrigger', parameters, onboardingApi(notificationSecret), body);

	let keys = 0;
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

	const finished = async () => {
		const processId = await createMerchant(merchantBody());
		await finish(processId);
		return processId;
	};

	it('the notification the sandbox sends when a process finishes is acknowledged byte for byte and runs once with the queried result', () =>
		onboarding({}, async (trigger) => {
			const processId = await createMerchant(merchantBody({ notification: { url: trigger.url } }));
			const final = await finish(processId);
			// The sandbox delivers in the background; wait until the trigger got it and its run finished.
			for (let i = 0; i < 200 && trigger.calls.length === 0; i++) await new Promise((resolve) => setTimeout(resolve, 25));
			await trigger.idle();
			expect(trigger.calls).toHaveLength(1);
			expectAcknowledged(trigger.calls[0] as Answer, 'Process result received');
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
			expect(queries.at(-1)!.headers.authorization).toBe('Bearer ***');
			expect(queries.at(-1)!.status).toBe(200);
			const deliveries = (await (await fetch(`${sandbox.url}/__sandbox/webhooks/deliveries`)).json()) as any;
			expect(deliveries.deliveries).toEqual([expect.objectContaining({ kind: 'onboarding', status: 200 })]);
		}));

	it('runs a process once: replays within the time window, a freshly signed second notification and 20 parallel copies', () =>
		onboarding({}, async (trigger) => {
			const processId = await finished();
			const first = await fire(trigger, 'onboarding', { processId });
			expectAcknowledged(first, 'Process result received');
			const duplicate = 'Process result received; already received, the workflow does not run again';
			for (let i = 0; i < 3; i++) expectAcknowledged(await postRaw(trigger, first.sent, first.headers), duplicate);
			expectAcknowledged(await fire(trigger, 'onboarding', { processId: processId.toUpperCase(), action: 'merchant.create' }), duplicate);
			expect(trigger.runs()).toHaveLength(1);

			const other = await finished();
			sandbox.clearLedger();
			const burst = await fire(trigger, 'onboarding', { processId: other, copies: 20 });
			expect(burst.copies.map((copy) => copy.status)).toEqual(Array(20).fill(200));
			expect(burst.copies.filter((copy) => JSON.parse(copy.body).status.message === 'Process result received')).toHaveLength(1);
			expect(ledgerPaths()).toEqual([`GET /api/processes/${other}`]);
			expect(trigger.runs()).toHaveLength(2);
			expectNoErrors(trigger);
		}));

	it('answers each call of the corpus exactly, runs nothing and records nothing', () =>
		onboarding({}, async (trigger) => {
			const processId = await finished();
			sandbox.clearLedger();
			const cases: RefusalCase[] = [
				['forged signature', () => fire(trigger, 'onboarding', { processId, tamper: true }), 401, 'XS', NOT_VERIFIED],
				['signed with another secret', () => fire(trigger, 'onboarding', { processId, secret: 'whsec_someone_else' }), 401, 'XS', NOT_VERIFIED],
				['unsigned', () => fire(trigger, 'onboarding', { processId, unsigned: true }), 401, 'XS', 'The X-Signature header is missing'],
				['stale: 301 s old', () => fire(trigger, 'onboarding', { processId, timestampOffsetSeconds: -301 }), 401, 'XS', 'The X-Signature timestamp is more than 300 seconds away from now'],
				['400 s ahead', () => fire(trigger, 'onboarding', { processId, timestampOffsetSeconds: 400 }), 401, 'XS', 'The X-Signature timestamp is more than 300 seconds away from now'],
				['huge', () => fire(trigger, 'onboarding', { processId, rawBody: JSON.stringify({ processId, padding: 'x'.repeat(70_000) }) }), 413, 'XN', 'The body is larger than 64 KiB'],
				['deeply nested, signed', () => fire(trigger, 'onboarding', { processId, rawBody: JSON.stringify({ processId, extra: nested(40) }) }), 400, 'XN', 'The body nests more than 32 levels deep'],
				['processId not text, signed', () => fire(trigger, 'onboarding', { processId, rawBody: JSON.stringify({ processId: 42 }) }), 400, 'XN', 'Missing or empty field: processId'],
				['no processId, signed', () => fire(trigger, 'onboarding', { processId, omitField: 'processId' }), 400, 'XN', 'Missing or empty field: processId'],
				['empty, signed', () => fire(trigger, 'onboarding', { processId, rawBody: '' }), 400, 'XN', 'The body is not a JSON object'],
				['not JSON, signed', () => fire(trigger, 'onboarding', { processId, rawBody: 'processId=x' }), 400, 'XN', 'The body is not a JSON object'],
			];
			await expectEachRefused(cases);
			expect(ledgerPaths()).toEqual([]);
			expect(trigger.runs()).toHaveLength(0);
			expect(recordsOf(trigger)).toEqual([]);
			expectNoErrors(trigger);
			// Inside the window it is accepted.
			expect((await fire(trigger, 'onboarding', { processId, timestampOffsetSeconds: -250 })).status).toBe(200);
			expect(trigger.runs()).toHaveLength(1);
		}));

	it('answers a signed notification of a process the platform does not know exactly as a forged one', () =>
		onboarding({}, async (trigger) => {
			const processId = '00000000-0000-0000-0000-000000000000';
			const unknown = await fire(trigger, 'onboarding', { processId, action: 'merchant.create', status: 'OK' });
			const forged = await fire(trigger, 'onboarding', { processId, action: 'merchant.create', status: 'OK', tamper: true });
			expectRefused(unknown, 401, 'XS', NOT_VERIFIED);
			expect(undated(unknown)).toEqual(undated(forged));
			expect(trigger.runs()).toHaveLength(0);
		}));

	it('without a notification secret, refuses every notification (signed or not) without asking the platform', () =>
		onboarding(
			{},
			async (trigger) => {
				const processId = await finished();
				sandbox.clearLedger();
				for (let i = 0; i < 20; i++) expectRefused(await fire(trigger, 'onboarding', { processId, unsigned: i % 2 === 0 }), 401, 'XS', NOT_VERIFIED);
				expect(ledgerPaths()).toEqual([]);
				expect(trigger.runs()).toHaveLength(0);
			},
			'',
		));

	it('with Verify Signature turned off, takes unsigned notifications, still emits only the queried result, and still runs a process once', () =>
		onboarding(
			{ verifySignature: false },
			async (trigger) => {
				const processId = await finished();
				const fired = await fire(trigger, 'onboarding', { processId, unsigned: true, status: 'FAILED' });
				expectAcknowledged(fired, 'Process result received');
				expect(trigger.runs()).toHaveLength(1);
				expect(trigger.output(trigger.runs()[0], 'Received')[0].json).toMatchObject({ processId, outcome: 'succeeded', signatureVerified: false });
				for (let i = 0; i < 5; i++) expect(JSON.parse((await postRaw(trigger, fired.sent)).body).status.message).toMatch(/already received/);
				expect(trigger.runs()).toHaveLength(1);
				// An unknown process is answered as a forged notification would be with verification on.
				expectRefused(await postRaw(trigger, JSON.stringify({ processId: 'no-such-process' })), 401, 'XS', NOT_VERIFIED);
			},
			'',
		));

	it('answers a failed process query (a wrong access token) with a short 503, no run and no secret; the next attempt is handled afresh', async () => {
		const processId = await finished();
		const credentials = onboardingApiOf(sandbox, { accessToken: 'sbx_wrong_token_123' });
		let failed: Fired | undefined;
		await serve('paySuiteOnboardingTrigger', {}, credentials, async (trigger) => {
			failed = await fire(trigger, 'onboarding', { processId });
			expectRefused(failed, 503, 'XU', 'The notification could not be processed now; send it again later');
			expectNoErrors(trigger);
			expect(trigger.runs()).toHaveLength(0);
			expect(recordsOf(trigger)).toEqual([]);
		});
		await onboarding({}, async (trigger) => {
			expect((await postRaw(trigger, failed!.sent, failed!.headers)).status).toBe(200);
			expect(trigger.runs()).toHaveLength(1);
		});
	});

	it('holds back a notification of a process that is not final yet: 503 with Retry-After, no run; once final it runs', () =>
		onboarding({ options: { waitSeconds: 0 } }, async (trigger) => {
			sandbox.world.options.processPendingPolls = 5;
			try {
				const processId = await createMerchant(merchantBody());
				const pending = await fire(trigger, 'onboarding', { processId });
				expectRefused(pending, 503, 'XP', 'The process is not final yet');
				expect(trigger.runs()).toHaveLength(0);
				expect(recordsOf(trigger)).toEqual([]);
				sandbox.world.options.processPendingPolls = 0;
				await finish(processId);
				expectAcknowledged(await fire(trigger, 'onboarding', { processId }), 'Process result received');
				expect(trigger.runs()).toHaveLength(1);
			} finally {
				sandbox.world.options.processPendingPolls = 0;
			}
		}));

	it('filters on action and outcome, using the queried result rather than the notification', () =>
		onboarding({ actions: ['merchant.create'], outcomes: ['failed'] }, async (trigger) => {
			const good = await finished();
			// The notification claims a failure; the platform says the process succeeded: no run, no record.
			const claimed = await fire(trigger, 'onboarding', { processId: good, status: 'FAILED' });
			expectAcknowledged(claimed, 'Process result received; this workflow does not handle it');
			expect(trigger.runs()).toHaveLength(0);
			expect(recordsOf(trigger)).toEqual([]);
			// An MCC outside the catalog fails the process (HTTP 200 on the query, status FAILED).
			const bad = await createMerchant(merchantBody({ mcc: '0000' }));
			const final = await finish(bad);
			expect(final.status.status).toBe('FAILED');
			expect((await fire(trigger, 'onboarding', { processId: bad })).status).toBe(200);
			expect(trigger.runs()).toHaveLength(1);
			expect(trigger.output(trigger.runs()[0], 'Received')[0].json).toMatchObject({ processId: bad, outcome: 'failed', errors: { mcc: expect.any(Array) } });
		}));
});
