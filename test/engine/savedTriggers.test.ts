/**
 * The trigger fixtures of versions older than the default (test/fixtures/saved/*-trigger-v1.json), served with
 * their saved parameters at their saved version as n8n's webhook server would: each keeps its filters (a
 * delivery it filters out runs nothing), outputs what it output (the structure of the item, recorded in
 * `<fixture>.sent.json` with the queries it made to the platform; the values are the sandbox's of the day), and
 * queries the platform as it did. Recorded with `RECORD_SAVED_REQUESTS=1 npx jest test/engine/savedTriggers.test.ts`.
 */
/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- runs in Node, not in n8n: eslint.dev.config.mjs lints it */
import { existsSync, readFileSync, writeFileSync } from 'fs';
import { join } from 'path';
import type { IDataObject, INode } from 'n8n-workflow';

import type { TestCredentials } from '../helpers/engine';
import { apiCallsOf, onboardingApi, paySuiteApi, withoutAuth, withSandbox } from '../helpers/sandbox';
import { packageNodesOf, SAVED_FIXTURES, savedWorkflows } from '../helpers/savedWorkflows';
import { platformRecords } from './triggerFixtures';
import { startTriggerServer, type TriggerServer } from './triggerHarness';
import { expectAcknowledged, webhookCalls } from './webhookCalls';

const sandbox = withSandbox({ processPendingPolls: 0, retryAfterSeconds: 0 });
const { post, fire } = webhookCalls(sandbox);
const { paidSession, merchantBody } = platformRecords(sandbox);

const fixture = (name: string) => {
	const workflow = savedWorkflows().find((saved) => saved.file === `test/fixtures/saved/${name}`)!;
	return packageNodesOf(workflow)[0];
};

/** A value's structure: each key with the type of its value, lists by their first entry. */
function structure(value: unknown): unknown {
	if (Array.isArray(value)) return value.length ? [structure(value[0])] : [];
	if (value && typeof value === 'object') {
		return Object.fromEntries(Object.keys(value).sort().map((key) => [key, structure((value as IDataObject)[key])]));
	}
	return value === null ? 'null' : typeof value;
}

/** Serves the saved trigger, runs `deliver`, and compares what it output and queried with the recording. */
async function runSaved(file: string, credentials: TestCredentials, deliver: (trigger: TriggerServer) => Promise<void>) {
	const node = fixture(file) as INode & { shortType: string };
	const trigger = await startTriggerServer({ type: node.shortType, parameters: node.parameters, credentials, typeVersion: node.typeVersion });
	try {
		await deliver(trigger);
		expect(trigger.calls.filter((call) => call.error).map((call) => call.error!.message)).toEqual([]);
		expect(trigger.runs()).toHaveLength(1);
		const output = trigger.output(trigger.runs()[0], 'Received').map((item) => structure(item.json));
		const queries = apiCallsOf(sandbox)
			.filter((entry) => !entry.headers['x-test-setup'])
			.map((entry) => ({ method: entry.method, path: entry.path.replace(/[0-9a-f]{8}-[0-9a-f-]{27}|\d+/g, '#'), body: entry.body?.auth ? withoutAuth(entry.body) : entry.body }));
		expect({ output, queries }).toEqual(recorded(file, { output, queries }));
	} finally {
		await trigger.stop();
	}
}

function recorded(file: string, now: IDataObject): IDataObject {
	const path = join(SAVED_FIXTURES, file.replace(/\.json$/, '.sent.json'));
	// Recorded once: a record is never replaced (test/package/frozenRecords.test.ts).
	if (process.env.RECORD_SAVED_REQUESTS === '1' && !existsSync(path)) writeFileSync(path, `${JSON.stringify(now, null, '\t')}\n`);
	if (!existsSync(path)) throw new Error(`${path} is missing: record it with RECORD_SAVED_REQUESTS=1`);
	return JSON.parse(readFileSync(path, 'utf8')) as IDataObject;
}

describe('triggers saved with an older version run as they did', () => {
	it('Autopay Trigger v1: only the event it listens to runs, with the full delivery', () =>
		runSaved('autopay-trigger-v1.json', paySuiteApi(sandbox), async (trigger) => {
			const created = await fire(trigger, 'autopay', { type: 'AUTOPAY_CREATED', reference: 'SUB-0001' });
			expectAcknowledged(created, 'Event AUTOPAY_CREATED received; this workflow does not handle it');
			expect(trigger.runs()).toHaveLength(0);
			sandbox.clearLedger();
			const failed = await fire(trigger, 'autopay', { type: 'AUTOPAY_TRANSACTION_FAILED', reference: 'SUB-0042', additional: { amount: 10 } });
			expectAcknowledged(failed, 'Event AUTOPAY_TRANSACTION_FAILED received');
		}));

	it('Checkout Trigger v1: an approved session runs with the session the platform reports', () =>
		runSaved('checkout-trigger-v1.json', paySuiteApi(sandbox), async (trigger) => {
			const approved = await paidSession('ORDER-V1-TRIGGER');
			sandbox.clearLedger();
			expectAcknowledged(await fire(trigger, 'checkout', { requestId: approved }), `Notification of session ${approved} received`);
		}));

	it('Onboarding Trigger v1: a failed registration runs, unverified as saved; a succeeded one does not', () =>
		runSaved('onboarding-trigger-v1.json', onboardingApi(sandbox), async (trigger) => {
			const register = async (body: IDataObject, key: string) => {
				const answer = await post('/api/merchants', body, { authorization: `Bearer ${sandbox.credentials.accessToken}`, 'idempotency-key': key, 'x-test-setup': '1' });
				expect(answer.status).toBe(202);
				const processId = answer.json.processId as string;
				await fetch(`${sandbox.url}/api/processes/${processId}`, { headers: { authorization: `Bearer ${sandbox.credentials.accessToken}`, 'x-test-setup': '1' } });
				return processId;
			};
			const succeeded = await register(merchantBody(), 'saved-trigger-key-1-0123456789');
			expectAcknowledged(await fire(trigger, 'onboarding', { processId: succeeded }), 'Process result received; this workflow does not handle it');
			expect(trigger.runs()).toHaveLength(0);
			const failed = await register(merchantBody({ mcc: '0000' }), 'saved-trigger-key-2-0123456789');
			sandbox.clearLedger();
			expectAcknowledged(await fire(trigger, 'onboarding', { processId: failed }), 'Process result received');
		}));
});
