import type { IWebhookFunctions } from 'n8n-workflow';

import { acknowledgeAndRun, acknowledgeUnhandled, refuseFailedCheck } from './webhookReply';

/** Just enough of IWebhookFunctions to see what is written to the response. */
function fakeWebhook() {
	const written: { status?: number; headers?: Record<string, string>; body?: string } = {};
	const response = {
		writeHead: (status: number, headers: Record<string, string>) => Object.assign(written, { status, headers }),
		end: (body: string) => Object.assign(written, { body }),
	};
	const fn = {
		getResponseObject: () => response,
		helpers: { returnJsonArray: (items: object[]) => items.map((json) => ({ json })) },
	} as unknown as IWebhookFunctions;
	return { fn, written };
}

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
