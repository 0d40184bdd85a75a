/**
 * Calls to the package's webhook triggers as test/engine/triggers.test.ts and the reliability suite's webhook
 * corpus make them: through the sandbox's outbound senders (`fire`, signed as the platform signs), or as raw
 * bytes (`postRaw`, a replayed copy or a body no platform would send); and the exact answers they must get.
 */
/* eslint-disable @n8n/community-nodes/require-node-api-error -- runs in Node, not in n8n: eslint.dev.config.mjs lints it */
import type { RunningSandbox } from '../../sandbox';
import type { TriggerServer } from './triggerHarness';

export const DAY_MS = 24 * 60 * 60 * 1000;
export const NOT_VERIFIED = 'The notification could not be verified';

/** What the trigger answered. */
export interface Answer {
	status: number;
	body: string;
	contentType?: string;
}

export interface Fired extends Answer {
	/** The exact text the sandbox sent, and the headers it added (X-Signature). */
	sent: string;
	headers: Record<string, string>;
	/** Every copy's answer, when several were sent. */
	copies: Answer[];
}

export type WebhookKind = 'autopay' | 'checkout' | 'link' | 'onboarding';

/** The calls, against the given sandbox (read when a call is made, so a `withSandbox` stand-in will do). */
export function webhookCalls(sandbox: RunningSandbox) {
	async function post(path: string, body: unknown, headers: Record<string, string> = {}) {
		const response = await fetch(`${sandbox.url}${path}`, {
			method: 'POST',
			headers: { 'content-type': 'application/json', ...headers },
			body: JSON.stringify(body),
		});
		const text = await response.text();
		return { status: response.status, json: text ? JSON.parse(text) : undefined };
	}

	/** Sends through a sandbox control endpoint and waits until the trigger has answered and run. */
	async function fire(trigger: TriggerServer, kind: WebhookKind, body: Record<string, unknown>): Promise<Fired> {
		const answer = await post(`/__sandbox/webhooks/${kind}`, { url: trigger.url, ...body });
		expect(answer.status).toBe(200);
		await trigger.idle();
		const { delivery, deliveries, sent, headers } = answer.json as { delivery: Answer; deliveries?: Answer[]; sent: string; headers: Record<string, string> };
		return { ...delivery, sent, headers, copies: deliveries ?? [delivery] };
	}

	/** Sends these bytes as they are: a replay of a copied delivery, or a body no platform would send. */
	async function postRaw(trigger: TriggerServer, text: string, headers: Record<string, string> = {}): Promise<Answer> {
		const response = await fetch(trigger.url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: text });
		const body = await response.text();
		await trigger.idle();
		return { status: response.status, body, contentType: response.headers.get('content-type') ?? undefined };
	}

	return { post, fire, postRaw };
}

/** The exact answer, byte for byte: HTTP status, content type and body (with the date it carries, in the platform's form). */
export function expectAnswer(answer: Answer, httpStatus: number, status: string, reason: string, message: string) {
	// The body is in the first comparison so that a wrong status shows what was answered.
	expect({ status: answer.status, contentType: answer.contentType, body: answer.body }).toEqual({
		status: httpStatus,
		contentType: 'application/json; charset=utf-8',
		body: expect.stringContaining(`"message":${JSON.stringify(message)}`),
	});
	const date = (JSON.parse(answer.body) as { status?: { date?: unknown } }).status?.date;
	expect(date).toEqual(expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00$/));
	expect(answer.body).toBe(JSON.stringify({ status: { status, reason, message, date } }));
}
export const expectAcknowledged = (answer: Answer, message: string) => expectAnswer(answer, 200, 'OK', '00', message);
export const expectRefused = (answer: Answer, httpStatus: number, reason: string, message: string) => expectAnswer(answer, httpStatus, 'FAILED', reason, message);

/** A named delivery and the refusal it must get: HTTP status, reason and message. */
export type RefusalCase = [name: string, send: () => Promise<Answer>, httpStatus: number, reason: string, message: string];

/** Sends each delivery in turn and checks its exact refusal; a failure names the case. */
export async function expectEachRefused(cases: RefusalCase[]): Promise<void> {
	for (const [name, send, httpStatus, reason, message] of cases) {
		const answer = await send();
		try {
			expectRefused(answer, httpStatus, reason, message);
		} catch (error) {
			throw new Error(`${name}: ${(error as Error).message}`);
		}
	}
}

/** Two answers that tell the caller the same thing: equal but for their dates. */
export const undated = ({ status, contentType, body }: Answer) => ({ status, contentType, body: body.replace(/"date":"[^"]*"/, '"date":"-"') });

/** ISO 8601 with +00:00, `ms` from now. */
export const isoIn = (ms: number) => `${new Date(Date.now() + ms).toISOString().slice(0, 19)}+00:00`;

/** An object nested `levels` deep. */
export const nested = (levels: number): Record<string, unknown> => (levels <= 1 ? { end: true } : { next: nested(levels - 1) });
