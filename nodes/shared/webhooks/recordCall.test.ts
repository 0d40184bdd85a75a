import type { IDataObject, ICredentialDataDecryptedObject, IExecuteFunctions, IHttpRequestOptions, IWebhookFunctions } from 'n8n-workflow';

import { answerRecordCall, RECORD_HEADER, RECORD_SIGNATURE_HEADER, type RecordCall, recordCallKey, recordCallTo, recordSignature, sendRecordCall } from './recordCall';
import { hasRecord, RECORDS_KEY } from './replayRecords';

const CREDENTIALS = { login: 'site-1', secretKey: 'key-1' } as ICredentialDataDecryptedObject;
const DELIVERY_HASH = 'A'.repeat(16);

/** A webhook call with these headers; the node's static data is `store`. */
function recordCall(headers: IDataObject, mode = 'webhook') {
	const store: IDataObject = {};
	const fn = {
		getHeaderData: () => headers,
		getMode: () => mode,
		getWorkflow: () => ({ id: 'wf-1' }),
		getNode: () => ({ name: 'Trigger', credentials: { paySuiteApi: { id: 'cred-1', name: 'c' } } }),
		getCredentials: async () => CREDENTIALS,
		getWorkflowStaticData: () => store,
		logger: { debug: () => undefined },
	} as unknown as IWebhookFunctions;
	return { fn, store };
}

const refused = { noWebhookResponse: true as const };

describe('record calls', () => {
	it('signs with every field of the credential, in any order, and the workflow, node and key', () => {
		const signature = recordSignature(CREDENTIALS, 'wf-1', 'Trigger', DELIVERY_HASH);
		expect(recordSignature({ secretKey: 'key-1', login: 'site-1' }, 'wf-1', 'Trigger', DELIVERY_HASH)).toBe(signature);
		expect(recordSignature({ ...CREDENTIALS, secretKey: 'key-2' }, 'wf-1', 'Trigger', DELIVERY_HASH)).not.toBe(signature);
		expect(recordSignature(CREDENTIALS, 'wf-2', 'Trigger', DELIVERY_HASH)).not.toBe(signature);
		expect(recordSignature(CREDENTIALS, 'wf-1', 'Other', DELIVERY_HASH)).not.toBe(signature);
		expect(recordSignature(CREDENTIALS, 'wf-1', 'Trigger', 'BBBBBBBBBBBBBBBB')).not.toBe(signature);
	});

	it('is told apart from a delivery by its header', () => {
		expect(recordCallKey(recordCall({ [RECORD_HEADER]: DELIVERY_HASH }).fn)).toBe(DELIVERY_HASH);
		expect(recordCallKey(recordCall({ 'content-type': 'application/json' }).fn)).toBeUndefined();
	});

	it('a signed call records the key in the static data; no run', async () => {
		const { fn, store } = recordCall({ [RECORD_HEADER]: DELIVERY_HASH, [RECORD_SIGNATURE_HEADER]: recordSignature(CREDENTIALS, 'wf-1', 'Trigger', DELIVERY_HASH) });
		expect(await answerRecordCall(fn, DELIVERY_HASH, 'paySuiteApi', () => refused)).toEqual({ webhookResponse: { recorded: true } });
		expect(hasRecord(store[RECORDS_KEY] as Record<string, string>, DELIVERY_HASH)).toBe(true);
	});

	it.each([
		['a signature by another credential', { [RECORD_SIGNATURE_HEADER]: recordSignature({ secretKey: 'other' }, 'wf-1', 'Trigger', DELIVERY_HASH) }, 'webhook'],
		['no signature', {}, 'webhook'],
		['the test URL', { [RECORD_SIGNATURE_HEADER]: recordSignature(CREDENTIALS, 'wf-1', 'Trigger', DELIVERY_HASH) }, 'manual'],
	])('%s: refused, nothing recorded', async (_what, headers, mode) => {
		const { fn, store } = recordCall({ [RECORD_HEADER]: DELIVERY_HASH, ...headers }, mode);
		expect(await answerRecordCall(fn, DELIVERY_HASH, 'paySuiteApi', () => refused)).toBe(refused);
		expect(store).toEqual({});
	});

	it('a key of another length: refused', async () => {
		const { fn, store } = recordCall({ [RECORD_HEADER]: 'short', [RECORD_SIGNATURE_HEADER]: recordSignature(CREDENTIALS, 'wf-1', 'Trigger', 'short') });
		expect(await answerRecordCall(fn, 'short', 'paySuiteApi', () => refused)).toBe(refused);
		expect(store).toEqual({});
	});
});

describe('sendRecordCall', () => {
	/** A run whose HTTP helper records what it is asked, and fails when `fails`. */
	function run(fails: boolean) {
		const sent: IHttpRequestOptions[] = [];
		const warned: string[] = [];
		const fn = {
			getCredentials: async () => CREDENTIALS,
			getWorkflow: () => ({ id: 'wf-1' }),
			getNode: () => ({ name: 'Trigger' }),
			helpers: {
				httpRequest: async (options: IHttpRequestOptions) => {
					sent.push(options);
					if (fails) throw new Error('connect ECONNREFUSED 127.0.0.1:443');
					return { recorded: true };
				},
			},
			logger: { warn: (message: string) => warned.push(message) },
		} as unknown as IExecuteFunctions;
		return { fn, sent, warned };
	}

	const TRIGGER_URL = 'https://n8n.example.com/webhook/x/autopay';
	/** As another process (a webhook process) put it on the receipt. */
	const fromElsewhere: RecordCall = { url: TRIGGER_URL, credentialType: 'paySuiteApi', receivedBy: 'another process' };

	it("posts the key, signed with the trigger's credential, to the production URL", async () => {
		const { fn, sent, warned } = run(false);
		expect(await sendRecordCall(fn, fromElsewhere, DELIVERY_HASH)).toBe(true);
		expect(sent).toEqual([
			expect.objectContaining({
				method: 'POST',
				url: TRIGGER_URL,
				headers: { [RECORD_HEADER]: DELIVERY_HASH, [RECORD_SIGNATURE_HEADER]: recordSignature(CREDENTIALS, 'wf-1', 'Trigger', DELIVERY_HASH) },
			}),
		]);
		expect(warned).toEqual([]);
	});

	it('a URL the worker cannot reach: false, and a warning saying the record is saved when the run ends', async () => {
		const { fn, warned } = run(true);
		expect(await sendRecordCall(fn, fromElsewhere, DELIVERY_HASH)).toBe(false);
		expect(warned).toEqual([expect.stringContaining('it is saved when the run ends')]);
	});

	it('a run in the process that received the delivery (regular mode): no call, its memory answers copies', async () => {
		const { fn, sent } = run(false);
		expect(await sendRecordCall(fn, recordCallTo(TRIGGER_URL, 'paySuiteApi')!, DELIVERY_HASH)).toBe(false);
		expect(sent).toEqual([]);
	});

	it('no production URL (the test URL): nothing to call', () => {
		expect(recordCallTo(undefined, 'paySuiteApi')).toBeUndefined();
	});
});
