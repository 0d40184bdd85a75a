/**
 * Reports list the site's transactions as they happen (payments of every channel, refunds as transactions of
 * their own), fix their rows when first obtained ready, and take reportReadySeconds to be ready when that option is
 * set; a pending transaction settles through a control call.
 */
/* eslint-disable @n8n/community-nodes/no-restricted-globals -- runs in Node, not in n8n: eslint.dev.config.mjs lints it */
import { startSandbox, type RunningSandbox } from '../../sandbox';
import { post } from './client';
import { auth } from './signer';

let sandbox: RunningSandbox;
beforeAll(async () => {
	sandbox = await startSandbox({ port: 0, reportPendingPolls: 0, retryAfterSeconds: 0 });
});
afterAll(() => sandbox.stop());
beforeEach(() => sandbox.reset());

const signed = (target: RunningSandbox, path: string, body: Record<string, unknown>) =>
	post(`${target.url}${path}`, { auth: auth(target.credentials.login, target.credentials.secretKey), ...body });
const iso = (at: number) => new Date(at).toISOString().replace(/\.\d{3}Z$/, '+00:00');
const lastHour = () => ({ startDate: iso(Date.now() - 3_600_000), endDate: iso(Date.now() + 1000) });

/** A charge through /gateway/process with a test card: its internal reference. */
async function charge(card: string, reference: string, total = 50): Promise<number> {
	const paid = await signed(sandbox, '/gateway/process', {
		payer: { name: 'Ana', surname: 'Gomez', email: 'ana@example.com', document: '1234567890', documentType: 'CC' },
		instrument: { card: { number: card, expiration: '12/35', cvv: '123' } },
		payment: { reference, description: 'Shoes', amount: { currency: 'USD', total } },
	});
	expect(paid.status).toBe(200);
	return paid.json<{ internalReference: number }>().internalReference;
}

/** The rows of an obtained report, keyed by column. */
function rowsOf(text: string): Array<Record<string, string>> {
	const [header, ...lines] = text.trim().split('\n');
	const columns = header.split('\t');
	return lines.map((line) => Object.fromEntries(line.split('\t').map((value, index) => [columns[index], value])));
}

async function requestReport(target: RunningSandbox, filters: Record<string, unknown> = lastHour()): Promise<number> {
	const requested = await signed(target, '/gateway/report', { filters });
	expect(requested.status).toBe(200);
	return requested.json<{ id: number }>().id;
}

it('lists a refund as a transaction of its own, type REFUND, with the amount given back and the payment reference', async () => {
	// A charge through the gateway, and a checkout session paid by the buyer, then refunded in part.
	const payment = await charge('4111111111111111', 'LIVE-1', 80);
	const session = await signed(sandbox, '/api/session', {
		payment: { reference: 'LIVE-2', description: 'Shoes', amount: { currency: 'USD', total: 120.5 } },
		buyer: { name: 'Ana', surname: 'Lopez', email: 'ana@example.com' },
		expiration: iso(Date.now() + 3_600_000),
		returnUrl: 'https://shop.example.com/return',
		ipAddress: '203.0.113.7',
		userAgent: 'test',
	});
	const requestId = session.json<{ requestId: number }>().requestId;
	const paid = await post(`${sandbox.url}/__sandbox/sessions/${requestId}/pay`, {});
	const sessionPayment = paid.json<{ session: { payments: Array<{ internalReference: number }> } }>().session.payments[0].internalReference;
	const refund = await signed(sandbox, '/api/reverse', { internalReference: sessionPayment, amount: { currency: 'USD', total: 20 } });
	expect(refund.status).toBe(200);

	const id = await requestReport(sandbox, { ...lastHour(), type: ['REFUND', 'AUTH_ONLY'] });
	const rows = rowsOf((await signed(sandbox, '/gateway/report/obtain', { id })).text);
	expect(rows.map((row) => [row.reference, row.type, row.amount])).toEqual([
		['LIVE-1', 'AUTH_ONLY', '80'],
		['LIVE-2', 'AUTH_ONLY', '120.5'],
		['LIVE-2', 'REFUND', '20'],
	]);
	const refundRow = rows[2];
	expect(Number(refundRow.internal_reference)).not.toBe(sessionPayment);
	expect(Number(refundRow.internal_reference)).not.toBe(payment);
	expect(refundRow.status).toBe('APPROVED');
});

it('settles a pending transaction: later reports show its new status, a report already read does not change', async () => {
	const pending = await charge('4000000000000010', 'LIVE-P');
	const before = await requestReport(sandbox);
	expect(rowsOf((await signed(sandbox, '/gateway/report/obtain', { id: before })).text)[0].status).toBe('PENDING');

	const settle = (status: string) => post(`${sandbox.url}/__sandbox/gateway/transactions/${pending}/status`, { status });
	expect((await settle('SETTLED')).status).toBe(400);
	expect((await settle('APPROVED')).status).toBe(200);
	expect((await settle('REJECTED')).status).toBe(409);

	expect(rowsOf((await signed(sandbox, '/gateway/report/obtain', { id: before })).text)[0].status).toBe('PENDING');
	const after = await requestReport(sandbox);
	const [row] = rowsOf((await signed(sandbox, '/gateway/report/obtain', { id: after })).text);
	expect(row).toMatchObject({ status: 'APPROVED', reason: '00' });
	expect(row.authorization).toMatch(/^\d{6}$/);
});

it('with reportReadySeconds, a report answers 425 with the seconds left until then, whatever the obtains', async () => {
	const slow = await startSandbox({ port: 0, reportReadySeconds: 2, reportPendingPolls: 0 });
	try {
		const id = await requestReport(slow);
		for (let i = 0; i < 3; i++) {
			const early = await signed(slow, '/gateway/report/obtain', { id });
			expect(early.status).toBe(425);
			expect(Number(early.headers['retry-after'])).toBeGreaterThanOrEqual(1);
		}
		await new Promise((resolve) => setTimeout(resolve, 2100));
		expect((await signed(slow, '/gateway/report/obtain', { id })).status).toBe(200);
	} finally {
		await slow.stop();
	}
});
