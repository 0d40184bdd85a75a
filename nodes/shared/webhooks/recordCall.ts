/**
 * The durable record, saved before When Received answers. A run's static data is saved only when the run ends, so
 * another webhook process would not see the record of a delivery whose run is still going; n8n does save static data
 * after a webhook call that starts no run, before answering it. So the run, once it recorded the delivery (runGate.ts),
 * calls its trigger's production URL with a record call signed with the trigger's credential, and answers the platform
 * after that. If the call fails (URL not reachable from the worker), the record is saved when the run ends, and a copy
 * in between starts a run that stops at the gate. A run in the process that received its delivery (regular mode)
 * makes no call: that process's memory answers copies (replay.ts).
 */
import { createHmac, randomUUID } from 'crypto';
import type { ICredentialDataDecryptedObject, IExecuteFunctions, IWebhookFunctions, IWebhookResponseData } from 'n8n-workflow';

import { postToOwnWebhook } from '../transport/request';
import { checkWithCredential } from './credential';
import { rememberRecordCall } from './replay';
import { KEY_LENGTH } from './replayRecords';
import { constantTimeEqual } from './signatures';

/** The record key, and its signature. */
export const RECORD_HEADER = 'x-paysuite-record';
export const RECORD_SIGNATURE_HEADER = 'x-paysuite-record-signature';
/** Well under the platform's 30-s timeout: the answer waits for it. */
const RECORD_CALL_TIMEOUT_MS = 5_000;

/** Tells the run whether it runs where its delivery was received. */
const THIS_PROCESS = randomUUID();

/** What the run needs to make the call (on the receipt); `receivedBy` is the process that received the delivery. */
export type RecordCall = { url: string; credentialType: string; receivedBy: string };

export const recordCallTo = (url: string | undefined, credentialType: string): RecordCall | undefined => (url ? { url, credentialType, receivedBy: THIS_PROCESS } : undefined);

/** HMAC-SHA256 over the workflow, node and key, keyed by the credential's fields. Pure. */
export function recordSignature(credentials: ICredentialDataDecryptedObject, workflowId: string, nodeName: string, key: string): string {
	const secret = JSON.stringify(Object.entries(credentials).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
	return createHmac('sha256', secret).update([workflowId, nodeName, key].join('\u0000'), 'utf8').digest('hex');
}

/** The record key of a record call, or undefined for any other call. */
export function recordCallKey(fn: IWebhookFunctions): string | undefined {
	const key = fn.getHeaderData()[RECORD_HEADER];
	return typeof key === 'string' ? key : undefined;
}

/** The webhook side: a signed call adds the key to the node's static data, which n8n saves before it answers; no run. */
export async function answerRecordCall(fn: IWebhookFunctions, key: string, credentialType: string, refuse: () => IWebhookResponseData): Promise<IWebhookResponseData> {
	const given = fn.getHeaderData()[RECORD_SIGNATURE_HEADER];
	if (fn.getMode() !== 'webhook' || key.length !== KEY_LENGTH || typeof given !== 'string') return refuse();
	const workflowId = fn.getWorkflow().id ?? '';
	const verdict = await checkWithCredential(fn, credentialType, (credentials) => ({ ok: constantTimeEqual(given, recordSignature(credentials, workflowId, fn.getNode().name, key)) }));
	if (!verdict.ok) return refuse();
	rememberRecordCall(fn, key);
	return { webhookResponse: { recorded: true } };
}

/** The run's side: true once a webhook process has saved the record. */
export async function sendRecordCall(fn: IExecuteFunctions, call: RecordCall, key: string): Promise<boolean> {
	if (call.receivedBy === THIS_PROCESS) return false;
	try {
		const credentials = await fn.getCredentials(call.credentialType);
		const signature = recordSignature(credentials, fn.getWorkflow().id ?? '', fn.getNode().name, key);
		await postToOwnWebhook(fn, call.url, { [RECORD_HEADER]: key, [RECORD_SIGNATURE_HEADER]: signature }, RECORD_CALL_TIMEOUT_MS);
		return true;
	} catch (error) {
		fn.logger?.warn(`${fn.getNode().name} could not save its record of a delivery before answering (it is saved when the run ends): ${(error as Error)?.message ?? String(error)}`);
		return false;
	}
}
