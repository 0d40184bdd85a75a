/**
 * Identifiers beyond 2^53 through the sandbox. The spec types them as integers with no bound; the sandbox reads
 * and writes them with every digit (sandbox/json.ts), finds records by them in a path and in a body, and still
 * refuses an identifier sent as text where the spec says integer. Over raw HTTP with this folder's own signer.
 */
import { idKey, parseJson, stringifyJson, toId } from '../../sandbox/json';
import { apiCallsOf, withSandbox } from '../helpers/sandbox';
import { post, send } from './client';
import { auth } from './signer';

const sandbox = withSandbox();

const BIG_REQUEST_ID = '12345678901234567890';
const BIG_REFERENCE = '98765432109876543210';

/** A signed call whose body is JSON text, so that it can hold a bare integer beyond 2^53. */
const signedRaw = (path: string, json = '') =>
	send('POST', `${sandbox.url}${path}`, {
		rawJson: `{"auth":${JSON.stringify(auth(sandbox.credentials.login, sandbox.credentials.secretKey))}${json ? `,${json}` : ''}}`,
	});

const nextIds = async (ids: Record<string, string>) => expect((await post(`${sandbox.url}/__sandbox/ids`, ids)).status).toBe(200);

const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString().replace(/\.\d{3}Z$/, '+00:00');

const sessionJson = JSON.stringify({
	payment: { reference: 'ORDER-1', amount: { currency: 'USD', total: 100 } },
	expiration: inMinutes(30),
	ipAddress: '203.0.113.7',
	userAgent: 'Mozilla/5.0',
	returnUrl: 'https://shop.example.com/return',
}).slice(1, -1);

describe("the sandbox's JSON", () => {
	it('reads an integer beyond 2^53 as a bigint and writes it back bare', () => {
		const value = parseJson(`{"id":${BIG_REQUEST_ID},"text":"${BIG_REQUEST_ID}","small":7,"d":1.5}`);
		expect(value).toEqual({ id: 12345678901234567890n, text: BIG_REQUEST_ID, small: 7, d: 1.5 });
		expect(stringifyJson(value)).toBe(`{"id":${BIG_REQUEST_ID},"text":"${BIG_REQUEST_ID}","small":7,"d":1.5}`);
		expect(stringifyJson({ ids: [1n, -98765432109876543210n] }, 1)).toBe('{\n "ids": [\n  1,\n  -98765432109876543210\n ]\n}');
	});

	it('writes a bigint bare even where BigInt has a toJSON (n8n-workflow gives it one that makes text)', () => {
		const prototype = BigInt.prototype as { toJSON?: () => string };
		const before = prototype.toJSON;
		prototype.toJSON = function (this: bigint) {
			return this.toString();
		};
		try {
			expect(stringifyJson({ id: 12345678901234567890n })).toBe(`{"id":${BIG_REQUEST_ID}}`);
		} finally {
			if (before) prototype.toJSON = before;
			else delete prototype.toJSON;
		}
	});

	it('agrees with JSON.parse and JSON.stringify on everything else', () => {
		const text = '{"a":[1,2.5e3,-0,true,null,"x\\"\\u00e9"],"b":{},"pad":"1234567890123456","__proto__":{"p":1}}';
		expect(parseJson(text)).toEqual(JSON.parse(text));
		expect(() => parseJson('{"a":12345678901234567890,}')).toThrow(SyntaxError);
		const sample = { a: [1, 'b', null, undefined], c: undefined, d: new Date(0), e: 'mark \u0000bigint:' };
		expect(stringifyJson(sample)).toBe(JSON.stringify(sample));
	});

	it('keys an identifier by its digits, and keeps a number where it is exact', () => {
		expect(idKey('0042')).toBe('42');
		expect(idKey(BIG_REQUEST_ID)).toBe(BIG_REQUEST_ID);
		expect(idKey('12a')).toBeUndefined();
		expect(toId(9007199254740991n)).toBe(9007199254740991);
		expect(toId(9007199254740992n)).toBe(9007199254740992n);
	});
});

describe('identifiers beyond 2^53 over HTTP', () => {
	it('hands out a session requestId with all its digits and finds the session by it in the path', async () => {
		await nextIds({ requestId: BIG_REQUEST_ID });
		const created = await signedRaw('/api/session', sessionJson);
		expect(created.status).toBe(200);
		expect(created.text).toContain(`"requestId":${BIG_REQUEST_ID},`);

		const queried = await signedRaw(`/api/session/${BIG_REQUEST_ID}`);
		expect(queried.status).toBe(200);
		expect(queried.text).toContain(`"requestId":${BIG_REQUEST_ID},`);
		// The id JSON.parse would have made of it is another session.
		expect((await signedRaw('/api/session/12345678901234567000')).status).toBe(404);
	});

	it('finds a transaction by a bare internalReference beyond 2^53 in a body, and refuses it sent as text', async () => {
		await nextIds({ requestId: BIG_REQUEST_ID, internalReference: BIG_REFERENCE });
		expect((await signedRaw('/api/session', sessionJson)).status).toBe(200);
		expect((await post(`${sandbox.url}/__sandbox/sessions/${BIG_REQUEST_ID}/pay`, {})).status).toBe(200);

		const asText = await signedRaw('/api/reverse', `"internalReference":"${BIG_REFERENCE}"`);
		expect(asText.status).toBe(400);
		expect(asText.json()).toEqual({ status: expect.objectContaining({ reason: 'XN', message: 'Invalid internalReference: must be a positive whole number' }) });

		const refunded = await signedRaw('/api/reverse', `"internalReference":${BIG_REFERENCE},"amount":{"currency":"USD","total":40}`);
		expect(refunded.status).toBe(200);
		expect(refunded.text).toContain(`"internalReference":${BIG_REFERENCE},`);
		expect(apiCallsOf(sandbox).at(-1)?.body.internalReference).toBe(98765432109876543210n);
		const tickets = await signedRaw('/ticket/search', `"internalReference":${BIG_REFERENCE}`);
		expect(tickets.status).toBe(200);
	});

	it('finds a payment link and a gateway transaction by identifiers beyond 2^53', async () => {
		await nextIds({ paymentLink: '23456789012345678901', internalReference: BIG_REFERENCE });
		const expiration = new Date(Date.now() + 86_400_000).toISOString().slice(0, 19).replace('T', ' ');
		const link = await signedRaw(
			'/api/payment-link',
			`"name":"Shoes","reference":"LINK-1","description":"Shoes","expirationDate":"${expiration}","paymentExpiration":30,"payment":{"amount":{"currency":"USD","total":10}}`,
		);
		expect(link.text).toContain('"id":23456789012345678901,');
		expect((await signedRaw('/api/payment-link/23456789012345678901')).status).toBe(200);

		const processed = await signedRaw(
			'/gateway/process',
			'"payer":{"name":"Ana"},"instrument":{"card":{"number":"4111111111111111","expiration":"12/30","cvv":"123"}},"payment":{"reference":"R-1","amount":{"currency":"USD","total":5}}',
		);
		expect(processed.text).toContain(`"internalReference":${BIG_REFERENCE},`);
		const queried = await signedRaw('/gateway/query', `"internalReference":${BIG_REFERENCE}`);
		expect(queried.status).toBe(200);
		expect(queried.text).toContain(`"internalReference":${BIG_REFERENCE},`);
	});

	it('refuses a next id that is not a whole number on the control API', async () => {
		expect((await post(`${sandbox.url}/__sandbox/ids`, { requestId: '12a' })).status).toBe(400);
	});
});
