/**
 * A payment of any channel is refundable: `/api/reverse` and the reverse action of `/api/transaction` take an
 * approved payment made through `/gateway/process` or one of the demo site's past transactions, as the platform
 * does for any approved payment it reports; a refund transaction, a rejected payment or one fully given back is
 * refused. Over raw HTTP, signed by this folder's own signer.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- runs in Node, not in n8n: eslint.dev.config.mjs lints it */
import { withSandbox } from '../helpers/sandbox';
import { post } from './client';
import { auth } from './signer';

const sandbox = withSandbox({ historyDays: 30 });

async function call(path: string, body: Record<string, unknown> = {}): Promise<{ status: number; json: Record<string, any> }> {
	const response = await post(`${sandbox.url}${path}`, { auth: auth(sandbox.credentials.login, sandbox.credentials.secretKey), ...body });
	return { status: response.status, json: response.json<Record<string, any>>() };
}

async function processPayment(card: string, reference: string): Promise<Record<string, any>> {
	const answer = await call('/gateway/process', {
		payer: { name: 'Ana' },
		instrument: { card: { number: card, expiration: '12/30', cvv: '123' } },
		payment: { reference, amount: { currency: 'USD', total: 120.5 } },
		idempotenceKey: reference,
	});
	expect(answer.status).toBe(200);
	return answer.json;
}

const history = async () => ((await (await fetch(`${sandbox.url}/__sandbox/gateway/transactions`)).json()) as { transactions: Array<Record<string, any>> }).transactions;

describe('refunds of gateway payments', () => {
	it('a /gateway/process payment is refunded in part, then in full; a third refund is refused; query and search follow', async () => {
		const paid = await processPayment('4111111111111111', 'GW-REFUND-1');
		const partial = await call('/api/reverse', { internalReference: paid.internalReference, amount: { currency: 'USD', total: 20 } });
		expect(partial.status).toBe(200);
		expect(partial.json.payment).toMatchObject({ internalReference: paid.internalReference, refunded: false });
		expect((await call('/api/reverse', { internalReference: paid.internalReference })).status).toBe(200);
		const again = await call('/api/reverse', { internalReference: paid.internalReference });
		expect(again.status).toBe(409);
		expect(again.json.status.reason).toBe('XR');
		expect((await call('/gateway/query', { internalReference: paid.internalReference })).json.refunded).toBe(true);
	});

	it("a past transaction the reports list is refundable when it is an approved payment, refused when it is a refund or not approved", async () => {
		const past = await history();
		const approved = past.find((txn) => txn.type === 'AUTH_ONLY' && txn.status.status === 'APPROVED')!;
		const refund = past.find((txn) => txn.type === 'REFUND')!;
		const declined = past.find((txn) => txn.type === 'AUTH_ONLY' && txn.status.status === 'REJECTED')!;
		expect((await call('/api/reverse', { internalReference: approved.internalReference })).status).toBe(200);
		expect((await call('/gateway/query', { internalReference: approved.internalReference })).json.refunded).toBe(true);
		for (const txn of [refund, declined]) expect((await call('/api/reverse', { internalReference: txn.internalReference })).status).toBe(409);
		// Unknown to the platform: not found.
		expect((await call('/api/reverse', { internalReference: 999_999_999 })).status).toBe(404);
	});

	it('a rejected /gateway/process payment is not refundable; a pre-authorization is reversed by the reverse action', async () => {
		const rejected = await processPayment('4000000000000002', 'GW-REFUND-2');
		expect(rejected.status.status).toBe('REJECTED');
		expect((await call('/api/reverse', { internalReference: rejected.internalReference })).status).toBe(409);
		const hold = await call('/gateway/process', {
			action: 'checkin',
			payer: { name: 'Ana' },
			instrument: { card: { number: '4111111111111111', expiration: '12/30', cvv: '123' } },
			payment: { reference: 'GW-HOLD-1', amount: { currency: 'USD', total: 50 } },
			idempotenceKey: 'GW-HOLD-1',
		});
		expect(hold.json.type).toBe('CHECKIN');
		expect((await call('/api/transaction', { action: 'reverse', internalReference: hold.json.internalReference })).status).toBe(200);
	});
});
