/**
 * An execution that waits for the platform's notification (Create and Wait for Payment): the URL it gives the
 * platform, and the one path of a notification that arrives there.
 *
 * The URL is n8n's own resume URL of the execution (`$execution.resumeUrl`, which carries n8n's resume token from
 * n8n 2.x) with two parameters of ours: the reference of the record the execution waits for, and a check of it
 * (HMAC-SHA256 with the site's secret key over the execution ID and the reference), so that whoever holds the URL
 * cannot make the execution take a notification of another record. n8n calls the node's `webhook()` (its webhook
 * description has `restartWebhook: true`) only while the execution waits and only on the last node it ran; it
 * answers a finished or running execution itself (409), so a notification resumes it at most once.
 *
 * `receiveResume` runs, in this order: the body and its signature (delivery.ts: 400, 401); one call of this process
 * at a time per execution (replay.ts's memory: a copy arriving meanwhile waits for the first one's outcome); the
 * record, read from the platform (a failed read answers 503, the platform sends again); the record must be the
 * awaited one (else 401, as a forgery); then, when the record is final, the acknowledgement and the resumed item;
 * otherwise only the acknowledgement, and the execution keeps waiting.
 */
import { createHmac } from 'crypto';
import type { IDataObject, IExecuteFunctions, IWebhookDescription, IWebhookFunctions, IWebhookResponseData } from 'n8n-workflow';

import { readDelivery, type SignedFields } from './delivery';
import { DeliveryMemory } from './replay';
import { acknowledgeAndResume, acknowledgeDuplicate, acknowledgeStillWaiting, answerFailures, answerRefusal, type Refused } from './reply';
import { constantTimeEqual } from './signatures';

/** The webhook n8n calls on a waiting execution's resume URL: the node's, whatever its operation. */
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

/** The resume URL's parameters of ours: the awaited record's reference, and its check. */
const AWAITED_PARAMETERS = { reference: 'reference', check: 'check' } as const;

/** The check of an awaited reference: hex HMAC-SHA256 of the execution ID and the reference with the site's secret key. */
function awaitedCheck(secretKey: string, executionId: string, reference: string): string {
	return createHmac('sha256', secretKey).update(`${executionId}\n${reference}`, 'utf8').digest('hex').slice(0, 32);
}

/** This execution's resume URL, with the reference it waits for and its check. */
export function resumeUrlFor(fn: IExecuteFunctions, secretKey: string, reference: string): string {
	const url = new URL(String(fn.evaluateExpression('{{ $execution.resumeUrl }}', 0)));
	url.searchParams.set(AWAITED_PARAMETERS.reference, reference);
	url.searchParams.set(AWAITED_PARAMETERS.check, awaitedCheck(secretKey, fn.getExecutionId(), reference));
	return url.toString();
}

/** The reference the resume URL names, when its check holds with this secret key; undefined otherwise. */
export function awaitedReference(fn: IWebhookFunctions, secretKey: string): string | undefined {
	const query = fn.getQueryData() as Record<string, unknown>;
	const reference = query[AWAITED_PARAMETERS.reference];
	const check = query[AWAITED_PARAMETERS.check];
	if (typeof reference !== 'string' || typeof check !== 'string' || !secretKey) return undefined;
	return constantTimeEqual(check, awaitedCheck(secretKey, fn.getExecutionId(), reference)) ? reference : undefined;
}

/** What a waiting operation declares; `Found` is the platform's record it reads for a notification. */
export interface ResumeDeclaration<Delivery extends { ok: true }, Found> {
	/** The body's rules and its signature, with the credential; also the awaited reference, from the URL. */
	signature: SignedFields<Delivery>;
	/** What was received: the words of every acknowledgement. */
	received(delivery: Delivery): string;
	/** The record the notification names, read from the platform. */
	lookup(fn: IWebhookFunctions, delivery: Delivery): Promise<{ ok: true; found: Found } | Refused>;
	/** Why the record is not the one this execution waits for (refused as a forgery), or undefined. */
	notAwaited(delivery: Delivery, found: Found): string | undefined;
	/** Whether the record is final: the execution resumes with it. */
	final(found: Found): boolean;
	/** The item the execution resumes with. */
	output(fn: IWebhookFunctions, delivery: Delivery, found: Found): IDataObject;
}

/** One per n8n process: the calls for one execution go one at a time. */
const memory = new DeliveryMemory();

/** Answers a call to a waiting execution's resume URL, by the steps above. */
export async function receiveResume<Delivery extends { ok: true }, Found>(
	fn: IWebhookFunctions,
	declaration: ResumeDeclaration<Delivery, Found>,
): Promise<IWebhookResponseData> {
	return await answerFailures(fn, async () => {
		const delivery = await readDelivery(fn, declaration.signature);
		if (!delivery.ok) return answerRefusal(fn, delivery);
		const what = declaration.received(delivery);
		// Copies at once: the first one decides; once it resumed the execution, the others are acknowledged.
		const claim = await memory.claim(fn.getExecutionId(), 'resume', () => false);
		if (!claim) return acknowledgeDuplicate(what);
		let resumed = false;
		try {
			const looked = await declaration.lookup(fn, delivery);
			if (!looked.ok) return answerRefusal(fn, looked);
			const other = declaration.notAwaited(delivery, looked.found);
			if (other) return answerRefusal(fn, { notVerified: other });
			if (!declaration.final(looked.found)) return acknowledgeStillWaiting(what);
			resumed = true;
			return acknowledgeAndResume(what, declaration.output(fn, delivery, looked.found));
		} finally {
			claim.settle(resumed);
		}
	});
}
