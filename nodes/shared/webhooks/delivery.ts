/**
 * The one path of a delivery through a webhook trigger; each trigger declares what differs. receiveDelivery's steps:
 * 1. the raw body (reply.ts), refused above 64 KiB;
 * 2. the signature: one over the raw bytes (a header) is checked before the body is parsed, one in the body after;
 *    the credential is kept a while (credential.ts);
 * 3. without a lookup, the filter on the delivery: one left out is acknowledged without a run;
 * 4. once per delivery (replay.ts);
 * 5. with a lookup, the platform's record, then the filter on it;
 * 6. the acknowledgement and a run (acknowledge.ts says when n8n answers);
 * 7. on the worker, one run per delivery does the work (runGate.ts).
 * Whatever throws is answered 503, so the platform sends the delivery again (answerFailures).
 */
import type { ICredentialDataDecryptedObject, IDataObject, IWebhookFunctions, IWebhookResponseData } from 'n8n-workflow';

import { checkWithCredential } from './credential';
import { answerRecordCall, recordCallKey, recordCallTo } from './recordCall';
import { deliveryKey, oncePerDelivery } from './replay';
import { acknowledgeAndRun, acknowledgeDuplicate, acknowledgeUnhandled, answerFailures, answerRefusal, checkBodySize, parseJsonBody, rawBodyOf, refuseNotVerified, type Refused } from './reply';

/** The `ok: true` side of a trigger's checks. */
type Accepted = { ok: true };

/** A signature the body carries over some of its fields (autopay events, checkout notifications). */
export interface SignedFields<Delivery extends Accepted> {
	covers: 'fields';
	/** The credential whose secret signs the deliveries. */
	credentialType: string;
	/** The delivery, or why it is refused (400, 401). */
	check(body: IDataObject, credentials: ICredentialDataDecryptedObject, fn: IWebhookFunctions): Delivery | Refused;
}

/** A signature in a header over the raw bytes (onboarding notifications): checked before the body is read. */
export interface SignedBytes<Delivery extends Accepted, Signature extends Accepted> {
	covers: 'bytes';
	/** The credential whose secret signs the deliveries. */
	credentialType: string;
	/** False when the node is set not to check signatures: the body is then read unverified. */
	required(fn: IWebhookFunctions): boolean;
	/** What the signature says, or why it is refused (401). */
	check(raw: Buffer, credentials: ICredentialDataDecryptedObject, fn: IWebhookFunctions): Signature | Refused;
	/** `signature` is undefined when not required; 400 when a rule breaks. */
	read(body: IDataObject, signature: Signature | undefined): Delivery | Refused;
}

/** What a trigger declares; `Found` is the platform's record it reads for a delivery (none: undefined). */
export interface DeliveryDeclaration<Delivery extends Accepted, Found = undefined> {
	signature: SignedFields<Delivery> | SignedBytes<Delivery, Accepted>;
	/** The platform sends a delivery again exactly as it was. */
	identity(delivery: Delivery): ReadonlyArray<string | number>;
	/** The words of every acknowledgement. */
	received(delivery: Delivery): string;
	/** Read once per delivery: a delivery only says what changed. */
	lookup?(fn: IWebhookFunctions, delivery: Delivery): Promise<{ ok: true; found: Found } | Refused>;
	/** False acknowledges without a run, so the platform does not send it again. */
	wanted(fn: IWebhookFunctions, delivery: Delivery, found: Found): boolean;
	/** The item the run starts with. */
	output(fn: IWebhookFunctions, delivery: Delivery, found: Found): IDataObject;
}

/** By the steps above. */
export async function receiveDelivery<Delivery extends Accepted, Found>(fn: IWebhookFunctions, declaration: DeliveryDeclaration<Delivery, Found>): Promise<IWebhookResponseData> {
	return await answerFailures(fn, async () => {
		const { credentialType } = declaration.signature;
		const recorded = recordCallKey(fn);
		if (recorded !== undefined) return await answerRecordCall(fn, recorded, credentialType, () => refuseNotVerified(fn, 'a record call not signed with this credential'));
		const delivery = await readDelivery(fn, declaration.signature);
		if (!delivery.ok) return answerRefusal(fn, delivery);
		const what = declaration.received(delivery);
		const { lookup } = declaration;
		// A delivery the filter leaves out never claims a replay record.
		if (!lookup && !declaration.wanted(fn, delivery, undefined as Found)) return acknowledgeUnhandled(what);
		return await oncePerDelivery(fn, declaration.identity(delivery), () => acknowledgeDuplicate(what), async () => {
			let found = undefined as Found;
			if (lookup) {
				const looked = await lookup(fn, delivery);
				if (!looked.ok) return answerRefusal(fn, looked);
				found = looked.found;
				if (!declaration.wanted(fn, delivery, found)) return acknowledgeUnhandled(what);
			}
			const identity = declaration.identity(delivery);
			const runKey = deliveryKey([fn.getWorkflow().id ?? '', fn.getNode().name, fn.getMode(), ...identity]);
			const record = recordCallTo(fn.getMode() === 'webhook' ? fn.getNodeWebhookUrl('default') : undefined, credentialType);
			return acknowledgeAndRun(fn, what, declaration.output(fn, delivery, found), { runKey, replayKey: deliveryKey(identity), record });
		});
	});
}

/** Steps 1 and 2. */
export async function readDelivery<Delivery extends Accepted>(fn: IWebhookFunctions, rule: SignedFields<Delivery> | SignedBytes<Delivery, Accepted>): Promise<Delivery | Refused> {
	const raw = await rawBodyOf(fn);
	if (rule.covers === 'fields') {
		const parsed = parseJsonBody(raw);
		if (!parsed.ok) return parsed;
		return await checkWithCredential(fn, rule.credentialType, (credentials) => rule.check(parsed.body, credentials, fn));
	}
	const tooLarge = checkBodySize(raw);
	if (tooLarge) return { ok: false, ...tooLarge };
	let signature: Accepted | undefined;
	if (rule.required(fn)) {
		const verdict = await checkWithCredential(fn, rule.credentialType, (credentials) => rule.check(raw, credentials, fn));
		if (!verdict.ok) return verdict;
		signature = verdict;
	}
	const parsed = parseJsonBody(raw);
	if (!parsed.ok) return parsed;
	return rule.read(parsed.body, signature);
}

/** A multi-options filter of the node: an empty choice takes every value. */
export const chosenOrAll = (chosen: readonly string[], value: string): boolean => chosen.length === 0 || chosen.includes(value);
