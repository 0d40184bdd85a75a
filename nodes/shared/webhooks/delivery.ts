/**
 * The one path of a delivery through a webhook trigger. Each trigger declares what differs (its signature rule,
 * what names a delivery, its filter, its output, the platform's record it reads); `receiveDelivery` runs the
 * steps in this order:
 *  1. the body as it arrived (reply.ts), refused above 64 KiB (413);
 *  2. the signature rule: a signature over the raw bytes (a header) is checked before the body is read as JSON,
 *     one carried in the body after (400 for a broken rule, 401 when not verified), with the credential kept a
 *     while (credential.ts);
 *  3. without a record to read, the filter, on the delivery itself: one the workflow does not handle is
 *     acknowledged without a run;
 *  4. once per delivery (replay.ts): a delivery that already started a run is acknowledged without a second;
 *  5. with a record to read (lookup), the record, then the filter on it;
 *  6. the acknowledgement and a run with the trigger's output item (n8n sends the acknowledgement when the run is
 *     queued, or after it with Options › Acknowledge Delivery › When the Workflow Has Finished: acknowledge.ts);
 *  7. on the worker, the trigger's `execute()` lets only one run per delivery do the work, whichever process
 *     received it (runGate.ts: the item carries the delivery's run key there).
 * Whatever throws is answered 503, so the platform sends the delivery again (answerFailures).
 */
import type { ICredentialDataDecryptedObject, IDataObject, IWebhookFunctions, IWebhookResponseData } from 'n8n-workflow';

import { checkWithCredential } from './credential';
import { deliveryKey, oncePerDelivery } from './replay';
import {
	acknowledgeAndRun,
	acknowledgeDuplicate,
	acknowledgeUnhandled,
	answerFailures,
	answerRefusal,
	checkBodySize,
	parseJsonBody,
	rawBodyOf,
	type Refused,
} from './reply';

/** A delivery as a trigger's checks accept it (the `ok: true` side of their result). */
type Accepted = { ok: true };

/** A signature the body carries over some of its fields (autopay events, checkout notifications). */
export interface SignedFields<Delivery extends Accepted> {
	covers: 'fields';
	/** The credential whose secret signs the deliveries. */
	credentialType: string;
	/** The body's rules and its signature, with the credential: the delivery, or why it is refused (400, 401). */
	check(body: IDataObject, credentials: ICredentialDataDecryptedObject, fn: IWebhookFunctions): Delivery | Refused;
}

/** A signature in a header over the raw bytes (onboarding notifications): checked before the body is read. */
export interface SignedBytes<Delivery extends Accepted, Signature extends Accepted> {
	covers: 'bytes';
	/** The credential whose secret signs the deliveries. */
	credentialType: string;
	/** False when the node is set not to check signatures: the body is then read unverified. */
	required(fn: IWebhookFunctions): boolean;
	/** The signature of the raw bytes, with the credential: what it says, or why it is refused (401). */
	check(raw: Buffer, credentials: ICredentialDataDecryptedObject, fn: IWebhookFunctions): Signature | Refused;
	/** The body's rules once its bytes are verified (`signature` undefined when not required): 400 when broken. */
	read(body: IDataObject, signature: Signature | undefined): Delivery | Refused;
}

/** What a trigger declares; `Found` is the platform's record it reads for a delivery (none: undefined). */
export interface DeliveryDeclaration<Delivery extends Accepted, Found = undefined> {
	signature: SignedFields<Delivery> | SignedBytes<Delivery, Accepted>;
	/** What names a delivery in its replay record: the platform sends a delivery again exactly as it was. */
	identity(delivery: Delivery): ReadonlyArray<string | number>;
	/** What was received: the words of every acknowledgement. */
	received(delivery: Delivery): string;
	/** The platform's record the delivery names, read once per delivery (a delivery only says what changed). */
	lookup?(fn: IWebhookFunctions, delivery: Delivery): Promise<{ ok: true; found: Found } | Refused>;
	/** The node's filters: false acknowledges the delivery without a run, so the platform does not send it again. */
	wanted(fn: IWebhookFunctions, delivery: Delivery, found: Found): boolean;
	/** The item the run starts with. */
	output(fn: IWebhookFunctions, delivery: Delivery, found: Found): IDataObject;
}

/** Answers a call to a trigger's webhook, by the steps above. */
export async function receiveDelivery<Delivery extends Accepted, Found>(
	fn: IWebhookFunctions,
	declaration: DeliveryDeclaration<Delivery, Found>,
): Promise<IWebhookResponseData> {
	return await answerFailures(fn, async () => {
		const delivery = await readDelivery(fn, declaration.signature);
		if (!delivery.ok) return answerRefusal(fn, delivery);
		const what = declaration.received(delivery);
		const { lookup } = declaration;
		// Nothing to read: the filter judges the delivery itself, and one left out never claims a replay record.
		if (!lookup && !declaration.wanted(fn, delivery, undefined as Found)) return acknowledgeUnhandled(what);
		return await oncePerDelivery(
			fn,
			declaration.identity(delivery),
			() => acknowledgeDuplicate(what),
			async () => {
				let found = undefined as Found;
				if (lookup) {
					const looked = await lookup(fn, delivery);
					if (!looked.ok) return answerRefusal(fn, looked);
					found = looked.found;
					if (!declaration.wanted(fn, delivery, found)) return acknowledgeUnhandled(what);
				}
				const runKey = deliveryKey([fn.getWorkflow().id ?? '', fn.getNode().name, fn.getMode(), ...declaration.identity(delivery)]);
				return acknowledgeAndRun(fn, what, declaration.output(fn, delivery, found), runKey);
			},
		);
	});
}

/** Steps 1 and 2: the delivery the body makes once its signature and rules pass, or why it is refused. */
export async function readDelivery<Delivery extends Accepted>(
	fn: IWebhookFunctions,
	rule: SignedFields<Delivery> | SignedBytes<Delivery, Accepted>,
): Promise<Delivery | Refused> {
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
export function chosenOrAll(chosen: readonly string[], value: string): boolean {
	return chosen.length === 0 || chosen.includes(value);
}
