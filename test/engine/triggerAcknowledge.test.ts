/**
 * Options › Acknowledge Delivery of the three webhook triggers, with n8n's own code: n8n-workflow reads the webhook
 * description's `responseMode` and `responseData` (natively through their resolvers, or by the expression engine
 * when a parameter holds an expression), and the triggers are served over real HTTP by n8n-core's WebhookContext and
 * WorkflowExecute (triggerHarness.ts, which answers `onReceived` and `lastNode` calls as n8n 2.40.7 does), fed by
 * the sandbox's senders or by the same bytes again, as the platform's retry sends them.
 */
/* eslint-disable @n8n/community-nodes/no-restricted-globals -- runs in Node, not in n8n: eslint.dev.config.mjs lints it */
import { REPLAY_WINDOW } from '../../nodes/shared/webhooks/replay';
import { recordedKeys } from '../helpers/replayRecords';
import { resolveWebhookDescriptionField, Workflow, type INode, type INodeParameters, type IWebhookDescription } from 'n8n-workflow';

import { nodeTypesRegistry } from '../helpers/engine';
import { packageNodeTypes } from '../helpers/nodeTypes';
import { onboardingApi, paySuiteApi, withSandbox } from '../helpers/sandbox';
import { platformRecords } from './triggerFixtures';
import { startTriggerServer, type TriggerServer, type TriggerServerOptions } from './triggerHarness';
import { expectAcknowledged, webhookCalls, type Answer } from './webhookCalls';

const sandbox = withSandbox({ processPendingPolls: 0, retryAfterSeconds: 0 });
const { fire, postRaw } = webhookCalls(sandbox);
const { paidSession } = platformRecords(sandbox);

const TRIGGERS = ['paySuiteAutopayTrigger', 'paySuiteCheckoutTrigger', 'paySuiteOnboardingTrigger'];
const FINISHED = { options: { acknowledge: 'finished' } };
const RECEIVED = 'Event AUTOPAY_CREATED received';
const DUPLICATE = `${RECEIVED}; already received, the workflow does not run again`;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const recordsOf = (trigger: TriggerServer) =>
	recordedKeys((trigger.staticData()['node:Trigger'] ?? {}) as Record<string, unknown>, Math.floor(Date.now() / 1000), REPLAY_WINDOW);
/** The empty acknowledgement n8n sends after a successful run with `responseData: 'noData'` (Express's res.json()). */
const emptyOk = { status: 200, contentType: 'application/json; charset=utf-8', body: '' };
const answerOf = ({ status, contentType, body }: Answer) => ({ status, contentType, body });

async function serve(options: Omit<TriggerServerOptions, 'credentials'>, body: (trigger: TriggerServer) => Promise<void>) {
	const credentials = options.type === 'paySuiteOnboardingTrigger' ? onboardingApi(sandbox) : paySuiteApi(sandbox);
	const trigger = await startTriggerServer({ ...options, credentials });
	try {
		await body(trigger);
	} finally {
		await trigger.stop();
	}
}

describe('the webhook description n8n reads for Acknowledge Delivery', () => {
	const types = packageNodeTypes();
	/** The field as n8n 2.40.7 resolves it without the engine, and as the engine evaluates its expression. */
	function readBothWays(type: string, typeVersion: number, parameters: INodeParameters, field: 'responseMode' | 'responseData') {
		const node: INode = { id: 't', name: 'Trigger', type, typeVersion, position: [0, 0], parameters };
		const workflow = new Workflow({ id: 'w', nodes: [node], connections: {}, active: true, nodeTypes: nodeTypesRegistry(types), staticData: {} });
		const withDefaults = workflow.getNode('Trigger')!;
		const description = types[type].description.webhooks![0] as IWebhookDescription;
		const native = resolveWebhookDescriptionField(withDefaults, description, field);
		const engine = workflow.expression.getComplexParameterValue(withDefaults, description[field] as string, 'webhook', {}, undefined, undefined);
		return { native: native.resolved ? native.value : 'not resolved natively', engine };
	}

	const cases: Array<[string, INodeParameters, string, string]> = [
		['no option set (saved workflows)', {}, 'responseNode', ''],
		['When Received', { options: { acknowledge: 'received' } }, 'responseNode', ''],
		['When the Workflow Has Finished', FINISHED, 'lastNode', 'noData'],
	];
	for (const type of TRIGGERS) {
		for (const version of [1, 2]) {
			it.each(cases)(`${type} v${version}, %s: resolved natively as the expression evaluates`, (_name, parameters, mode, data) => {
				expect(readBothWays(type, version, parameters, 'responseMode')).toEqual({ native: mode, engine: mode });
				expect(readBothWays(type, version, parameters, 'responseData')).toEqual({ native: data, engine: data });
			});
		}
		it(`${type}: the option is in Options for both versions, When Received by default`, () => {
			const options = types[type].description.properties.find((p) => p.name === 'options');
			const option = (options?.options as Array<{ name: string; default?: unknown; displayOptions?: unknown }>).find((o) => o.name === 'acknowledge');
			expect({ default: option?.default, shownFor: options?.displayOptions ?? 'every version' }).toEqual({ default: 'received', shownFor: 'every version' });
		});
	}

	it('a parameter holding an expression: n8n falls back to the engine, which reads the same', () => {
		const parameters = { events: '={{ [] }}', ...FINISHED };
		expect(readBothWays('paySuiteAutopayTrigger', 2, parameters, 'responseMode')).toEqual({ native: 'not resolved natively', engine: 'lastNode' });
	});
});

describe('Acknowledge Delivery over HTTP', () => {
	const autopay = (parameters: INodeParameters, body: (trigger: TriggerServer) => Promise<void>, afterTrigger?: TriggerServerOptions['afterTrigger']) =>
		serve({ type: 'paySuiteAutopayTrigger', typeVersion: 2, parameters, afterTrigger }, body);

	it('When Received (the default): the acknowledgement before the run ends, the record saved; no expression evaluated', async () => {
		let runEnded = 0;
		await autopay({}, async (trigger) => {
			const fired = await fire(trigger, 'autopay', { type: 'AUTOPAY_CREATED' });
			expectAcknowledged(fired, RECEIVED);
			const [call] = trigger.calls;
			expect({ mode: call.responseMode, engine: call.descriptionNeededEngine, beforeRunEnded: call.answeredAt! < runEnded }).toEqual({ mode: 'responseNode', engine: false, beforeRunEnded: true });
			expect(recordsOf(trigger)).toHaveLength(1);
		}, async () => {
			await sleep(300);
			runEnded = Date.now();
		});
	});

	it('When the Workflow Has Finished: an empty 200 once the run succeeded; no durable record; the same bytes again start no second run', async () => {
		let runEnded = 0;
		await autopay(FINISHED, async (trigger) => {
			const fired = await fire(trigger, 'autopay', { type: 'AUTOPAY_CREATED' });
			expect(answerOf(fired)).toEqual(emptyOk);
			const [call] = trigger.calls;
			expect({ mode: call.responseMode, engine: call.descriptionNeededEngine, afterRunEnded: call.answeredAt! >= runEnded }).toEqual({ mode: 'lastNode', engine: false, afterRunEnded: true });
			expect(trigger.runs()).toHaveLength(1);
			// Nothing saved at receipt: a record there would refuse the retry of a run that failed or was lost.
			expect(recordsOf(trigger)).toEqual([]);
			// The platform sends it again (its answer lost): this process remembers the run succeeded.
			expectAcknowledged(await postRaw(trigger, fired.sent), DUPLICATE);
			expect(trigger.runs()).toHaveLength(1);
		}, async () => {
			await sleep(300);
			runEnded = Date.now();
		});
	});

	it('When the Workflow Has Finished: a failed run is answered 500; the platform\'s retry runs the workflow again, then no more', async () => {
		let attempts = 0;
		await autopay(FINISHED, async (trigger) => {
			const fired = await fire(trigger, 'autopay', { type: 'AUTOPAY_CREATED' });
			expect(answerOf(fired)).toEqual({ status: 500, contentType: 'application/json; charset=utf-8', body: '{"message":"Error in workflow"}' });
			expect(answerOf(await postRaw(trigger, fired.sent))).toEqual(emptyOk);
			expectAcknowledged(await postRaw(trigger, fired.sent), DUPLICATE);
			expect(trigger.runs().map((run) => (run.data.resultData.error ? 'failed' : 'succeeded'))).toEqual(['failed', 'succeeded']);
		}, async () => {
			if (++attempts === 1) throw new Error('the next system is down');
		});
	});

	it('When the Workflow Has Finished: copies arriving during the run wait for its outcome: one run, the others acknowledged after it', async () => {
		await autopay(FINISHED, async (trigger) => {
			const first = await fire(trigger, 'autopay', { type: 'AUTOPAY_CREATED', url: 'http://127.0.0.1:1/nowhere' });
			const answers = await Promise.all(Array.from({ length: 5 }, () => postRaw(trigger, first.sent)));
			expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
			expect(answers.filter((a) => a.body === '')).toHaveLength(1);
			for (const duplicate of answers.filter((a) => a.body !== '')) expectAcknowledged(duplicate, DUPLICATE);
			expect(trigger.runs()).toHaveLength(1);
			const ran = trigger.calls.find((call) => call.run)!;
			expect(trigger.calls.filter((call) => !call.run).every((call) => call.answeredAt! >= ran.answeredAt!)).toBe(true);
		}, async () => {
			await sleep(500);
		});
	});

	it('When the Workflow Has Finished: when the first copy\'s run fails, one waiting copy runs it again', async () => {
		let attempts = 0;
		await autopay(FINISHED, async (trigger) => {
			const first = await fire(trigger, 'autopay', { type: 'AUTOPAY_CREATED', url: 'http://127.0.0.1:1/nowhere' });
			const answers = await Promise.all(Array.from({ length: 4 }, () => postRaw(trigger, first.sent)));
			expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, 500]);
			expect(answers.filter((a) => a.status === 200 && a.body === '')).toHaveLength(1);
			expect(trigger.runs().map((run) => (run.data.resultData.error ? 'failed' : 'succeeded'))).toEqual(['failed', 'succeeded']);
		}, async () => {
			await sleep(300);
			if (++attempts === 1) throw new Error('the next system is down');
		});
	});

	it('When the Workflow Has Finished: a sender that gives up before the run ends has its copy run again (a run longer than its timeout runs twice)', async () => {
		await autopay(FINISHED, async (trigger) => {
			const first = await fire(trigger, 'autopay', { type: 'AUTOPAY_CREATED', url: 'http://127.0.0.1:1/nowhere' });
			const gaveUp = await fetch(trigger.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: first.sent, signal: AbortSignal.timeout(200) }).catch((e: Error) => e.name);
			expect(gaveUp).toBe('TimeoutError');
			// The copy the sender sends next arrives while the first run goes on: nobody can tell it will succeed.
			expect(answerOf(await postRaw(trigger, first.sent))).toEqual(emptyOk);
			expect(trigger.runs().map((run) => (run.data.resultData.error ? 'failed' : 'succeeded'))).toEqual(['succeeded', 'succeeded']);
			expectAcknowledged(await postRaw(trigger, first.sent), DUPLICATE);
		}, async () => {
			await sleep(600);
		});
	});

	it('When the Workflow Has Finished: a copy whose sender gave up while it waited for the run before it does not hold the copies after it', async () => {
		let attempts = 0;
		let secondRunning!: () => void;
		const secondRuns = new Promise<void>((resolve) => (secondRunning = resolve));
		await autopay(FINISHED, async (trigger) => {
			const first = await fire(trigger, 'autopay', { type: 'AUTOPAY_CREATED', url: 'http://127.0.0.1:1/nowhere' });
			expect((await postRaw(trigger, first.sent)).status).toBe(500);
			const failing = postRaw(trigger, first.sent);
			// Its run has started: its call holds the delivery's turn in this process until it is answered.
			await secondRuns;
			// Waits in this process for the failing run's outcome; its sender leaves meanwhile, then it gets its turn.
			const gaveUp = await fetch(trigger.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: first.sent, signal: AbortSignal.timeout(200) }).catch((e: Error) => e.name);
			expect(gaveUp).toBe('TimeoutError');
			expect((await failing).status).toBe(500);
			expect(answerOf(await postRaw(trigger, first.sent))).toEqual(emptyOk);
		}, async () => {
			attempts++;
			if (attempts === 1) throw new Error('the next system is down');
			if (attempts === 2) secondRunning();
			await sleep(500);
			if (attempts === 2) throw new Error('still down');
		});
	});

	it('Checkout Trigger, When the Workflow Has Finished: an empty 200 after the run, the retry of a failed run runs again', async () => {
		let attempts = 0;
		await serve({ type: 'paySuiteCheckoutTrigger', typeVersion: 2, parameters: FINISHED, afterTrigger: async () => {
			if (++attempts === 1) throw new Error('the next system is down');
		} }, async (trigger) => {
			const fired = await fire(trigger, 'checkout', { requestId: await paidSession('ACK-1001') });
			expect(fired.status).toBe(500);
			expect(answerOf(await postRaw(trigger, fired.sent))).toEqual(emptyOk);
			expect(JSON.parse((await postRaw(trigger, fired.sent)).body).status.message).toMatch(/already received/);
			expect(trigger.runs()).toHaveLength(2);
			expect(trigger.calls.map((call) => call.responseMode)).toEqual(['lastNode', 'lastNode', 'lastNode']);
		});
	});
});
