/**
 * Part 4 of the reliability suite (test/RELIABILITY.md): a generated corpus of webhook deliveries to each
 * trigger (Autopay, Checkout, Onboarding), served by n8n-core's WebhookContext as test/engine/triggers.test.ts
 * serves them (triggerHarness.ts). Valid deliveries, replays (one after the other and parallel copies), altered
 * unsigned fields, forged and missing signatures, stale and future dates, huge bodies, deep nesting, wrong types,
 * empty and non-JSON bodies: each call gets its exact status and body, and the workflow runs once per genuine
 * delivery and never more. No answer, run output or log holds a secret.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- runs in Node, not in n8n: eslint.dev.config.mjs lints it */
import { createHmac } from 'crypto';

import type { IDataObject } from 'n8n-workflow';

import { buildAuth } from '../../nodes/shared/transport/signing';
import { autopaySignature, checkoutSignature } from '../../sandbox/routes/events/state';
import { captureLogs, type LogCapture } from '../helpers/logs';
import { onboardingApi, paySuiteApi, withSandbox } from '../helpers/sandbox';
import { startTriggerServer, type TriggerServer } from '../engine/triggerHarness';
import { DAY_MS, expectAnswer, isoIn, nested, NOT_VERIFIED, webhookCalls, type Answer, type WebhookKind } from '../engine/webhookCalls';
import { NonceBook, SecretScan } from './evidence';
import { writePart } from './report';

jest.setTimeout(300_000);

const sandbox = withSandbox({ processPendingPolls: 0, retryAfterSeconds: 0, ledgerEntries: 100_000 }, () => undefined);
const { post, fire, postRaw } = webhookCalls(sandbox);

const NOWHERE = 'http://127.0.0.1:1/nowhere';
const DUPLICATE = 'already received, the workflow does not run again';
const NOT_JSON = ['', ' ', 'null', '"text"', '42', 'true', '[1,2]', '{"id": "abc", "type": ', 'id=1&type=x', '<event/>'];

// ---------------------------------------------------------------------------------------------------------
// What each call must get, and the tally of what it got
// ---------------------------------------------------------------------------------------------------------

type Expected = { ack: string } | { refused: [httpStatus: number, reason: string, message: string] };

interface CategoryCount {
	deliveries: number;
	asExpected: number;
	runsExpected: number;
}

class Tally {
	readonly categories = new Map<string, CategoryCount>();
	readonly mismatches: string[] = [];

	constructor(readonly trigger: TriggerServer) {}

	private count(category: string): CategoryCount {
		const found = this.categories.get(category) ?? { deliveries: 0, asExpected: 0, runsExpected: 0 };
		this.categories.set(category, found);
		return found;
	}

	/** Checks one answer against what it must be. */
	check(category: string, answer: Answer, expected: Expected, runs = 0): void {
		const count = this.count(category);
		count.deliveries++;
		count.runsExpected += runs;
		try {
			if ('ack' in expected) expectAnswer(answer, 200, 'OK', '00', expected.ack);
			else expectAnswer(answer, expected.refused[0], 'FAILED', expected.refused[1], expected.refused[2]);
			count.asExpected++;
		} catch (error) {
			this.mismatches.push(`${category}: ${(error as Error).message.split('\n').slice(0, 12).join(' ')}`);
		}
	}

	/** Copies of one delivery sent at once: one acknowledged as received (and run), the others as duplicates. */
	checkBurst(category: string, copies: Answer[], received: string): void {
		const firsts = copies.filter((copy) => copy.status === 200 && !copy.body.includes(DUPLICATE));
		copies.forEach((copy) => this.check(category, copy, { ack: firsts[0] === copy ? received : `${received}; ${DUPLICATE}` }, firsts[0] === copy ? 1 : 0));
		if (firsts.length !== 1) this.mismatches.push(`${category}: ${firsts.length} of ${copies.length} copies were taken as the first`);
	}

	summary() {
		const totals = [...this.categories.values()].reduce(
			(sum, count) => ({
				deliveries: sum.deliveries + count.deliveries,
				asExpected: sum.asExpected + count.asExpected,
				runsExpected: sum.runsExpected + count.runsExpected,
			}),
			{ deliveries: 0, asExpected: 0, runsExpected: 0 },
		);
		const runs = this.trigger.runs().length;
		return {
			...totals,
			callsReceived: this.trigger.calls.length,
			runs,
			extraRuns: runs - totals.runsExpected,
			triggerErrors: this.trigger.calls.filter((call) => call.error).length,
			byCategory: Object.fromEntries(this.categories),
		};
	}
}

const refused = (httpStatus: number, reason: 'XS' | 'XN', message: string): Expected => ({ refused: [httpStatus, reason, message] });
const notJson = refused(400, 'XN', 'The body is not a JSON object');
const tooLarge = refused(413, 'XN', 'The body is larger than 64 KiB');
const tooDeep = refused(400, 'XN', 'The body nests more than 32 levels deep');
const forged = refused(401, 'XS', NOT_VERIFIED);
const stale = refused(401, 'XS', 'The event date is more than 7 days old');
const ahead = refused(401, 'XS', "The event date is more than 24 hours ahead of the receiver's clock");

const results: Record<string, ReturnType<Tally['summary']>> = {};
const tallies = new Map<string, Tally>();
const nonces = new NonceBook();
const secrets = new SecretScan();
let logs: LogCapture;

async function serve(name: string, type: string, credentials: Record<string, any>, corpus: (tally: Tally) => Promise<void>): Promise<void> {
	const trigger = await startTriggerServer({ type, credentials });
	const tally = new Tally(trigger);
	try {
		await corpus(tally);
		await trigger.idle();
	} finally {
		await trigger.stop();
	}
	tallies.set(name, tally);
	results[name] = tally.summary();
	for (const call of trigger.calls) {
		secrets.scan(`${name} answer`, call.body);
		if (call.run) secrets.scanRun(`${name} run`, call.run);
		if (call.error) secrets.scanError(`${name} error`, call.error);
	}
	const entries = sandbox.ledger();
	nonces.add(entries);
	secrets.addTranKeys(entries, sandbox.credentials.secretKey);
	sandbox.clearLedger();
}

/** A delivery the sandbox signs but sends nowhere: its text, to send as it is or changed. */
async function signedText(kind: WebhookKind, body: Record<string, unknown>): Promise<{ text: string; event: Record<string, any>; headers: Record<string, string> }> {
	const answer = await post(`/__sandbox/webhooks/${kind}`, { url: NOWHERE, ...body });
	expect(answer.status).toBe(200);
	const { sent, headers } = answer.json as { sent: string; headers: Record<string, string> };
	return { text: sent, event: JSON.parse(sent) as Record<string, any>, headers };
}

// ---------------------------------------------------------------------------------------------------------
// The corpora
// ---------------------------------------------------------------------------------------------------------

const AUTOPAY_TYPES = ['AUTOPAY_CREATED', 'AUTOPAY_UPDATED', 'AUTOPAY_TRANSACTION_FAILED', 'AUTOPAY_CANCELED'];

async function autopayCorpus(tally: Tally): Promise<void> {
	const trigger = tally.trigger;
	const received = (type: string) => `Event ${type} received`;
	const valid: Array<{ sent: string; type: string }> = [];
	for (let i = 0; i < 12; i++) {
		const type = AUTOPAY_TYPES[i % AUTOPAY_TYPES.length];
		const fired = await fire(trigger, 'autopay', { type, reference: `SUB-${i}`, additional: { amount: 10 + i } });
		tally.check('valid, new', fired, { ack: received(type) }, 1);
		valid.push({ sent: fired.sent, type });
	}
	for (const { sent, type } of valid.slice(0, 6)) {
		for (let copy = 0; copy < 3; copy++) tally.check('replayed, one after the other', await postRaw(trigger, sent), { ack: `${received(type)}; ${DUPLICATE}` });
	}
	for (const type of AUTOPAY_TYPES.slice(0, 2)) {
		const burst = await fire(trigger, 'autopay', { type, copies: 25 });
		tally.checkBurst('new, sent 20 to 25 times at once', burst.copies, received(type));
	}
	for (const [i, { sent, type }] of valid.slice(0, 6).entries()) {
		const { id, date } = JSON.parse(sent);
		// The same signed fields (so the same signature), other unsigned ones.
		const altered = await fire(trigger, 'autopay', { type, id, date, reference: `VICTIM-${i}`, additional: { amount: 99_999 } });
		tally.check('replayed with altered unsigned fields', altered, { ack: `${received(type)}; ${DUPLICATE}` });
	}
	for (let i = 0; i < 8; i++) tally.check('forged signature', await fire(trigger, 'autopay', { type: AUTOPAY_TYPES[i % 4], tamper: true }), forged);
	const base = (await signedText('autopay', { type: 'AUTOPAY_CREATED', reference: 'SUB-X' })).event;
	for (const secret of ['not-the-secret', '', `${sandbox.credentials.secretKey}x`]) {
		const signature = autopaySignature(base.id, base.type, base.date, secret);
		tally.check('signed with another key', await postRaw(trigger, JSON.stringify({ ...base, signature })), forged);
	}
	for (const signature of [42, {}, [], null, 'sha256:', 'sha1:00']) {
		tally.check('signature not a signature', await postRaw(trigger, JSON.stringify({ ...base, signature })), forged);
	}
	for (let i = 0; i < 2; i++) tally.check('no signature', await fire(trigger, 'autopay', { type: 'AUTOPAY_CREATED', omitField: 'signature' }), refused(401, 'XS', 'The signature is missing'));
	for (const days of [8, 10, 30, 365]) tally.check('stale date', await fire(trigger, 'autopay', { type: 'AUTOPAY_UPDATED', date: isoIn(-days * DAY_MS) }), stale);
	for (const hours of [25, 48, 240]) tally.check('date ahead', await fire(trigger, 'autopay', { type: 'AUTOPAY_UPDATED', date: isoIn(hours * 3600_000) }), ahead);
	for (const size of [70_000, 100_000, 300_000]) tally.check('huge body', await fire(trigger, 'autopay', { type: 'AUTOPAY_CREATED', additional: { note: 'x'.repeat(size) } }), tooLarge);
	tally.check('huge body', await postRaw(trigger, JSON.stringify({ ...base, padding: 'x'.repeat(1_000_000) })), tooLarge);
	for (const levels of [33, 40, 60]) tally.check('deep nesting', await fire(trigger, 'autopay', { type: 'AUTOPAY_CREATED', additional: nested(levels) }), tooDeep);
	for (const levels of [100, 1000]) tally.check('deep nesting', await postRaw(trigger, JSON.stringify({ ...base, additional: nested(levels) })), tooDeep);
	const wrongTypes: Array<[Record<string, unknown>, Expected]> = [
		[{ id: 5 }, refused(400, 'XN', 'Missing or empty field: id')],
		[{ id: '' }, refused(400, 'XN', 'Missing or empty field: id')],
		[{ type: 7 }, refused(400, 'XN', 'Missing or empty field: type')],
		[{ date: 20261124 }, refused(400, 'XN', 'Missing or empty field: date')],
		[{ id: null, type: null }, refused(400, 'XN', 'Missing or empty field: id, type')],
	];
	for (const [change, expected] of wrongTypes) tally.check('wrong types', await postRaw(trigger, JSON.stringify({ ...base, ...change })), expected);
	// Signed, with a wrong unsigned field: refused after the signature, still without a run.
	const signedWrong: Array<[Record<string, unknown>, Expected]> = [
		[{ additional: [1] }, refused(400, 'XN', 'The field additional must be an object')],
		[{ additional: 'text' }, refused(400, 'XN', 'The field additional must be an object')],
		[{ omitField: 'reference' }, refused(400, 'XN', 'Missing or empty field: reference')],
		[{ type: 'AUTOPAY_PAUSED' }, refused(400, 'XN', 'Unknown event type "AUTOPAY_PAUSED"')],
	];
	for (const [change, expected] of signedWrong) tally.check('wrong types, signed', await fire(trigger, 'autopay', { type: 'AUTOPAY_CREATED', ...change }), expected);
	for (const reference of [42, null, ['SUB-1'], { id: 'SUB-1' }]) {
		tally.check('wrong types, signed', await postRaw(trigger, JSON.stringify({ ...base, reference })), refused(400, 'XN', 'Missing or empty field: reference'));
	}
	for (const text of NOT_JSON) tally.check('empty or not JSON', await postRaw(trigger, text), notJson);
}

async function checkoutCorpus(tally: Tally): Promise<void> {
	const trigger = tally.trigger;
	const signed = (path: string, body: Record<string, unknown> = {}) => post(path, { ...body, auth: buildAuth(sandbox.credentials.login, sandbox.credentials.secretKey) });
	async function paidSession(reference: string): Promise<number> {
		const created = await signed('/api/session', {
			payment: { reference, description: 'Order', amount: { currency: 'USD', total: 120 } },
			returnUrl: 'https://shop.example.com/return',
			ipAddress: '127.0.0.1',
			userAgent: 'reliability',
		});
		expect(created.status).toBe(200);
		const requestId = created.json.requestId as number;
		expect((await post(`/__sandbox/sessions/${requestId}/pay`, { status: 'APPROVED' })).status).toBe(200);
		return requestId;
	}
	const received = (requestId: number) => `Notification of session ${requestId} received`;
	const sessions: Array<{ requestId: number; sent: string }> = [];
	for (let i = 0; i < 12; i++) {
		const requestId = await paidSession(`ORDER-${i}`);
		const fired = await fire(trigger, 'checkout', { requestId, ...(i % 4 === 3 ? { legacySha1: true } : {}) });
		tally.check('valid, new', fired, { ack: received(requestId) }, 1);
		sessions.push({ requestId, sent: fired.sent });
	}
	for (const { requestId, sent } of sessions.slice(0, 8)) {
		for (let copy = 0; copy < 3; copy++) tally.check('replayed, one after the other', await postRaw(trigger, sent), { ack: `${received(requestId)}; ${DUPLICATE}` });
	}
	for (let i = 0; i < 2; i++) {
		const requestId = await paidSession(`BURST-${i}`);
		tally.checkBurst('new, sent 20 to 25 times at once', (await fire(trigger, 'checkout', { requestId, copies: 20 })).copies, received(requestId));
	}
	for (const { requestId, sent } of sessions.slice(0, 6)) {
		const { status } = JSON.parse(sent);
		const altered = await fire(trigger, 'checkout', { requestId, status: { ...status, message: '<script>alert(1)</script>' }, reference: 'SOMEONE-ELSES' });
		tally.check('replayed with altered unsigned fields', altered, { ack: `${received(requestId)}; ${DUPLICATE}` });
	}
	const target = sessions[0].requestId;
	for (let i = 0; i < 6; i++) tally.check('forged signature', await fire(trigger, 'checkout', { requestId: target, tamper: true, legacySha1: i % 2 === 1 }), forged);
	const base = JSON.parse(sessions[1].sent) as Record<string, any>;
	for (const secret of ['not-the-secret', '']) {
		const signature = checkoutSignature(base.requestId, base.status.status, base.status.date, secret);
		tally.check('signed with another key', await postRaw(trigger, JSON.stringify({ ...base, signature })), forged);
	}
	tally.check('no signature', await fire(trigger, 'checkout', { requestId: target, omitField: 'signature' }), refused(401, 'XS', 'The signature is missing'));
	for (const signature of [null, 42, ['sha256:00']]) {
		tally.check('no signature', await postRaw(trigger, JSON.stringify({ ...base, signature })), refused(401, 'XS', 'The signature is missing'));
	}
	for (const signature of ['md5:00', 'sha512:ab', 'sha256-00']) {
		tally.check('signature not a signature', await postRaw(trigger, JSON.stringify({ ...base, signature })), refused(401, 'XS', 'The signature is not in a known form'));
	}
	// Correctly signed, for sessions the platform does not know: answered as a forged one.
	for (const requestId of [99_991, 99_992, 99_993]) {
		tally.check('signed, of something the platform does not know', await fire(trigger, 'checkout', { requestId, status: 'APPROVED', reference: 'GHOST' }), forged);
	}
	for (const days of [8, 30, 400]) {
		tally.check('stale date', await fire(trigger, 'checkout', { requestId: target, status: { status: 'APPROVED', reason: '00', message: 'x', date: isoIn(-days * DAY_MS) } }), stale);
	}
	for (const hours of [26, 72]) {
		tally.check('date ahead', await fire(trigger, 'checkout', { requestId: target, status: { status: 'APPROVED', reason: '00', message: 'x', date: isoIn(hours * 3600_000) } }), ahead);
	}
	for (const size of [70_000, 200_000, 900_000]) tally.check('huge body', await postRaw(trigger, JSON.stringify({ ...base, padding: 'x'.repeat(size) })), tooLarge);
	for (const levels of [33, 50, 200, 2000]) tally.check('deep nesting', await postRaw(trigger, JSON.stringify({ ...base, extra: nested(levels) })), tooDeep);
	const wrongTypes: Array<[Record<string, unknown>, string]> = [
		[{ requestId: { $gt: 0 } }, 'Missing or invalid field: requestId'],
		[{ requestId: 'abc' }, 'Missing or invalid field: requestId'],
		[{ requestId: -1 }, 'Missing or invalid field: requestId'],
		[{ requestId: 1.5 }, 'Missing or invalid field: requestId'],
		[{ requestId: '12 34' }, 'Missing or invalid field: requestId'],
		[{ status: 'APPROVED' }, 'Missing field: status'],
		[{ status: [] }, 'Missing field: status'],
		[{ status: { ...base.status, date: 20261124 } }, 'Missing or empty field: status.date'],
		[{ status: { ...base.status, status: '' } }, 'Missing or empty field: status.status'],
	];
	for (const [change, message] of wrongTypes) tally.check('wrong types', await postRaw(trigger, JSON.stringify({ ...base, ...change })), refused(400, 'XN', message));
	for (const text of NOT_JSON) tally.check('empty or not JSON', await postRaw(trigger, text), notJson);
}

async function onboardingCorpus(tally: Tally): Promise<void> {
	const trigger = tally.trigger;
	let keys = 0;
	async function finishedProcess(name: string): Promise<string> {
		const body = {
			name,
			brand: 'Acme',
			mcc: '5411',
			languages: ['es'],
			currencies: ['USD'],
			document: { type: 'NIT', number: '900123456' },
			address: { street: 'Calle 1 # 2-3', city: 'Bogota', state: 11, country: 'CO', phone: '+5712345678', postalCode: '110111' },
			legalRepresentative: { name: 'Ana', surname: 'Lopez', document: '52123456', documentType: 'CC' },
			control: { seller: 'direct' },
		};
		const headers = { authorization: `Bearer ${sandbox.credentials.accessToken}`, 'idempotency-key': `reliability-webhook-${++keys}-000000` };
		const created = await post('/api/merchants', body, headers);
		expect(created.status).toBe(202);
		const processId = created.json.processId as string;
		// Read once, as a polling client would: with no pending polls, that makes it final.
		await fetch(`${sandbox.url}/api/processes/${processId}`, { headers: { authorization: headers.authorization } });
		return processId;
	}
	const received = 'Process result received';
	const duplicate = `${received}; ${DUPLICATE}`;
	const processes: Array<{ processId: string; sent: string; headers: Record<string, string> }> = [];
	for (let i = 0; i < 12; i++) {
		const processId = await finishedProcess(`Merchant ${i}`);
		const fired = await fire(trigger, 'onboarding', { processId });
		tally.check('valid, new', fired, { ack: received }, 1);
		processes.push({ processId, sent: fired.sent, headers: fired.headers });
	}
	for (const { sent, headers } of processes.slice(0, 6)) {
		for (let copy = 0; copy < 3; copy++) tally.check('replayed, one after the other', await postRaw(trigger, sent, headers), { ack: duplicate });
	}
	for (const { processId } of processes.slice(0, 4)) {
		// Freshly signed, another time and the id in capitals: the same process.
		tally.check('replayed, signed again', await fire(trigger, 'onboarding', { processId: processId.toUpperCase(), action: 'merchant.create' }), { ack: duplicate });
	}
	for (let i = 0; i < 2; i++) {
		const processId = await finishedProcess(`Burst ${i}`);
		tally.checkBurst('new, sent 20 to 25 times at once', (await fire(trigger, 'onboarding', { processId, copies: 20 })).copies, received);
	}
	for (const { processId } of processes.slice(0, 4)) {
		tally.check('replayed with altered unsigned fields', await fire(trigger, 'onboarding', { processId, status: 'FAILED', action: 'merchant.update' }), { ack: duplicate });
	}
	const processId = processes[0].processId;
	for (let i = 0; i < 5; i++) tally.check('forged signature', await fire(trigger, 'onboarding', { processId, tamper: true }), forged);
	for (const secret of ['whsec_someone_else', 'x', `${sandbox.credentials.notificationSecret}x`]) {
		tally.check('signed with another key', await fire(trigger, 'onboarding', { processId, secret }), forged);
	}
	for (let i = 0; i < 3; i++) tally.check('no signature', await fire(trigger, 'onboarding', { processId, unsigned: true }), refused(401, 'XS', 'The X-Signature header is missing'));
	const { text } = await signedText('onboarding', { processId });
	const now = Math.floor(Date.now() / 1000);
	const hmac = (t: number, body: string) => createHmac('sha256', sandbox.credentials.notificationSecret).update(`${t}.${body}`, 'utf8').digest('hex');
	for (const header of ['garbage', `t=abc,v1=${hmac(now, text)}`, `t=${now}`, 'v1=00', `t=${now},v1=`]) {
		tally.check('signature not a signature', await postRaw(trigger, text, { 'x-signature': header }), refused(401, 'XS', 'The X-Signature header is malformed'));
	}
	for (const offset of [-301, -600, -3600, -86_400]) {
		tally.check('stale date', await fire(trigger, 'onboarding', { processId, timestampOffsetSeconds: offset }), refused(401, 'XS', 'The X-Signature timestamp is more than 300 seconds away from now'));
	}
	// 330, not 301: the time between signing and checking (a second on a loaded machine) brings 301 back within
	// 300; the exact boundary is held with a fixed clock in nodes/shared/webhooks/signatures.test.ts.
	for (const offset of [330, 400, 7200]) {
		tally.check('date ahead', await fire(trigger, 'onboarding', { processId, timestampOffsetSeconds: offset }), refused(401, 'XS', 'The X-Signature timestamp is more than 300 seconds away from now'));
	}
	for (const size of [70_000, 200_000, 900_000]) {
		tally.check('huge body', await fire(trigger, 'onboarding', { processId, rawBody: JSON.stringify({ processId, padding: 'x'.repeat(size) }) }), tooLarge);
	}
	for (const levels of [33, 40, 60]) {
		tally.check('deep nesting', await fire(trigger, 'onboarding', { processId, rawBody: JSON.stringify({ processId, extra: nested(levels) }) }), tooDeep);
	}
	const wrongTypes: Array<[unknown, string]> = [
		[42, 'Missing or empty field: processId'],
		[null, 'Missing or empty field: processId'],
		[[processId], 'Missing or empty field: processId'],
		[{ id: processId }, 'Missing or empty field: processId'],
		['', 'Missing or empty field: processId'],
		['../merchants/1', 'The field processId is not a process identifier'],
		['a b', 'The field processId is not a process identifier'],
		['p'.repeat(101), 'The field processId is not a process identifier'],
	];
	for (const [value, message] of wrongTypes) {
		tally.check('wrong types, signed', await fire(trigger, 'onboarding', { processId, rawBody: JSON.stringify({ processId: value }) }), refused(400, 'XN', message));
	}
	for (const unknown of ['00000000-0000-0000-0000-000000000000', 'no-such-process']) {
		tally.check('signed, of something the platform does not know', await fire(trigger, 'onboarding', { processId: unknown, action: 'merchant.create', status: 'OK' }), forged);
	}
	for (const rawBody of NOT_JSON) tally.check('empty or not JSON', await fire(trigger, 'onboarding', { processId, rawBody }), notJson);
}

// ---------------------------------------------------------------------------------------------------------

beforeAll(async () => {
	logs = captureLogs();
	secrets.addSecret('secret key', sandbox.credentials.secretKey);
	secrets.addSecret('access token', sandbox.credentials.accessToken);
	secrets.addSecret('notification secret', sandbox.credentials.notificationSecret);
	await serve('Autopay Trigger', 'paySuiteAutopayTrigger', paySuiteApi(sandbox), autopayCorpus);
	await serve('Checkout Trigger', 'paySuiteCheckoutTrigger', paySuiteApi(sandbox), checkoutCorpus);
	await serve('Onboarding Trigger', 'paySuiteOnboardingTrigger', onboardingApi(sandbox), onboardingCorpus);
});

afterAll(() => {
	logs?.restore();
	writePart('4-webhooks', {
		part: 'Webhook deliveries',
		triggers: results,
		nonces: { checked: nonces.checked, reused: nonces.reused.length, replayRefusals: nonces.replayRefusals, list: nonces.list() },
		secrets: secrets.summary(logs?.lines.length ?? 0),
	});
});

describe.each(['Autopay Trigger', 'Checkout Trigger', 'Onboarding Trigger'])('%s: a generated corpus of deliveries', (name) => {
	const result = () => {
		if (!results[name]) throw new Error(`The ${name} corpus did not run`);
		return results[name];
	};

	it('at least 100 deliveries, every kind of them', () => {
		expect(result().deliveries).toBeGreaterThanOrEqual(100);
		expect(result().callsReceived).toBe(result().deliveries);
		expect(Object.keys(result().byCategory).length).toBeGreaterThanOrEqual(12);
	});

	it('each call got its exact status and body', () => {
		expect(tallies.get(name)?.mismatches).toEqual([]);
		expect(result().asExpected).toBe(result().deliveries);
	});

	it('the workflow ran once per genuine delivery, and never more', () => {
		expect(result().runs).toBe(result().runsExpected);
		expect(result().extraRuns).toBe(0);
		expect(result().triggerErrors).toBe(0);
	});
});

describe('across the three triggers', () => {
	it('no nonce used twice by the triggers that read the platform back, and no secret in an answer, a run or a log', () => {
		secrets.scan('n8n log and console', logs.lines.join('\n'));
		expect(nonces.checked).toBeGreaterThan(0);
		expect(nonces.reused).toEqual([]);
		expect(nonces.replayRefusals).toBe(0);
		expect(secrets.hits).toEqual([]);
	});

	it('the runs carry what the platform and the signature vouch for', () => {
		expect(tallies.size).toBe(3);
		const received = [...tallies.values()].flatMap((tally) => tally.trigger.runs().map((run) => tally.trigger.output(run, 'Received')[0]?.json as IDataObject));
		expect(received.every((json) => json && json.signatureVerified === true)).toBe(true);
	});
});
