/**
 * The checkout page a link's url and a session's processUrl open: it renders the amount and reference, a form
 * post pays exactly as the control API's pay and sends the notifications (the link's own PAID notification to its
 * notificationUrl, the checkout notification to the site's notification URL), the same form sent again pays once,
 * and an unknown, expired or fully paid one says so.
 */
/* eslint-disable @n8n/community-nodes/no-restricted-imports, @typescript-eslint/no-explicit-any -- runs in Node, not in n8n: eslint.dev.config.mjs lints it */
import { createServer, type Server } from 'http';
import type { AddressInfo } from 'net';

import { linkSignature } from '../../nodes/shared/webhooks/signatures';
import { notificationNote } from '../../sandbox/checkoutPage';
import { withSandbox } from '../helpers/sandbox';
import { get, post, send, type Reply } from './client';
import { auth } from './signer';

const sandbox = withSandbox();

const nextYear = new Date().getUTCFullYear() + 1;

/** A merchant's notification endpoint: keeps what it receives, answers 200. */
let receiver: Server;
let received: Array<Record<string, any>> = [];
let receiverUrl = '';
beforeAll(async () => {
	receiver = createServer((request, response) => {
		const chunks: Buffer[] = [];
		request.on('data', (chunk: Buffer) => chunks.push(chunk));
		request.on('end', () => {
			received.push(JSON.parse(Buffer.concat(chunks).toString('utf8')));
			response.end('{"status":{"status":"OK","reason":"00"}}');
		});
	});
	await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', () => resolve()));
	receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/notify`;
});
afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())));
beforeEach(() => (received = []));

const signed = (path: string, body: Record<string, unknown>) =>
	post(`${sandbox.url}${path}`, { auth: auth(sandbox.credentials.login, sandbox.credentials.secretKey), ...body });

async function createLink(overrides: Record<string, unknown> = {}): Promise<{ id: number; url: string }> {
	const created = await signed('/api/payment-link', {
		name: 'Deal 7',
		reference: 'DEAL-7',
		description: 'Annual plan',
		payment: { amount: { currency: 'COP', total: 150000 } },
		expirationDate: `${nextYear}-01-01 10:00:00`,
		paymentExpiration: 30,
		notificationUrl: receiverUrl,
		...overrides,
	});
	expect(created.status).toBe(200);
	return created.json();
}

async function createSession(): Promise<{ requestId: number; processUrl: string }> {
	const created = await signed('/api/session', {
		payment: { reference: 'ORDER-77', description: 'Shoes', amount: { currency: 'USD', total: 89.9 } },
		ipAddress: '203.0.113.7',
		userAgent: 'Mozilla/5.0',
		returnUrl: 'https://shop.example.com/return',
	});
	expect(created.status).toBe(200);
	return created.json();
}

const attemptOf = (page: Reply) => /name="attempt" value="([^"]+)"/.exec(page.text)?.[1];
const submit = (url: string, fields: Record<string, string>) =>
	send('POST', url, { rawJson: new URLSearchParams(fields).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } });
const linkRead = async (id: number) => (await signed(`/api/payment-link/${id}`, {})).json<Record<string, any>>();

describe('the page of a payment link', () => {
	it('renders the amount, reference and the three test cards as plain HTML with no external asset', async () => {
		const link = await createLink();
		const page = await get(link.url);
		expect(page.status).toBe(200);
		expect(page.headers['content-type']).toMatch(/^text\/html/);
		expect(page.text).toContain('COP 150000.00');
		expect(page.text).toContain('DEAL-7');
		for (const card of ['4111111111111111', '4000000000000002', '4000000000000010']) expect(page.text).toContain(`value="${card}"`);
		expect(page.text).not.toMatch(/<script|<link |src=|https?:\/\/(?!127\.0\.0\.1)/);
	});

	it("shows the expiry on the site's clock (America/Bogota), to the minute", async () => {
		const link = await createLink({ expirationDate: `${nextYear}-12-01 18:00:00` });
		const page = await get(link.url);
		expect(page.text).toContain(`Valid until ${nextYear}-12-01 18:00 (America/Bogota)`);
		expect(page.text).not.toContain(`${nextYear}-12-01 18:00:00`);
	});

	it("pays with the approving card as the control API does, and sends the link's PAID notification, as published, once", async () => {
		const link = await createLink();
		const page = await get(link.url);
		const paid = await submit(link.url, { attempt: attemptOf(page)!, card: '4111111111111111' });
		expect(paid.status).toBe(200);
		expect(paid.text).toContain('Payment approved');
		const read = await linkRead(link.id);
		expect(read).toMatchObject({ totalPayments: 1, availablePayments: 0 });
		expect(read.payments).toEqual([expect.objectContaining({ status: 'APPROVED', lastDigits: '1111' })]);
		const requestId = read.payments[0].requestId;
		// The published shape: {status {status: PAID, reason, message, date}, linkId, reference, signature}, no requestId.
		expect(received).toEqual([
			{
				status: { status: 'PAID', reason: '00', message: expect.any(String), date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/) },
				linkId: link.id,
				reference: 'DEAL-7',
				signature: expect.stringMatching(/^[0-9a-f]{64}$/),
			},
		]);
		// Signed as published, computed by the package's own code (the sandbox computes it with its own).
		const [{ status, signature }] = received;
		expect(signature).toBe(linkSignature({ linkId: link.id, status: status.status, date: status.date }, sandbox.credentials.secretKey));
		// The link payment's session is the platform's: queried by its requestId, paid, with the link's reference.
		const session = (await signed(`/api/session/${requestId}`, {})).json<Record<string, any>>();
		expect(session).toMatchObject({ requestId, status: { status: 'APPROVED' }, request: { payment: { reference: 'DEAL-7' } } });
	});

	it('the same form sent twice pays once and shows the first answer; a new attempt on a paid link says it is paid', async () => {
		const link = await createLink();
		const attempt = attemptOf(await get(link.url))!;
		const first = await submit(link.url, { attempt, card: '4111111111111111' });
		const second = await submit(link.url, { attempt, card: '4111111111111111' });
		expect(second.status).toBe(200);
		expect(second.text).toBe(first.text);
		expect((await linkRead(link.id)).payments).toHaveLength(1);
		expect(received).toHaveLength(1);
		const again = await submit(link.url, { attempt: 'another', card: '4111111111111111' });
		expect(again.text).toContain('already paid');
		expect((await get(link.url)).text).not.toContain('name="card"');
		expect((await linkRead(link.id)).payments).toHaveLength(1);
	});

	it('a paid one-payment link reads as paid on its page, while its documented status stays ACTIVE', async () => {
		const link = await createLink();
		expect((await get(link.url)).text).toContain('Status: ACTIVE</');
		await submit(link.url, { attempt: attemptOf(await get(link.url))!, card: '4111111111111111' });
		expect((await get(link.url)).text).toContain('Status: ACTIVE (paid: takes no more payments)');
		expect((await linkRead(link.id)).status).toBe('ACTIVE');
	});

	it('a rejected card leaves the link payable; a pending one is recorded as pending', async () => {
		const link = await createLink();
		const rejected = await submit(link.url, { attempt: 'a1', card: '4000000000000002' });
		expect(rejected.text).toContain('Payment rejected');
		expect((await get(link.url)).text).toContain('name="card"');
		const pending = await submit(link.url, { attempt: 'a2', card: '4000000000000010' });
		expect(pending.text).toContain('Payment pending review');
		expect((await linkRead(link.id)).payments.map((payment: { status: string }) => payment.status)).toEqual(['REJECTED', 'PENDING']);
		// The link publishes PAID and EXPIRED only: a rejected or pending payment sends the link's URL nothing.
		expect(received).toEqual([]);
	});

	it('an unknown link, a wrong key, an expired and a disabled link say so and take no payment', async () => {
		const link = await createLink();
		const unknown = await get(`${sandbox.url}/payment-link/999999/abcdef`);
		expect(unknown.status).toBe(404);
		expect(unknown.text).toContain('This payment link does not exist');
		expect((await get(link.url.replace(/\/[^/]+$/, '/0000'))).status).toBe(404);
		expect((await submit(`${sandbox.url}/payment-link/999999/abcdef`, { attempt: 'x', card: '4111111111111111' })).status).toBe(404);

		// Expired: its expiration date has passed (set on the sandbox's record, as time passing would).
		const links = (sandbox.world.slice('links', () => ({ links: {} })) as { links: Record<string, { expirationDate: string }> }).links;
		links[String(link.id)].expirationDate = '2020-01-01 00:00:00';
		const expired = await get(link.url);
		expect(expired.status).toBe(410);
		expect(expired.text).toContain('This payment link has expired');
		expect((await submit(link.url, { attempt: 'x', card: '4111111111111111' })).status).toBe(410);

		const other = await createLink({ reference: 'DEAL-8' });
		expect((await signed(`/api/payment-link/disable/${other.id}`, {})).status).toBe(200);
		expect((await get(other.url)).text).toContain('This payment link was disabled');
		expect((await linkRead(link.id)).payments).toEqual([]);
		expect(received).toEqual([]);
	});
});

describe('the outbox (the e-mails a link with Receiver Emails is sent with)', () => {
	it('lists each receiver of a new link, newest first, with the link to pay; the page it links to pays', async () => {
		await createLink({ reference: 'DEAL-20', receiverEmails: ['ana@example.com', 'luis@example.com'] });
		const newest = await createLink({ reference: 'DEAL-21', receiverEmails: ['eva@example.com'] });
		await createLink({ reference: 'DEAL-22' });
		const listed = (await get(`${sandbox.url}/__sandbox/outbox?format=json`)).json<{ mails: Array<Record<string, unknown>> }>();
		expect(listed.mails.map((mail) => [mail.to, mail.reference])).toEqual([
			['eva@example.com', 'DEAL-21'],
			['luis@example.com', 'DEAL-20'],
			['ana@example.com', 'DEAL-20'],
		]);
		expect(listed.mails[0]).toMatchObject({ url: newest.url, linkId: newest.id, subject: 'Payment link: Deal 7', amount: { currency: 'COP', total: 150000 } });
		const page = await get(`${sandbox.url}/__sandbox/outbox`);
		expect(page.headers['content-type']).toMatch(/^text\/html/);
		const href = /<a href="([^"]+)">Pay COP 150000\.00<\/a>/.exec(page.text)?.[1];
		expect(href).toBe(newest.url);
		const paid = await submit(href!, { attempt: attemptOf(await get(href!))!, card: '4111111111111111' });
		expect(paid.text).toContain('Payment approved');
	});
});

describe('the page of a checkout session', () => {
	// A session has no notification URL of its own: the platform notifies its site's (set with the core API).
	beforeEach(async () => {
		const updated = await signed('/core/site/update-all', { id: sandbox.credentials.siteId, data: { integration: { notificationUrl: receiverUrl } } });
		expect(updated.status).toBe(200);
	});

	it('renders the session, pays it as the control API does and notifies the notification URL of the site', async () => {
		const { requestId, processUrl } = await createSession();
		const page = await get(processUrl);
		expect(page.status).toBe(200);
		expect(page.text).toContain('USD 89.90');
		expect(page.text).toContain('ORDER-77');
		const paid = await submit(processUrl, { attempt: attemptOf(page)!, card: '4111111111111111' });
		expect(paid.text).toContain('Payment approved');
		const session = (await signed(`/api/session/${requestId}`, {})).json<Record<string, any>>();
		expect(session).toMatchObject({ status: { status: 'APPROVED' }, payment: [expect.objectContaining({ reference: 'ORDER-77' })] });
		expect(received).toEqual([expect.objectContaining({ requestId, reference: 'ORDER-77', status: expect.objectContaining({ status: 'APPROVED' }) })]);
		// Sent again: the first answer, no second payment; a fresh form on a paid session says it is paid.
		expect((await submit(processUrl, { attempt: attemptOf(page)!, card: '4111111111111111' })).text).toBe(paid.text);
		expect((await submit(processUrl, { attempt: 'fresh', card: '4111111111111111' })).text).toContain('already paid');
		expect((await signed(`/api/session/${requestId}`, {})).json<Record<string, any>>().payment).toHaveLength(1);
		expect(received).toHaveLength(1);
	});

	it('a subscription session only saves the card: its page says so, before and after, and charges nothing', async () => {
		const created = await signed('/api/session', {
			subscription: { reference: 'SUB-C-3001', description: 'Monthly plan' },
			ipAddress: '203.0.113.7',
			userAgent: 'Mozilla/5.0',
			returnUrl: 'https://shop.example.com/return',
		});
		expect(created.status).toBe(200);
		const { requestId, processUrl } = created.json<{ requestId: number; processUrl: string }>();
		const page = await get(processUrl);
		expect(page.text).toContain('Save the card (approved)');
		expect(page.text).not.toContain('Pay (approved)');
		const saved = await submit(processUrl, { attempt: attemptOf(page)!, card: '4111111111111111' });
		expect(saved.text).toContain('Card saved: nothing was charged');
		expect((await submit(processUrl, { attempt: 'fresh', card: '4111111111111111' })).text).toContain('This card is already saved');
		const session = (await signed(`/api/session/${requestId}`, {})).json<Record<string, any>>();
		expect(session.subscription).toMatchObject({ status: { status: 'OK' } });
		expect(session.payment ?? []).toEqual([]);
	});

	it('the control API pay notifies the notification URL of the site the same way', async () => {
		const { requestId } = await createSession();
		const paid = await post(`${sandbox.url}/__sandbox/sessions/${requestId}/pay`, { status: 'REJECTED' });
		expect(paid.json()).toMatchObject({ notifications: [{ url: receiverUrl, status: 200 }] });
		expect(received).toEqual([expect.objectContaining({ requestId, status: expect.objectContaining({ status: 'REJECTED' }) })]);
	});

	it('an unknown session, a wrong key, a cancelled and an expired session say so', async () => {
		expect((await get(`${sandbox.url}/checkout/session/424242/abc`)).text).toContain('This checkout session does not exist');
		const { requestId, processUrl } = await createSession();
		expect((await get(processUrl.replace(/\/[^/]+$/, '/wrong'))).status).toBe(404);
		expect((await signed(`/api/session/${requestId}/cancel`, {})).status).toBe(200);
		const cancelled = await get(processUrl);
		expect(cancelled.status).toBe(410);
		expect(cancelled.text).toContain('cancelled by the merchant');

		const late = await createSession();
		const sessions = (sandbox.world.slice('checkout', () => ({ sessions: {} })) as { sessions: Record<string, { expiration: string }> }).sessions;
		sessions[String(late.requestId)].expiration = '2020-01-01T00:00:00+00:00';
		const expired = await submit(late.processUrl, { attempt: 'x', card: '4111111111111111' });
		expect(expired.status).toBe(410);
		expect(expired.text).toContain('This session has expired');
		expect(received).toEqual([]);
	});
});

describe('notificationNote', () => {
	it('tells the buyer the shop was notified, never where (a resume URL carries its signature)', () => {
		const note = notificationNote([{ url: 'https://n8n.example.com/webhook-waiting/42?signature=abc', status: 200 }]);
		expect(note).toBe('The shop was notified: it answered HTTP 200.');
		expect(note).not.toContain('n8n.example.com');
		expect(notificationNote([{ url: 'https://shop.example.com/notify', status: 0 }])).toBe('The shop was notified: no answer.');
		expect(notificationNote([])).toBeUndefined();
	});
});
