import type { IWebhookFunctions } from 'n8n-workflow';

import {
	acknowledgeAndRun,
	acknowledgeDuplicate,
	acknowledgeUnhandled,
	answerFailures,
	answerRefusal,
	jsonNesting,
	MAX_BODY_BYTES,
	parseJsonBody,
	refuseFailedCheck,
	refuseNotVerified,
} from './reply';

/** Just enough of IWebhookFunctions to see what is written to the response and to the log. */
function fakeWebhook() {
	const written: { status?: number; headers?: Record<string, string>; body?: string } = {};
	const logged: Array<[string, string]> = [];
	const response = {
		headersSent: false,
		writeHead: (status: number, headers: Record<string, string>) => Object.assign(written, { status, headers }),
		end: (body: string) => Object.assign(written, { body }),
	};
	const fn = {
		getResponseObject: () => response,
		getNode: () => ({ name: 'Checkout' }),
		getWorkflow: () => ({ id: 'wf1' }),
		logger: { warn: (message: string) => logged.push(['warn', message]), debug: (message: string) => logged.push(['debug', message]) },
		helpers: { returnJsonArray: (items: object[]) => items.map((json) => ({ json })) },
	} as unknown as IWebhookFunctions;
	return { fn, written, logged, response };
}

/** The exact bytes of an answer in the platform's status shape, with the date it carries. */
const statusBytes = (body: string | undefined, status: string, reason: string, message: string) => {
	const date = (JSON.parse(body ?? '{}') as { status?: { date?: string } }).status?.date;
	expect(date).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00$/);
	return JSON.stringify({ status: { status, reason, message, date } });
};

describe('webhook replies', () => {
	it('refuses a failed signature check with XS and a failed body check with XN, and runs nothing', () => {
		for (const [httpStatus, reason] of [
			[401, 'XS'],
			[400, 'XN'],
		] as const) {
			const { fn, written } = fakeWebhook();
			expect(refuseFailedCheck(fn, { httpStatus, message: 'why' })).toEqual({ noWebhookResponse: true });
			expect(written.status).toBe(httpStatus);
			expect(JSON.parse(written.body ?? '')).toMatchObject({ status: { status: 'FAILED', reason, message: 'why' } });
		}
	});

	it('refuses a call that is not verified with one answer, whatever the reason, which goes to the debug log only', () => {
		const { fn, written, logged } = fakeWebhook();
		expect(refuseNotVerified(fn, 'the platform does not know the session 7')).toEqual({ noWebhookResponse: true });
		expect(written.status).toBe(401);
		expect(written.headers?.['content-type']).toBe('application/json; charset=utf-8');
		expect(written.body).toBe(statusBytes(written.body, 'FAILED', 'XS', 'The notification could not be verified'));
		expect(logged).toEqual([['debug', 'Checkout refused a notification: the platform does not know the session 7']]);
	});

	it('answers a failure of the handler with a short 503 (no stack trace, no run) and logs it for the owner', async () => {
		const { fn, written, logged } = fakeWebhook();
		const result = await answerFailures(fn, async () => {
			throw new Error('The platform could not handle the request (a failure on its side): try again later.');
		});
		expect(result).toEqual({ noWebhookResponse: true });
		expect(written.status).toBe(503);
		expect(written.body).toBe(statusBytes(written.body, 'FAILED', 'XU', 'The notification could not be processed now; send it again later'));
		expect(logged).toEqual([['warn', 'Checkout could not handle a notification and answered 503: The platform could not handle the request (a failure on its side): try again later.']]);
		// What the handler answers goes through untouched.
		expect(await answerFailures(fn, async () => ({ webhookResponse: 'x' }))).toEqual({ webhookResponse: 'x' });
	});

	it('writes nothing more once an answer went out', () => {
		const { fn, written, response } = fakeWebhook();
		response.headersSent = true;
		expect(refuseFailedCheck(fn, { httpStatus: 400, message: 'late' })).toEqual({ noWebhookResponse: true });
		expect(written).toEqual({});
	});

	it('acknowledges a delivery already received without running the workflow', () => {
		const result = acknowledgeDuplicate('Event X received');
		expect(result.workflowData).toBeUndefined();
		expect(result.webhookResponse).toMatchObject({ status: { status: 'OK', reason: '00', message: 'Event X received; already received, the workflow does not run again' } });
	});

	it('acknowledges a filtered-out call without running the workflow', () => {
		const result = acknowledgeUnhandled('Event X received');
		expect(result.workflowData).toBeUndefined();
		expect(result.webhookResponse).toMatchObject({ status: { status: 'OK', reason: '00', message: 'Event X received; this workflow does not handle it' } });
	});

	it('acknowledges and runs the workflow with one item', () => {
		const { fn } = fakeWebhook();
		const result = acknowledgeAndRun(fn, 'Event X received', { id: 'e1' });
		expect(result.webhookResponse).toMatchObject({ status: { status: 'OK', reason: '00', message: 'Event X received' } });
		expect(result.workflowData).toEqual([[{ json: { id: 'e1' } }]]);
	});
});

describe('answerRefusal', () => {
	it('answers each kind of refusal: a failed check by its status, not verified as one answer, not ready with Retry-After', () => {
		const failed = fakeWebhook();
		answerRefusal(failed.fn, { httpStatus: 413, message: 'too large' });
		expect(failed.written.status).toBe(413);
		expect(JSON.parse(failed.written.body ?? '')).toMatchObject({ status: { reason: 'XN', message: 'too large' } });

		const unverified = fakeWebhook();
		answerRefusal(unverified.fn, { notVerified: 'no secret', warning: 'its credential has no secret' });
		expect(unverified.written.status).toBe(401);
		expect(JSON.parse(unverified.written.body ?? '')).toMatchObject({ status: { reason: 'XS', message: 'The notification could not be verified' } });
		expect(unverified.logged).toEqual([
			['warn', 'Checkout refused a notification: its credential has no secret'],
			['debug', 'Checkout refused a notification: no secret'],
		]);

		const pending = fakeWebhook();
		answerRefusal(pending.fn, { notReady: 'The process is not final yet', retryAfterSeconds: 4.2 });
		expect(pending.written.status).toBe(503);
		expect(pending.written.headers?.['retry-after']).toBe('5');
		expect(JSON.parse(pending.written.body ?? '')).toMatchObject({ status: { reason: 'XP', message: 'The process is not final yet' } });
	});
});

describe('parseJsonBody', () => {
	const parse = (text: string) => parseJsonBody(Buffer.from(text, 'utf8'));

	it('reads a JSON object', () => {
		expect(parse(' {"a": {"b": [1, "]"]}} ')).toEqual({ ok: true, body: { a: { b: [1, ']'] } } });
	});

	it('refuses what is not a JSON object with 400', () => {
		for (const text of ['', '   ', 'a=1', '[1]', '"x"', '{"a":', 'null', '{"a":1}}']) {
			expect(parse(text)).toEqual({ ok: false, httpStatus: 400, message: 'The body is not a JSON object' });
		}
	});

	it('refuses a body larger than 64 KiB with 413 before reading it', () => {
		const atLimit = `{"a":"${'x'.repeat(MAX_BODY_BYTES - 8)}"}`;
		expect(Buffer.byteLength(atLimit)).toBe(MAX_BODY_BYTES);
		expect(parse(atLimit).ok).toBe(true);
		expect(parse(`{"a":"${'x'.repeat(MAX_BODY_BYTES)}"}`)).toEqual({ ok: false, httpStatus: 413, message: 'The body is larger than 64 KiB' });
	});

	it('refuses objects and arrays nested more than 32 levels with 400', () => {
		const nested = (levels: number) => `{"a":${'['.repeat(levels - 1)}${']'.repeat(levels - 1)}}`;
		expect(parse(nested(32)).ok).toBe(true);
		expect(parse(nested(33))).toEqual({ ok: false, httpStatus: 400, message: 'The body nests more than 32 levels deep' });
	});

	it('counts nesting outside strings only', () => {
		expect(jsonNesting('{"a":"[[[[{{{{\\"","b":[{}]}')).toBe(3);
		expect(jsonNesting('{"a":"\\\\","b":[]}')).toBe(2);
	});
});
