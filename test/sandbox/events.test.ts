/**
 * The sandbox's outbound webhook senders over raw HTTP, checked with this test's own signature code (nothing
 * from nodes/): autopay events, checkout notifications, payment link notifications (PAID when paid, EXPIRED when
 * the link expires, and the control call), onboarding process notifications (control calls and the automatic one
 * when a process finishes), and the delivery log.
 */
/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- runs in Node, not in n8n: eslint.dev.config.mjs lints it */
import { createHash, createHmac } from 'crypto';
import { createServer, type Server } from 'http';
import type { AddressInfo } from 'net';

import { startSandbox, type RunningSandbox } from '../../sandbox';
import { send } from './client';
import { auth } from './signer';

let sandbox: RunningSandbox;

interface Received {
	headers: Record<string, string | string[] | undefined>;
	raw: string;
}

/** A merchant's endpoint: records every call and answers what `reply` says. */
let receiver: Server;
let receiverUrl: string;
let received: Received[] = [];
let reply = { status: 200, body: '{"status":{"status":"OK","reason":"00","message":"ok","date":"2024-01-01T00:00:00+00:00"}}' };

beforeAll(async () => {
	sandbox = await startSandbox({ port: 0, processPendingPolls: 0, retryAfterSeconds: 0 });
	receiver = createServer((request, response) => {
		const chunks: Buffer[] = [];
		request.on('data', (chunk: Buffer) => chunks.push(chunk));
		request.on('end', () => {
			received.push({ headers: request.headers, raw: Buffer.concat(chunks).toString('utf8') });
			response.writeHead(reply.status, { 'content-type': 'application/json' });
			response.end(reply.body);
		});
	});
	await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', () => resolve()));
	receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
});
afterAll(async () => {
	await sandbox.stop();
	await new Promise<void>((resolve) => receiver.close(() => resolve()));
});
beforeEach(() => {
	sandbox.reset();
	received = [];
	reply = { status: 200, body: '{"status":{"status":"OK","reason":"00","message":"ok","date":"2024-01-01T00:00:00+00:00"}}' };
});

async function call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
	const response = await send(method, `${sandbox.url}${path}`, { body, headers });
	const text = response.text;
	return { status: response.status, headers: response.headers, json: text ? JSON.parse(text) : undefined };
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const sha1 = (text: string) => createHash('sha1').update(text).digest('hex');

describe('autopay events', () => {
	it('sends the spec body signed sha256:hex(SHA-256(id + type + date + secretKey)) and reports the answer', async () => {
		reply = { status: 200, body: '{"status":{"status":"OK","reason":"00"}}' };
		const answer = await call('POST', '/__sandbox/webhooks/autopay', { url: receiverUrl, type: 'AUTOPAY_UPDATED', reference: 'SUB-1', additional: { plan: 'gold' } });
		expect(answer.status).toBe(200);
		expect(answer.json.delivery).toEqual({ status: 200, body: '{"status":{"status":"OK","reason":"00"}}', contentType: 'application/json' });
		expect(received).toHaveLength(1);
		expect(received[0].headers['content-type']).toMatch(/application\/json/);
		const event = JSON.parse(received[0].raw);
		expect(received[0].raw).toBe(answer.json.sent);
		expect(event).toEqual({
			id: expect.stringMatching(/^[0-9a-f-]{36}$/),
			type: 'AUTOPAY_UPDATED',
			date: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00$/),
			reference: 'SUB-1',
			additional: { plan: 'gold' },
			signature: `sha256:${sha256(`${event.id}${event.type}${event.date}${sandbox.credentials.secretKey}`)}`,
		});
	});

	it('keeps a given id and date byte for byte, and can tamper, omit a field or send a raw body', async () => {
		const id = '6f1c2a8e-0d7b-4a59-9b8e-3c2d1e0f9a77';
		await call('POST', '/__sandbox/webhooks/autopay', { url: receiverUrl, type: 'AUTOPAY_CREATED', id, date: '2024-05-01 10:00:00' });
		const good = JSON.parse(received[0].raw);
		expect(good.signature).toBe(`sha256:${sha256(`${id}AUTOPAY_CREATED2024-05-01 10:00:00${sandbox.credentials.secretKey}`)}`);

		await call('POST', '/__sandbox/webhooks/autopay', { url: receiverUrl, type: 'AUTOPAY_CREATED', id, date: '2024-05-01 10:00:00', tamper: true });
		const tampered = JSON.parse(received[1].raw);
		expect(tampered.signature).toMatch(/^sha256:[0-9a-f]{64}$/);
		expect(tampered.signature).not.toBe(good.signature);

		await call('POST', '/__sandbox/webhooks/autopay', { url: receiverUrl, type: 'AUTOPAY_CREATED', omitField: ['signature', 'reference'] });
		expect(Object.keys(JSON.parse(received[2].raw)).sort()).toEqual(['additional', 'date', 'id', 'type']);

		await call('POST', '/__sandbox/webhooks/autopay', { url: receiverUrl, type: 'AUTOPAY_CREATED', rawBody: 'not json' });
		expect(received[3].raw).toBe('not json');
	});

	it('reports what the receiver answered, a refusal or no answer at all', async () => {
		reply = { status: 401, body: '{"status":{"status":"FAILED","reason":"XS"}}' };
		const refused = await call('POST', '/__sandbox/webhooks/autopay', { url: receiverUrl, type: 'AUTOPAY_CREATED' });
		expect(refused.json.delivery).toEqual({ status: 401, body: '{"status":{"status":"FAILED","reason":"XS"}}', contentType: 'application/json' });
		const nobody = await call('POST', '/__sandbox/webhooks/autopay', { url: 'http://127.0.0.1:1/hook', type: 'AUTOPAY_CREATED' });
		expect(nobody.json.delivery.status).toBe(0);
		expect(nobody.json.delivery.error).toBeTruthy();
	});

	it('sends copies of one delivery at once, byte for byte, and reports every answer', async () => {
		const answer = await call('POST', '/__sandbox/webhooks/autopay', { url: receiverUrl, type: 'AUTOPAY_CANCELED', copies: 5 });
		expect(answer.status).toBe(200);
		expect(received).toHaveLength(5);
		expect(new Set(received.map((entry) => entry.raw))).toEqual(new Set([answer.json.sent]));
		expect(answer.json.deliveries).toHaveLength(5);
		expect(answer.json.deliveries[4]).toEqual(answer.json.delivery);
		expect((await call('GET', '/__sandbox/webhooks/deliveries')).json.deliveries).toHaveLength(5);
		for (const copies of [0, 51, 1.5, '2']) {
			const refused = await call('POST', '/__sandbox/webhooks/autopay', { url: receiverUrl, type: 'AUTOPAY_CANCELED', copies });
			expect(refused.status).toBe(400);
			expect(refused.json.status.message).toMatch(/copies/);
		}
		expect(received).toHaveLength(5);
	});

	it('refuses a control call without a URL or a type', async () => {
		const noUrl = await call('POST', '/__sandbox/webhooks/autopay', { type: 'AUTOPAY_CREATED' });
		expect(noUrl.status).toBe(400);
		expect(noUrl.json.status.reason).toBe('XN');
		expect((await call('POST', '/__sandbox/webhooks/autopay', { url: 'ftp://x', type: 'AUTOPAY_CREATED' })).status).toBe(400);
		expect((await call('POST', '/__sandbox/webhooks/autopay', { url: receiverUrl })).status).toBe(400);
		expect(received).toHaveLength(0);
	});
});

describe('checkout notifications', () => {
	async function session(status: 'APPROVED' | 'REJECTED'): Promise<number> {
		const created = await call('POST', '/api/session', {
			auth: auth(sandbox.credentials.login, sandbox.credentials.secretKey),
			payment: { reference: 'ORDER-77', description: 'Order 77', amount: { currency: 'USD', total: 50 } },
			returnUrl: 'https://shop.example.com/back',
			ipAddress: '10.0.0.1',
			userAgent: 'events-test',
		});
		expect(created.status).toBe(200);
		expect((await call('POST', `/__sandbox/sessions/${created.json.requestId}/pay`, { status })).status).toBe(200);
		return created.json.requestId;
	}

	it("sends the session's status, requestId and reference, signed with SHA-256 or the legacy SHA-1", async () => {
		const requestId = await session('REJECTED');
		await call('POST', '/__sandbox/webhooks/checkout', { url: receiverUrl, requestId });
		const body = JSON.parse(received[0].raw);
		expect(body).toEqual({
			status: { status: 'REJECTED', reason: expect.any(String), message: expect.any(String), date: expect.any(String) },
			requestId,
			reference: 'ORDER-77',
			signature: `sha256:${sha256(`${requestId}REJECTED${body.status.date}${sandbox.credentials.secretKey}`)}`,
		});
		await call('POST', '/__sandbox/webhooks/checkout', { url: receiverUrl, requestId, legacySha1: true });
		const legacy = JSON.parse(received[1].raw);
		expect(legacy.signature).toBe(sha1(`${requestId}REJECTED${legacy.status.date}${sandbox.credentials.secretKey}`));
	});

	it('can claim another status (still correctly signed) or tamper the signature', async () => {
		const requestId = await session('APPROVED');
		await call('POST', '/__sandbox/webhooks/checkout', { url: receiverUrl, requestId, status: 'PENDING' });
		const claimed = JSON.parse(received[0].raw);
		expect(claimed.status.status).toBe('PENDING');
		expect(claimed.signature).toBe(`sha256:${sha256(`${requestId}PENDING${claimed.status.date}${sandbox.credentials.secretKey}`)}`);
		await call('POST', '/__sandbox/webhooks/checkout', { url: receiverUrl, requestId, tamper: true });
		const tampered = JSON.parse(received[1].raw);
		expect(tampered.signature).not.toBe(`sha256:${sha256(`${requestId}APPROVED${tampered.status.date}${sandbox.credentials.secretKey}`)}`);
	});

	it('answers 404 for an unknown session unless status and reference are given', async () => {
		expect((await call('POST', '/__sandbox/webhooks/checkout', { url: receiverUrl, requestId: 424242 })).status).toBe(404);
		expect(received).toHaveLength(0);
		const forced = await call('POST', '/__sandbox/webhooks/checkout', { url: receiverUrl, requestId: 424242, status: 'APPROVED', reference: 'X' });
		expect(forced.status).toBe(200);
		expect(JSON.parse(received[0].raw)).toMatchObject({ requestId: 424242, reference: 'X', status: { status: 'APPROVED' } });
	});
});

describe('payment link notifications (as published: {status, linkId, reference, signature})', () => {
	/** A link of the demo site that notifies the receiver, expiring `expiresInMs` from now on the site's clock. */
	async function link(expiresInMs = 365 * 86_400_000, reference = 'DEAL-9'): Promise<{ id: number; url: string }> {
		// The demo site's clock is America/Bogota (UTC-5, no daylight saving).
		const expiry = new Date(Date.now() + expiresInMs - 5 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
		const created = await call('POST', '/api/payment-link', {
			auth: auth(sandbox.credentials.login, sandbox.credentials.secretKey),
			name: 'Deal 9',
			reference,
			description: 'Deal 9',
			payment: { amount: { currency: 'USD', total: 90 } },
			expirationDate: expiry,
			paymentExpiration: 30,
			notificationUrl: receiverUrl,
		});
		expect(created.status).toBe(200);
		return created.json;
	}
	const signedAs = (body: { linkId: unknown; status: { status: string; date: string } }) =>
		sha256(`${String(body.linkId)}${body.status.status}${body.status.date}${sandbox.credentials.secretKey}`);
	const waitFor = async (count: number, ms = 5000) => {
		for (const end = Date.now() + ms; received.length < count && Date.now() < end; ) await new Promise((resolve) => setTimeout(resolve, 50));
	};

	it('an approved payment sends PAID, signed unprefixed over linkId + status + date + secret key; a rejected one sends nothing', async () => {
		const { id } = await link();
		expect((await call('POST', `/__sandbox/payment-links/${id}/pay`, { card: '4000000000000002' })).status).toBe(200);
		expect(received).toHaveLength(0);
		const paid = await call('POST', `/__sandbox/payment-links/${id}/pay`, { card: '4111111111111111' });
		expect(paid.json.notifications).toEqual([{ url: receiverUrl, status: 200 }]);
		const body = JSON.parse(received[0].raw);
		expect(body).toEqual({
			status: { status: 'PAID', reason: '00', message: expect.any(String), date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}/) },
			linkId: id,
			reference: 'DEAL-9',
			signature: signedAs(body),
		});
		expect(body).not.toHaveProperty('requestId');
	});

	it('sends EXPIRED once when the link expires, and the link then reads EXPIRED; a disabled link sends none', async () => {
		const { id } = await link(1500);
		const disabled = await link(1500, 'DEAL-10');
		expect((await call('POST', `/api/payment-link/disable/${disabled.id}`, { auth: auth(sandbox.credentials.login, sandbox.credentials.secretKey) })).status).toBe(200);
		await waitFor(1, 6000);
		await new Promise((resolve) => setTimeout(resolve, 700));
		expect(received).toHaveLength(1);
		const body = JSON.parse(received[0].raw);
		expect(body).toEqual({ status: { status: 'EXPIRED', reason: 'EX', message: expect.any(String), date: expect.any(String) }, linkId: id, reference: 'DEAL-9', signature: signedAs(body) });
		const read = await call('POST', `/api/payment-link/${id}`, { auth: auth(sandbox.credentials.login, sandbox.credentials.secretKey) });
		expect(read.json.status).toBe('EXPIRED');
		const log = await call('GET', '/__sandbox/webhooks/deliveries');
		expect(log.json.deliveries.filter((delivery: { kind: string }) => delivery.kind === 'link')).toHaveLength(1);
	});

	it('the control call sends a link notification: PAID by default, another status, a tampered signature, copies', async () => {
		const { id } = await link();
		await call('POST', '/__sandbox/webhooks/link', { url: receiverUrl, linkId: id });
		await call('POST', '/__sandbox/webhooks/link', { url: receiverUrl, linkId: id, status: 'EXPIRED' });
		await call('POST', '/__sandbox/webhooks/link', { url: receiverUrl, linkId: id, tamper: true });
		const [paid, expired, tampered] = received.map((entry) => JSON.parse(entry.raw));
		expect(paid).toMatchObject({ linkId: id, reference: 'DEAL-9', status: { status: 'PAID' } });
		expect(paid.signature).toBe(signedAs(paid));
		expect(expired.status.status).toBe('EXPIRED');
		expect(expired.signature).toBe(signedAs(expired));
		expect(tampered.signature).toMatch(/^[0-9a-f]{64}$/);
		expect(tampered.signature).not.toBe(signedAs(tampered));
		const copies = await call('POST', '/__sandbox/webhooks/link', { url: receiverUrl, linkId: id, copies: 2 });
		expect(copies.json.deliveries).toHaveLength(2);
		expect(received[3].raw).toBe(received[4].raw);
	});

	it('answers 404 for an unknown link unless a reference is given', async () => {
		expect((await call('POST', '/__sandbox/webhooks/link', { url: receiverUrl, linkId: 99999 })).status).toBe(404);
		expect((await call('POST', '/__sandbox/webhooks/link', { url: receiverUrl, linkId: 99999, reference: 'X' })).status).toBe(200);
		expect(JSON.parse(received[0].raw)).toMatchObject({ linkId: 99999, reference: 'X', status: { status: 'PAID' } });
	});
});

describe('onboarding process notifications', () => {
	let keys = 0;
	const merchant = (notification?: { url: string }) => ({
		name: 'Events Test S.A.',
		brand: 'Events',
		languages: ['es'],
		currencies: ['USD'],
		document: { type: 'NIT', number: '900000001' },
		address: { street: 'Calle 9', city: 'Bogota', state: 11, country: 'CO', phone: '+5710000000', postalCode: '110111' },
		legalRepresentative: { name: 'Eva', surname: 'Ruiz', document: '1', documentType: 'CC' },
		control: { seller: 'direct' },
		...(notification ? { notification } : {}),
	});
	const bearer = () => ({ authorization: `Bearer ${sandbox.credentials.accessToken}` });

	async function createProcess(notification?: { url: string }): Promise<string> {
		const answer = await call('POST', '/api/merchants', merchant(notification), { ...bearer(), 'idempotency-key': `events-test-key-${++keys}-000000` });
		expect(answer.status).toBe(202);
		return answer.json.processId;
	}

	/** This test's own check of X-Signature: t=..,kid=..,v1=hex(HMAC-SHA256(secret, t + "." + body)). */
	function signatureOf(entry: Received): { t: number; kid: string; valid: boolean } {
		const parts = Object.fromEntries(String(entry.headers['x-signature']).split(',').map((part) => part.split('=') as [string, string]));
		const expected = createHmac('sha256', sandbox.credentials.notificationSecret).update(`${parts.t}.${entry.raw}`).digest('hex');
		return { t: Number(parts.t), kid: parts.kid, valid: parts.v1 === expected };
	}

	it('delivers a signed notification by itself when a process with a notification URL finishes', async () => {
		const processId = await createProcess({ url: receiverUrl });
		const final = await call('GET', `/api/processes/${processId}`, undefined, bearer());
		expect(final.headers['retry-after']).toBeUndefined();
		for (let i = 0; i < 200 && received.length === 0; i++) await new Promise((resolve) => setTimeout(resolve, 25));
		expect(received).toHaveLength(1);
		const signature = signatureOf(received[0]);
		expect(signature.valid).toBe(true);
		expect(signature.kid).toBe(sandbox.credentials.notificationKeyId);
		expect(Math.abs(signature.t - Date.now() / 1000)).toBeLessThan(60);
		expect(JSON.parse(received[0].raw)).toEqual({
			processId,
			action: 'merchant.create',
			status: { status: 'OK', reason: '00', message: expect.any(String), date: expect.any(String) },
			date: expect.any(String),
		});
		const deliveries = await call('GET', '/__sandbox/webhooks/deliveries');
		expect(deliveries.json.deliveries).toEqual([
			expect.objectContaining({ kind: 'onboarding', url: receiverUrl, status: 200, body: received[0].raw }),
		]);
		// The process reports the delivery.
		for (let i = 0; i < 200; i++) {
			const view = await call('GET', `/api/processes/${processId}`, undefined, bearer());
			if (view.json.notification.status !== 'PENDING') break;
			await new Promise((resolve) => setTimeout(resolve, 25));
		}
		expect((await call('GET', `/api/processes/${processId}`, undefined, bearer())).json.notification).toMatchObject({ status: 'DELIVERED', httpStatus: 200 });
	});

	it('sends on demand, shifted in time, unsigned or tampered', async () => {
		const processId = await createProcess();
		await call('GET', `/api/processes/${processId}`, undefined, bearer());
		await call('POST', '/__sandbox/webhooks/onboarding', { url: receiverUrl, processId });
		expect(signatureOf(received[0]).valid).toBe(true);
		expect(JSON.parse(received[0].raw)).toMatchObject({ processId, action: 'merchant.create', status: { status: 'OK' } });

		await call('POST', '/__sandbox/webhooks/onboarding', { url: receiverUrl, processId, timestampOffsetSeconds: -301 });
		const shifted = signatureOf(received[1]);
		expect(shifted.valid).toBe(true);
		expect(Date.now() / 1000 - shifted.t).toBeGreaterThanOrEqual(300);

		await call('POST', '/__sandbox/webhooks/onboarding', { url: receiverUrl, processId, unsigned: true });
		expect(received[2].headers['x-signature']).toBeUndefined();

		await call('POST', '/__sandbox/webhooks/onboarding', { url: receiverUrl, processId, tamper: true });
		expect(signatureOf(received[3]).valid).toBe(false);

		// Copies carry the same body and the same X-Signature.
		await call('POST', '/__sandbox/webhooks/onboarding', { url: receiverUrl, processId, copies: 3 });
		expect(received.slice(4)).toHaveLength(3);
		expect(new Set(received.slice(4).map((entry) => `${String(entry.headers['x-signature'])} ${entry.raw}`)).size).toBe(1);
		expect(signatureOf(received[4]).valid).toBe(true);
	});

	it('answers 404 for an unknown process unless an action is given', async () => {
		expect((await call('POST', '/__sandbox/webhooks/onboarding', { url: receiverUrl, processId: 'nope' })).status).toBe(404);
		const forced = await call('POST', '/__sandbox/webhooks/onboarding', { url: receiverUrl, processId: 'nope', action: 'merchant.update', status: 'FAILED' });
		expect(forced.status).toBe(200);
		expect(JSON.parse(received[0].raw)).toMatchObject({ processId: 'nope', action: 'merchant.update', status: { status: 'FAILED' } });
	});
});
