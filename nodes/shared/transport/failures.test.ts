import { connectionFailureOf, errorCode, lostConnectionCause, statusCause } from './failures';

describe('connection failures', () => {
	it('tells what a failed connection says of the request', () => {
		expect(connectionFailureOf('ECONNREFUSED')).toBe('notSent');
		expect(connectionFailureOf('ENOTFOUND')).toBe('notSent');
		expect(connectionFailureOf('CERT_HAS_EXPIRED')).toBe('secureConnection');
		expect(connectionFailureOf('ECONNRESET')).toBe('maybeSent');
		expect(connectionFailureOf('ERR_BAD_RESPONSE')).toBe('maybeSent');
		expect(connectionFailureOf('EWHATEVER')).toBe('unknown');
		expect(connectionFailureOf(undefined)).toBe('unknown');
	});

	it("finds the error code wherever n8n's HTTP client put it", () => {
		expect(errorCode({ code: 'ECONNRESET' })).toBe('ECONNRESET');
		expect(errorCode({ code: 'OUTER', cause: { code: 'ECONNREFUSED' } })).toBe('ECONNREFUSED');
		expect(errorCode({ cause: { cause: { code: 'EPIPE' } } })).toBe('EPIPE');
		expect(errorCode({ code: 42 })).toBeUndefined();
		expect(errorCode(undefined)).toBeUndefined();
	});

	it('says why an answer was lost', () => {
		expect(lostConnectionCause('ECONNABORTED', 60_000)).toBe('no answer within 60 s');
		expect(lostConnectionCause('ERR_BAD_RESPONSE', 60_000)).toBe('the answer was cut short');
		expect(lostConnectionCause('EPIPE', 60_000)).toBe('the connection broke after the request was sent');
		expect(lostConnectionCause(undefined, 60_000)).toBe('the request failed after it may have been sent');
		expect(statusCause(503, { status: { message: 'Service busy' } }, 2)).toBe('HTTP 503 with Retry-After: Service busy');
		expect(statusCause(502, '<html>Bad gateway</html>', undefined)).toBe('HTTP 502');
	});
});
