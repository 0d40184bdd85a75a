/**
 * The gateway's extra steps and the report callback, over raw HTTP with the suites' own signer: the test cards
 * whose information asks for an OTP or 3-D Secure, process refusing them without that data and approving them
 * with it, and the notice posted to a report's callbackUrl when the report is ready, received by a local server.
 */
/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @typescript-eslint/no-explicit-any -- runs in Node, not in n8n: eslint.dev.config.mjs lints it */
import { createServer, type Server } from 'http';
import type { AddressInfo } from 'net';

import { startSandbox, type RunningSandbox } from '../../sandbox';
import { expectFieldRefusal, get, post, statedProblem } from './client';
import { auth } from './signer';

const OTP_CARD = '4000000000000036';
const THREE_DS_CARD = '4000000000000028';

let sandbox: RunningSandbox;

async function call(path: string, body: Record<string, unknown>, on: RunningSandbox = sandbox) {
	const response = await post(`${on.url}${path}`, { auth: auth(on.credentials.login, on.credentials.secretKey), ...body });
	const text = response.text;
	return { status: response.status, text, json: (response.headers['content-type']?.includes('json') ? JSON.parse(text) : {}) as Record<string, any> };
}

const processBody = (instrument: Record<string, unknown>, overrides: Record<string, unknown> = {}) => ({
	payer: { name: 'Ana', surname: 'Gomez', email: 'ana@example.com', document: '1020304050', documentType: 'CC' },
	instrument,
	payment: { reference: 'ORDER-STEP', amount: { currency: 'USD', total: 80 } },
	...overrides,
});

const card = (number: string) => ({ number, expiration: '12/30', cvv: '123' });

const transactions = async () =>
	(await get(`${sandbox.url}/__sandbox/gateway/transactions`)).json<{ transactions: Array<Record<string, any>> }>().transactions;

/** A merchant's endpoint that records every call. */
let receiver: Server;
let receiverUrl: string;
let received: Array<{ path: string; headers: Record<string, unknown>; body: Record<string, any> }> = [];

async function receivedWithin(count: number, ms = 3000) {
	const deadline = Date.now() + ms;
	while (received.length < count && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
	return received;
}

const deliveries = async (on: RunningSandbox = sandbox) =>
	(await get(`${on.url}/__sandbox/webhooks/deliveries`)).json<{ deliveries: Array<Record<string, any>> }>().deliveries;

beforeAll(async () => {
	// Slow reports (two pending polls of 3 s each): a callback report becomes ready by itself only after 6 s.
	sandbox = await startSandbox({ port: 0, reportPendingPolls: 2, retryAfterSeconds: 3 });
	receiver = createServer((request, response) => {
		const chunks: Buffer[] = [];
		request.on('data', (chunk: Buffer) => chunks.push(chunk));
		request.on('end', () => {
			received.push({ path: request.url ?? '', headers: request.headers, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) });
			response.writeHead(200, { 'content-type': 'application/json' });
			response.end('{}');
		});
	});
	await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', () => resolve()));
	receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/report-ready`;
});
afterAll(async () => {
	await sandbox.stop();
	await new Promise((resolve) => receiver.close(resolve));
});
beforeEach(() => {
	sandbox.reset();
	received = [];
});

describe('cards that need an OTP or 3-D Secure', () => {
	it('information answers requireOtp for the OTP card and threeDS required for the 3DS card; other cards keep false / optional', async () => {
		const otp = await call('/gateway/information', { instrument: { card: card(OTP_CARD) } });
		expect(otp.status).toBe(200);
		expect(otp.json).toMatchObject({ requireOtp: true, threeDS: 'optional', cardType: 'C' });
		const threeDS = await call('/gateway/information', { instrument: { card: card(THREE_DS_CARD) } });
		expect(threeDS.json).toMatchObject({ requireOtp: false, threeDS: 'required', cardType: 'C' });
		const plain = await call('/gateway/information', { instrument: { card: card('4111111111111111') } });
		expect(plain.json).toMatchObject({ requireOtp: false, threeDS: 'optional' });
	});

	it('process refuses the OTP card without instrument.otp (nothing charged, key unused), then approves it with one', async () => {
		const refused = await call('/gateway/process', processBody({ card: card(OTP_CARD) }, { idempotenceKey: 'otp-1' }));
		expect(refused.status).toBe(400);
		expect(refused.json.status).toMatchObject({ status: 'FAILED', reason: 'XO' });
		expect(statedProblem(refused.json.status.message, 'instrument.otp')).toMatch(/requireOtp/);
		expect(await transactions()).toHaveLength(0);

		const approved = await call('/gateway/process', processBody({ card: card(OTP_CARD), otp: '123456' }, { idempotenceKey: 'otp-1' }));
		expect(approved.status).toBe(200);
		expect(approved.json).toMatchObject({ status: { status: 'APPROVED', reason: '00' }, lastDigits: '0036' });
		expect(approved.json.authorization).toEqual(expect.any(String));
		expect(JSON.stringify(approved.json)).not.toContain('123456');
		expect(sandbox.ledger().at(-1)?.body.instrument.otp).toBe('***');
	});

	it('process refuses the 3DS card without (or with empty) instrument.threeDS, then approves it with the authentication data', async () => {
		for (const instrument of [{ card: card(THREE_DS_CARD) }, { card: card(THREE_DS_CARD), threeDS: {} }]) {
			const refused = await call('/gateway/process', processBody(instrument));
			expect(refused.status).toBe(400);
			expect(refused.json.status).toMatchObject({ status: 'FAILED', reason: 'X3' });
			expect(statedProblem(refused.json.status.message, 'instrument.threeDS')).toMatch(/3-D Secure/);
		}
		expect(await transactions()).toHaveLength(0);

		const threeDS = { eci: '05', cavv: 'AAABBEg0VhI0VniQEjRWAAAAAAA=', dsTransId: '0e1f6a4e-6b5b-4c3a-9f2d-1b2c3d4e5f60', version: '2.2.0' };
		const approved = await call('/gateway/process', processBody({ card: card(THREE_DS_CARD), threeDS }));
		expect(approved.status).toBe(200);
		expect(approved.json).toMatchObject({ status: { status: 'APPROVED' }, lastDigits: '0028' });
	});

	it('refuses an OTP for a card that does not ask for one, accepts optional 3DS data, and leaves other cards as they were', async () => {
		const otp = await call('/gateway/process', processBody({ card: card('4111111111111111'), otp: '123456' }));
		expect(otp.status).toBe(400);
		expectFieldRefusal(otp, 'instrument.otp', /requireOtp/);
		const optional = await call('/gateway/process', processBody({ card: card('4111111111111111'), threeDS: { eci: '05' } }));
		expect(optional.json.status.status).toBe('APPROVED');
		expect((await call('/gateway/process', processBody({ card: card('4111111111111111') }))).json.status.status).toBe('APPROVED');
		expect((await call('/gateway/process', processBody({ card: card('4000000000000002') }))).json.status).toMatchObject({ status: 'REJECTED', reason: '05' });
		expect((await call('/gateway/process', processBody({ card: card('4000000000000010') }))).json.status.status).toBe('PENDING');
		const threeDSType = await call('/gateway/process', processBody({ card: card(THREE_DS_CARD), threeDS: 'yes' }));
		expectFieldRefusal(threeDSType, 'instrument.threeDS');
	});
});

describe('report callback', () => {
	const filters = { startDate: new Date(Date.now() - 3600_000).toISOString(), endDate: new Date(Date.now() + 3600_000).toISOString() };

	it('posts {id, status} to callbackUrl once when the report is made ready, and records the delivery', async () => {
		const { json } = await call('/gateway/report', { filters, callbackUrl: receiverUrl });
		expect((await call('/gateway/report/obtain', { id: json.id })).status).toBe(425);
		expect(received).toHaveLength(0);
		await post(`${sandbox.url}/__sandbox/gateway/reports/${json.id}/ready`, {});
		const [notice] = await receivedWithin(1);
		expect(notice.path).toBe('/report-ready');
		expect(notice.headers['content-type']).toMatch(/application\/json/);
		expect(notice.body).toEqual({ id: json.id, status: { status: 'OK', reason: '00', message: expect.any(String), date: expect.any(String) } });
		expect((await call('/gateway/report/obtain', { id: json.id })).status).toBe(200);
		await new Promise((resolve) => setTimeout(resolve, 50));
		expect(received).toHaveLength(1);
		expect(await deliveries()).toEqual([expect.objectContaining({ kind: 'report', url: receiverUrl, status: 200 })]);
	});

	it('posts it when polling finds the report ready, and not for a report without callbackUrl', async () => {
		const plain = await call('/gateway/report', { filters });
		const { json } = await call('/gateway/report', { filters, callbackUrl: receiverUrl });
		for (const id of [plain.json.id, json.id]) {
			for (let poll = 0; poll < 2; poll++) expect((await call('/gateway/report/obtain', { id })).status).toBe(425);
			expect((await call('/gateway/report/obtain', { id })).status).toBe(200);
		}
		const notices = await receivedWithin(1);
		await new Promise((resolve) => setTimeout(resolve, 50));
		expect(notices.map((notice) => notice.body.id)).toEqual([json.id]);
	});

	it('makes a callback report ready by itself, without any polling, after reportPendingPolls × retryAfterSeconds', async () => {
		const quick = await startSandbox({ port: 0, reportPendingPolls: 1, retryAfterSeconds: 0 });
		try {
			const { json } = await call('/gateway/report', { filters, callbackUrl: receiverUrl }, quick);
			const [notice] = await receivedWithin(1);
			expect(notice.body).toMatchObject({ id: json.id, status: { status: 'OK' } });
			const obtained = await call('/gateway/report/obtain', { id: json.id }, quick);
			expect(obtained.status).toBe(200);
			expect(obtained.text.split('\n')[0].split('\t')[0]).toBe('id');
		} finally {
			await quick.stop();
		}
	});

	it('records a failed delivery and keeps serving', async () => {
		const closed = createServer();
		await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', () => resolve()));
		const deadUrl = `http://127.0.0.1:${(closed.address() as AddressInfo).port}/gone`;
		await new Promise((resolve) => closed.close(resolve));
		const { json } = await call('/gateway/report', { filters, callbackUrl: deadUrl });
		await post(`${sandbox.url}/__sandbox/gateway/reports/${json.id}/ready`, {});
		const deadline = Date.now() + 3000;
		let recorded = await deliveries();
		while (!recorded.length && Date.now() < deadline) {
			await new Promise((resolve) => setTimeout(resolve, 10));
			recorded = await deliveries();
		}
		expect(recorded).toEqual([expect.objectContaining({ kind: 'report', url: deadUrl, status: 0, error: expect.any(String) })]);
		expect((await call('/gateway/report/obtain', { id: json.id })).status).toBe(200);
	});
});
