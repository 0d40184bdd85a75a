import {
	autopaySignature,
	checkoutSignature,
	constantTimeEqual,
	linkSignature,
	onboardingSignature,
	parseSignatureHeader,
	verifyAutopaySignature,
	verifyCheckoutSignature,
	verifyLinkSignature,
	verifyOnboardingSignature,
} from './signatures';

// Vectors computed outside this code (coreutils sha256sum / sha1sum, openssl dgst -hmac).
const SECRET = 'ABCD1234';
const AUTOPAY = { id: 'b2c1f0d6-3f1e-4d7a-9a51-2f7c0e8b1a11', type: 'AUTOPAY_CREATED', date: '2024-05-01T10:00:00-05:00' };
const AUTOPAY_HEX = '645bed0a2675dc34119f2f1d5d438dc6e75e93f2f8a770e52b5f138fd7440354';
const CHECKOUT = { requestId: 10001, status: 'APPROVED', date: '2024-05-01T10:00:00+00:00' };
const CHECKOUT_SHA256 = 'd31b7e741e23f5f860ba281f241472bffc35f51402bdb93cc7af09368d2576de';
const CHECKOUT_SHA1 = '29b79673624c7618371e4fafe77c3a4138c40cba';
const LINK = { linkId: 4242, status: 'PAID', date: '2024-05-01T10:00:00+00:00' };
const LINK_HEX = '452de6fcc13c8a436cba6bf1ac764ab6af7b652237ebf0137bee4c0ed537c486';
const ONBOARDING_BODY = '{"processId":"abc"}';
const ONBOARDING_T = 1714557600;
const ONBOARDING_HEX = 'a9839b58ce521ed818249a07433d82560419a54d570cb061d45e5fe88b8ed825';

describe('constantTimeEqual', () => {
	it('compares strings of any length', () => {
		expect(constantTimeEqual('abc', 'abc')).toBe(true);
		expect(constantTimeEqual('abc', 'abd')).toBe(false);
		expect(constantTimeEqual('abc', 'abcd')).toBe(false);
		expect(constantTimeEqual('', '')).toBe(true);
	});
});

describe('autopay signature', () => {
	it('is sha256: + hex SHA-256(id + type + date + secretKey)', () => {
		expect(autopaySignature(AUTOPAY, SECRET)).toBe(`sha256:${AUTOPAY_HEX}`);
	});

	it('accepts the right signature, upper-case hex included', () => {
		expect(verifyAutopaySignature(AUTOPAY, `sha256:${AUTOPAY_HEX}`, SECRET)).toBe(true);
		expect(verifyAutopaySignature(AUTOPAY, `sha256:${AUTOPAY_HEX.toUpperCase()}`, SECRET)).toBe(true);
	});

	it('uses the date byte for byte: another spelling of the same instant fails', () => {
		expect(verifyAutopaySignature({ ...AUTOPAY, date: '2024-05-01T15:00:00+00:00' }, `sha256:${AUTOPAY_HEX}`, SECRET)).toBe(false);
		expect(verifyAutopaySignature({ ...AUTOPAY, date: '2024-05-01 10:00:00' }, `sha256:${AUTOPAY_HEX}`, SECRET)).toBe(false);
	});

	it('refuses a missing prefix, a wrong key, a changed field or no signature', () => {
		expect(verifyAutopaySignature(AUTOPAY, AUTOPAY_HEX, SECRET)).toBe(false);
		expect(verifyAutopaySignature(AUTOPAY, `sha256:${AUTOPAY_HEX}`, 'other')).toBe(false);
		expect(verifyAutopaySignature({ ...AUTOPAY, type: 'AUTOPAY_CANCELED' }, `sha256:${AUTOPAY_HEX}`, SECRET)).toBe(false);
		expect(verifyAutopaySignature(AUTOPAY, undefined, SECRET)).toBe(false);
		expect(verifyAutopaySignature(AUTOPAY, `sha256:${AUTOPAY_HEX}`, '')).toBe(false);
	});
});

describe('checkout notification signature', () => {
	it('computes both forms', () => {
		expect(checkoutSignature(CHECKOUT, SECRET)).toBe(`sha256:${CHECKOUT_SHA256}`);
		expect(checkoutSignature(CHECKOUT, SECRET, 'sha1')).toBe(CHECKOUT_SHA1);
	});

	it('accepts SHA-256 and, unless turned off, the legacy SHA-1', () => {
		expect(verifyCheckoutSignature(CHECKOUT, `sha256:${CHECKOUT_SHA256}`, SECRET)).toEqual({ ok: true, algorithm: 'sha256' });
		expect(verifyCheckoutSignature({ ...CHECKOUT, requestId: '10001' }, CHECKOUT_SHA1, SECRET)).toEqual({ ok: true, algorithm: 'sha1' });
		expect(verifyCheckoutSignature(CHECKOUT, CHECKOUT_SHA1, SECRET, false)).toEqual({ ok: false, problem: 'legacy not accepted' });
	});

	it('refuses forgeries and malformed values', () => {
		expect(verifyCheckoutSignature({ ...CHECKOUT, status: 'REJECTED' }, `sha256:${CHECKOUT_SHA256}`, SECRET)).toEqual({ ok: false, problem: 'mismatch' });
		expect(verifyCheckoutSignature(CHECKOUT, `sha1:${CHECKOUT_SHA1}`, SECRET)).toEqual({ ok: false, problem: 'malformed' });
		expect(verifyCheckoutSignature(CHECKOUT, CHECKOUT_SHA256, SECRET)).toEqual({ ok: false, problem: 'malformed' });
		expect(verifyCheckoutSignature(CHECKOUT, '', SECRET)).toEqual({ ok: false, problem: 'missing' });
		expect(verifyCheckoutSignature(CHECKOUT, 42, SECRET)).toEqual({ ok: false, problem: 'missing' });
	});
});

describe('onboarding X-Signature', () => {
	const header = (t: number | string, v1 = ONBOARDING_HEX, kid = 'key-1') => `t=${t},kid=${kid},v1=${v1}`;
	const at = (seconds: number) => seconds * 1000;

	it('parses the header parts', () => {
		expect(parseSignatureHeader(' t=1 , kid=k ,v1=aa,v1=bb,x=y,junk')).toEqual({ t: '1', kid: 'k', v1: ['aa', 'bb'] });
	});

	it('is hex HMAC-SHA256(secret, t + "." + rawBody)', () => {
		expect(onboardingSignature('whsec_test', ONBOARDING_T, ONBOARDING_BODY)).toBe(ONBOARDING_HEX);
		expect(onboardingSignature('whsec_test', ONBOARDING_T, Buffer.from(ONBOARDING_BODY))).toBe(ONBOARDING_HEX);
	});

	it('accepts a fresh, matching signature and reports the key id', () => {
		expect(verifyOnboardingSignature(header(ONBOARDING_T), ONBOARDING_BODY, 'whsec_test', { now: at(ONBOARDING_T + 10) })).toEqual({
			ok: true,
			timestamp: ONBOARDING_T,
			keyId: 'key-1',
		});
		// One of several v1 values (key rotation) is enough.
		expect(verifyOnboardingSignature(`t=${ONBOARDING_T},v1=${'0'.repeat(64)},v1=${ONBOARDING_HEX}`, ONBOARDING_BODY, 'whsec_test', { now: at(ONBOARDING_T) }).ok).toBe(true);
	});

	it('holds the ±300 s window at both ends', () => {
		const check = (now: number) => verifyOnboardingSignature(header(ONBOARDING_T), ONBOARDING_BODY, 'whsec_test', { now: at(now) });
		expect(check(ONBOARDING_T + 300).ok).toBe(true);
		expect(check(ONBOARDING_T - 300).ok).toBe(true);
		expect(check(ONBOARDING_T + 301)).toMatchObject({ ok: false, problem: 'outside the time window' });
		expect(check(ONBOARDING_T - 301)).toMatchObject({ ok: false, problem: 'outside the time window' });
	});

	it('refuses a changed body, a wrong secret, a missing or malformed header and an unexpected key id', () => {
		const now = { now: at(ONBOARDING_T) };
		expect(verifyOnboardingSignature(header(ONBOARDING_T), '{"processId":"abd"}', 'whsec_test', now)).toMatchObject({ ok: false, problem: 'mismatch' });
		expect(verifyOnboardingSignature(header(ONBOARDING_T), ONBOARDING_BODY, 'other', now)).toMatchObject({ ok: false, problem: 'mismatch' });
		expect(verifyOnboardingSignature(undefined, ONBOARDING_BODY, 'whsec_test', now)).toEqual({ ok: false, problem: 'missing' });
		expect(verifyOnboardingSignature('v1=abc', ONBOARDING_BODY, 'whsec_test', now)).toMatchObject({ ok: false, problem: 'malformed' });
		expect(verifyOnboardingSignature(`t=soon,v1=${ONBOARDING_HEX}`, ONBOARDING_BODY, 'whsec_test', now)).toMatchObject({ ok: false, problem: 'malformed' });
		expect(verifyOnboardingSignature(header(ONBOARDING_T), ONBOARDING_BODY, 'whsec_test', { ...now, keyId: 'key-2' })).toMatchObject({
			ok: false,
			problem: 'unknown key',
		});
		expect(verifyOnboardingSignature([header(ONBOARDING_T)], ONBOARDING_BODY, 'whsec_test', { ...now, keyId: 'key-1' }).ok).toBe(true);
	});
});

describe('payment link notification signature', () => {
	it('is hex SHA-256(linkId + status.status + status.date + secretKey), unprefixed as published', () => {
		expect(linkSignature(LINK, SECRET)).toBe(LINK_HEX);
		expect(linkSignature({ ...LINK, linkId: '4242' }, SECRET)).toBe(LINK_HEX);
		// Another vector: EXPIRED with a date on the site's clock, signed as given.
		expect(linkSignature({ linkId: 4242, status: 'EXPIRED', date: '2024-05-01 10:00:00' }, SECRET)).toBe(
			'a5305449e7497cde41e210fbf6845f499da82796b417d4eb55207173e750af37',
		);
	});

	it('accepts the right signature, in upper case or with a sha256: prefix', () => {
		expect(verifyLinkSignature(LINK, LINK_HEX, SECRET)).toEqual({ ok: true });
		expect(verifyLinkSignature(LINK, LINK_HEX.toUpperCase(), SECRET)).toEqual({ ok: true });
		expect(verifyLinkSignature(LINK, `sha256:${LINK_HEX}`, SECRET)).toEqual({ ok: true });
	});

	it('refuses a wrong key, a changed field, a missing or malformed signature', () => {
		expect(verifyLinkSignature(LINK, LINK_HEX, 'other')).toEqual({ ok: false, problem: 'mismatch' });
		expect(verifyLinkSignature({ ...LINK, status: 'EXPIRED' }, LINK_HEX, SECRET)).toEqual({ ok: false, problem: 'mismatch' });
		expect(verifyLinkSignature({ ...LINK, linkId: 4243 }, LINK_HEX, SECRET)).toEqual({ ok: false, problem: 'mismatch' });
		expect(verifyLinkSignature(LINK, undefined, SECRET)).toEqual({ ok: false, problem: 'missing' });
		expect(verifyLinkSignature(LINK, LINK_HEX.slice(1), SECRET)).toEqual({ ok: false, problem: 'malformed' });
		// A checkout notification's SHA-1 form is not a link signature.
		expect(verifyLinkSignature(LINK, CHECKOUT_SHA1, SECRET)).toEqual({ ok: false, problem: 'malformed' });
	});
});
