import type { IDataObject, IWebhookFunctions } from 'n8n-workflow';

import { chosenOrAll, receiveDelivery, type DeliveryDeclaration, type SignedBytes, type SignedFields } from './delivery';
import { MAX_BODY_BYTES } from './reply';
import { deliveryKey } from './replay';
import { RECEIPT_FIELD, RUN_KEY_FIELD } from './runGate';

let workflows = 0;

/**
 * Just enough of IWebhookFunctions for the pipeline: a body, a credential, static data, a response to write.
 * Each call is another workflow's, so that replay records (kept in this process's memory too) stay apart.
 */
function webhookCall(body: string, parameters: IDataObject = {}) {
	const workflowId = `wf-${++workflows}`;
	const written: { status?: number; headers?: Record<string, string>; body?: string } = {};
	const logged: Array<[string, string]> = [];
	const staticData: IDataObject = {};
	const fn = {
		getRequestObject: () => ({ rawBody: Buffer.from(body, 'utf8') }),
		getBodyData: () => ({}),
		getHeaderData: () => ({}),
		getCredentials: async () => ({ secret: 's3cret' }),
		getMode: () => 'manual',
		getNode: () => ({ name: 'Trigger' }),
		getWorkflow: () => ({ id: workflowId }),
		getWorkflowStaticData: () => staticData,
		getNodeParameter: (name: string, fallback: unknown) => parameters[name] ?? fallback,
		getResponseObject: () => ({
			headersSent: false,
			writeHead: (status: number, headers: Record<string, string>) => Object.assign(written, { status, headers }),
			end: (text: string) => Object.assign(written, { body: text }),
		}),
		logger: { warn: (message: string) => logged.push(['warn', message]), debug: (message: string) => logged.push(['debug', message]) },
		helpers: { returnJsonArray: (items: object[]) => items.map((json) => ({ json })) },
	} as unknown as IWebhookFunctions;
	const answer = () => ({ httpStatus: written.status, ...(JSON.parse(written.body ?? '{}') as { status?: IDataObject }).status });
	return { fn, written, answer, logged, staticData };
}

type Event = { ok: true; id: string; kind: string };

/** A body signed with a field `sig` equal to the credential's secret. */
const signedFields: SignedFields<Event> = {
	covers: 'fields',
	credentialType: 'testApi',
	check: (body, credentials) => {
		if (typeof body.id !== 'string') return { ok: false, httpStatus: 400, message: 'Missing field: id' };
		if (body.sig !== credentials.secret) return { ok: false, httpStatus: 401, message: 'Not signed' };
		return { ok: true, id: body.id, kind: String(body.kind) };
	},
};

const eventDelivery: DeliveryDeclaration<Event> = {
	signature: signedFields,
	identity: (event) => [event.id],
	received: (event) => `Event ${event.id} received`,
	wanted: (fn, event) => chosenOrAll(fn.getNodeParameter('kinds', []) as string[], event.kind),
	output: (_fn, event) => ({ id: event.id }),
};

const ackMessage = (result: { webhookResponse?: unknown }) => (result.webhookResponse as { status: IDataObject }).status.message;

describe('receiveDelivery with a signature in the body', () => {
	it('refuses a body that is not JSON with 400 before the signature is looked at', async () => {
		const call = webhookCall('a=1');
		expect(await receiveDelivery(call.fn, eventDelivery)).toEqual({ noWebhookResponse: true });
		expect(call.answer()).toMatchObject({ httpStatus: 400, reason: 'XN', message: 'The body is not a JSON object' });
	});

	it("refuses what the rule refuses, with the rule's status and words", async () => {
		const call = webhookCall('{"id":"e1","sig":"forged"}');
		await receiveDelivery(call.fn, eventDelivery);
		expect(call.answer()).toMatchObject({ httpStatus: 401, reason: 'XS', message: 'Not signed' });
	});

	it('acknowledges and runs once with the output item; the same delivery again is acknowledged without a run', async () => {
		const call = webhookCall('{"id":"e1","sig":"s3cret","kind":"a"}');
		const first = await receiveDelivery(call.fn, eventDelivery);
		expect(ackMessage(first)).toBe('Event e1 received');
		// The item carries the run key of this workflow's trigger and delivery to the run's gate (runGate.ts), with the
		// answers it sends once the run is recorded (When Received) and the durable record's key.
		const workflowId = call.fn.getWorkflow().id;
		expect(first.workflowData).toEqual([[{ json: { id: 'e1' }, [RUN_KEY_FIELD]: deliveryKey([workflowId!, 'Trigger', 'manual', 'e1']), [RECEIPT_FIELD]: expect.any(String) }]]);
		const receipt = JSON.parse(first.workflowData![0][0][RECEIPT_FIELD] as string);
		expect(receipt).toEqual({
			received: first.webhookResponse,
			unavailable: { status: expect.objectContaining({ status: 'FAILED', reason: 'XU' }) },
			replayKey: deliveryKey(['e1']),
		});
		const again = await receiveDelivery(call.fn, eventDelivery);
		expect(ackMessage(again)).toBe('Event e1 received; already received, the workflow does not run again');
		expect(again.workflowData).toBeUndefined();
	});

	it('acknowledges a delivery the filter leaves out without a run and without a replay record', async () => {
		const call = webhookCall('{"id":"e1","sig":"s3cret","kind":"a"}', { kinds: ['b'] });
		const result = await receiveDelivery(call.fn, eventDelivery);
		expect(ackMessage(result)).toBe('Event e1 received; this workflow does not handle it');
		expect(result.workflowData).toBeUndefined();
		expect(call.staticData).toEqual({});
	});

	it('answers 503 when a step throws, so the platform sends the delivery again', async () => {
		const call = webhookCall('{"id":"e1","sig":"s3cret"}');
		await receiveDelivery(call.fn, { ...eventDelivery, output: () => { throw new Error('broken'); } });
		expect(call.answer()).toMatchObject({ httpStatus: 503, reason: 'XU' });
		expect(call.logged).toEqual([['warn', 'Trigger could not handle a notification and answered 503: broken']]);
	});
});

type Named = { ok: true; name: string; verified: boolean };

/** A header-like signature: the raw bytes must start with the secret. */
const signedBytes: SignedBytes<Named, { ok: true }> = {
	covers: 'bytes',
	credentialType: 'testApi',
	required: (fn) => fn.getNodeParameter('verify', true) as boolean,
	check: (raw, credentials) =>
		raw.toString().startsWith(String(credentials.secret)) ? { ok: true } : { ok: false, notVerified: 'wrong prefix', warning: 'check the secret' },
	read: (body, signature) =>
		typeof body.name === 'string' ? { ok: true, name: body.name, verified: signature !== undefined } : { ok: false, httpStatus: 400, message: 'No name' },
};

/** What the lookup finds by name; `pending` is not final yet. */
const records: Record<string, IDataObject> = { paid: { name: 'paid', state: 'PAID' }, failed: { name: 'failed', state: 'FAILED' } };

function namedDelivery(lookups: string[]): DeliveryDeclaration<Named, IDataObject> {
	return {
		signature: signedBytes,
		identity: (named) => [named.name],
		received: (named) => `Record ${named.name} received`,
		lookup: async (_fn, { name }) => {
			lookups.push(name);
			if (name === 'pending') return { ok: false, notReady: 'Not final yet', retryAfterSeconds: 2.5 };
			return { ok: true, found: records[name] };
		},
		wanted: (fn, _named, found) => chosenOrAll(fn.getNodeParameter('states', []) as string[], String(found.state)),
		output: (_fn, named, found) => ({ ...found, verified: named.verified }),
	};
}

describe('receiveDelivery with a signature over the raw bytes, and a record to read', () => {
	it('checks the signature before reading the body: a forged call that is not JSON gets 401, with the warning logged', async () => {
		const call = webhookCall('forged');
		await receiveDelivery(call.fn, namedDelivery([]));
		expect(call.answer()).toMatchObject({ httpStatus: 401, reason: 'XS', message: 'The notification could not be verified' });
		expect(call.logged).toEqual([
			['warn', 'Trigger refused a notification: check the secret'],
			['debug', 'Trigger refused a notification: wrong prefix'],
		]);
	});

	it('refuses a body above the size limit with 413 before the signature', async () => {
		const call = webhookCall(`s3cret${'x'.repeat(MAX_BODY_BYTES)}`);
		await receiveDelivery(call.fn, namedDelivery([]));
		expect(call.answer()).toMatchObject({ httpStatus: 413, reason: 'XN' });
	});

	it('reads the body once its bytes are verified, and without a check when the node turns it off', async () => {
		const verified = webhookCall('s3cret');
		await receiveDelivery(verified.fn, namedDelivery([]));
		expect(verified.answer()).toMatchObject({ httpStatus: 400, message: 'The body is not a JSON object' });
		const unverified = await receiveDelivery(webhookCall('{"name":"paid"}', { verify: false }).fn, namedDelivery([]));
		expect(unverified.workflowData).toEqual([[{ json: { name: 'paid', state: 'PAID', verified: false }, [RUN_KEY_FIELD]: expect.any(String), [RECEIPT_FIELD]: expect.any(String) }]]);
	});

	it('reads the record once per delivery, filters on it, and answers its refusal', async () => {
		const lookups: string[] = [];
		const call = webhookCall('{"name":"paid"}', { verify: false, states: ['PAID'] });
		expect((await receiveDelivery(call.fn, namedDelivery(lookups))).workflowData).toHaveLength(1);
		expect(ackMessage(await receiveDelivery(call.fn, namedDelivery(lookups)))).toBe('Record paid received; already received, the workflow does not run again');
		expect(lookups).toEqual(['paid']);

		const failed = await receiveDelivery(webhookCall('{"name":"failed"}', { verify: false, states: ['PAID'] }).fn, namedDelivery(lookups));
		expect(ackMessage(failed)).toBe('Record failed received; this workflow does not handle it');

		const pending = webhookCall('{"name":"pending"}', { verify: false });
		await receiveDelivery(pending.fn, namedDelivery(lookups));
		expect(pending.answer()).toMatchObject({ httpStatus: 503, reason: 'XP', message: 'Not final yet' });
		expect(pending.written.headers?.['retry-after']).toBe('3');
	});
});

describe('chosenOrAll', () => {
	it('takes every value when nothing is chosen, else the chosen ones only', () => {
		expect(chosenOrAll([], 'a')).toBe(true);
		expect(chosenOrAll(['a', 'b'], 'b')).toBe(true);
		expect(chosenOrAll(['a'], 'b')).toBe(false);
	});
});
