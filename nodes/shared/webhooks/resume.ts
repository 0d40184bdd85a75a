/**
 * An execution waiting for the platform's notification (Create and Wait for Payment): its URL, and the path of a
 * notification there. The URL is n8n's resume URL (`$execution.resumeUrl`, with n8n's resume token from 2.x) plus the
 * awaited record's reference and an HMAC of it with the site's secret key, so whoever holds the URL cannot resume the
 * execution with another record. n8n calls `webhook()` (restartWebhook) only while the execution waits and answers
 * 409 itself once it runs or ended, so it resumes at most once.
 */
import { createHmac } from 'crypto';
import type { IExecuteFunctions, IWebhookDescription, IWebhookFunctions, IWebhookResponseData } from 'n8n-workflow';

import { readDelivery, type DeliveryDeclaration, type SignedFields } from './delivery';
import { DeliveryMemory } from './replay';
import { acknowledgeAndResume, acknowledgeDuplicate, acknowledgeStillWaiting, answerFailure, answerRefusal, type Refused } from './reply';
import { constantTimeEqual } from './signatures';

/** The node's, whatever its operation. */
export const resumeWebhook: IWebhookDescription = {
	name: 'default',
	httpMethod: 'POST',
	// n8n's resume URL as it is: the waiting webhook's suffix is empty.
	path: '',
	restartWebhook: true,
	// n8n sends the node's own acknowledgement (an unset value would send the text "firstEntryJson").
	responseMode: 'onReceived',
	responseData: '',
};

/** Keyed with the site's secret key, over the execution ID and the reference. */
const awaitedCheck = (secretKey: string, executionId: string, reference: string): string =>
	createHmac('sha256', secretKey).update(`${executionId}\n${reference}`, 'utf8').digest('hex').slice(0, 32);

export function resumeUrlFor(fn: IExecuteFunctions, secretKey: string, reference: string): string {
	const url = new URL(String(fn.evaluateExpression('{{ $execution.resumeUrl }}', 0)));
	url.searchParams.set('reference', reference);
	url.searchParams.set('check', awaitedCheck(secretKey, fn.getExecutionId(), reference));
	return url.toString();
}

/** Undefined unless the URL's check holds with this secret key. */
export function awaitedReference(fn: IWebhookFunctions, secretKey: string): string | undefined {
	const { reference, check } = fn.getQueryData() as Record<string, unknown>;
	if (typeof reference !== 'string' || typeof check !== 'string' || !secretKey) return undefined;
	return constantTimeEqual(check, awaitedCheck(secretKey, fn.getExecutionId(), reference)) ? reference : undefined;
}

/** What a waiting operation declares; `Found` is the platform's record it reads for a notification; `output` is the item the execution resumes with. */
export interface ResumeDeclaration<Delivery extends { ok: true }, Found> extends Pick<DeliveryDeclaration<Delivery, Found>, 'received' | 'output'> {
	/** Also the awaited reference, from the URL. */
	signature: SignedFields<Delivery>;
	/** Refused as a forgery when defined. */
	notAwaited(delivery: Delivery, found: Found): string | undefined;
	/** Final: the execution resumes with it. */
	final(found: Found): boolean;
}

/** A verified notification holding this execution's turn: the operation reads the record, then `answer` decides. */
export interface ResumeTurn<Delivery, Found> {
	ok: true;
	delivery: Delivery;
	/** Refused, still waiting, or resumed with the record; the turn passes on. */
	answer(looked: { ok: true; found: Found } | Refused): IWebhookResponseData;
	/** A failed read: 503, so the platform sends the notification again; the turn passes on. */
	failed(error: unknown): IWebhookResponseData;
}

/** One per n8n process: the calls for one execution go one at a time. */
const memory = new DeliveryMemory();

/**
 * The signature, then this execution's turn (of copies at once the first decides; once it resumed the execution, the
 * others are acknowledged). Answered here unless the operation is to read the record (its own read keeps the path
 * from the node to the request short; a failure answers 503).
 */
export async function resumeTurn<Delivery extends { ok: true }, Found>(fn: IWebhookFunctions, declaration: ResumeDeclaration<Delivery, Found>): Promise<ResumeTurn<Delivery, Found> | { ok: false; answer: IWebhookResponseData }> {
	let delivery: Delivery | Refused;
	try {
		delivery = await readDelivery(fn, declaration.signature);
	} catch (error) {
		return { ok: false, answer: answerFailure(fn, error) };
	}
	if (!delivery.ok) return { ok: false, answer: answerRefusal(fn, delivery) };
	const verified = delivery;
	const what = declaration.received(verified);
	const claim = await memory.claim(fn.getExecutionId(), 'resume', () => false);
	if (!claim) return { ok: false, answer: acknowledgeDuplicate(what) };
	return {
		ok: true,
		delivery: verified,
		answer: (looked) => {
			let resumed = false;
			try {
				if (!looked.ok) return answerRefusal(fn, looked);
				const other = declaration.notAwaited(verified, looked.found);
				if (other) return answerRefusal(fn, { notVerified: other });
				if (!declaration.final(looked.found)) return acknowledgeStillWaiting(what);
				const item = declaration.output(fn, verified, looked.found);
				resumed = true;
				return acknowledgeAndResume(what, item);
			} catch (error) {
				return answerFailure(fn, error);
			} finally {
				claim.settle(resumed);
			}
		},
		failed: (error) => {
			claim.settle(false);
			return answerFailure(fn, error);
		},
	};
}
