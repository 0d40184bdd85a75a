import { sleep, Workflow, type IDataObject, type INodeTypes, type IWebhookFunctions, type IWebhookResponseData } from 'n8n-workflow';

import { DeliveryMemory, deliveryKey, eventDateProblem, oncePerDelivery, rememberDelivery, REPLAY_WINDOW } from './replay';
import { recordedKeys } from '../../../test/helpers/replayRecords';
import { hourOf } from './replayRecords';

const DAY = 24 * 60 * 60;
const NOW = Date.UTC(2025, 4, 1, 12, 0, 0);

describe('deliveryKey', () => {
	it('is 16 URL-safe characters, the same for the same parts, and keeps parts apart', () => {
		const key = deliveryKey(['6f1c2a8e', 'AUTOPAY_CREATED', '2025-05-01T10:00:00-05:00']);
		expect(key).toMatch(/^[A-Za-z0-9_-]{16}$/);
		expect(deliveryKey(['6f1c2a8e', 'AUTOPAY_CREATED', '2025-05-01T10:00:00-05:00'])).toBe(key);
		expect(deliveryKey(['ab', 'c'])).not.toBe(deliveryKey(['a', 'bc']));
		expect(deliveryKey([10001, 'APPROVED'])).toBe(deliveryKey(['10001', 'APPROVED']));
	});
});

describe('eventDateProblem', () => {
	const at = (seconds: number) => new Date(NOW + seconds * 1000).toISOString().replace('.000Z', '+00:00');

	it('accepts dates from 7 days ago to 24 hours ahead, both ends included', () => {
		expect(eventDateProblem(at(-7 * DAY), NOW)).toBeUndefined();
		expect(eventDateProblem(at(DAY), NOW)).toBeUndefined();
		expect(eventDateProblem(at(-7 * DAY - 1), NOW)).toBe('stale');
		expect(eventDateProblem(at(DAY + 1), NOW)).toBe('ahead');
	});

	it('reads an offset, and a date without one (the spec sample form) as UTC', () => {
		expect(eventDateProblem('2025-04-24T07:00:00-05:00', NOW)).toBeUndefined();
		expect(eventDateProblem('2025-04-24T06:59:59-05:00', NOW)).toBe('stale');
		expect(eventDateProblem('2025-04-24 12:00:00', NOW)).toBeUndefined();
		expect(eventDateProblem('2025-04-24 11:59:59', NOW)).toBe('stale');
	});

	it('does not judge text that is not a date-time', () => {
		expect(eventDateProblem('yesterday', NOW)).toBeUndefined();
		expect(eventDateProblem('2025-13-45T00:00:00Z', NOW)).toBeUndefined();
	});
});

describe('DeliveryMemory', () => {
	let clock = 1000;
	const memory = () => new DeliveryMemory(() => clock, 60, 3);
	beforeEach(() => (clock = 1000));

	it('lets one call hold a delivery; a call that comes meanwhile waits, and is a duplicate once the first ran', async () => {
		const m = memory();
		const first = await m.claim('wf', 'k', () => false);
		expect(first).toBeDefined();
		let secondDone = false;
		const second = m.claim('wf', 'k', () => false).then((claim) => ((secondDone = true), claim));
		await sleep(0);
		expect(secondDone).toBe(false);
		first!.settle(true);
		expect(await second).toBeUndefined();
		expect(m.recordsOf('wf')).toEqual(new Map([['k', 1000]]));
		// Another scope or another key is another delivery.
		expect(await m.claim('other', 'k', () => false)).toBeDefined();
		expect(await m.claim('wf', 'k2', () => false)).toBeDefined();
	});

	it('hands the delivery to one waiting call when the first did not run; the other waits for that one', async () => {
		const m = memory();
		const first = await m.claim('wf', 'k', () => false);
		const outcomes: Array<{ settle(ran: boolean): void } | undefined> = [];
		const waiting = [1, 2].map(() => m.claim('wf', 'k', () => false).then((claim) => void outcomes.push(claim)));
		first!.settle(false);
		await sleep(10);
		expect(outcomes).toHaveLength(1);
		expect(outcomes[0]).toBeDefined();
		outcomes[0]!.settle(true);
		await Promise.all(waiting);
		expect(outcomes[1]).toBeUndefined();
	});

	it('is a duplicate at once when the durable store has the delivery', async () => {
		expect(await memory().claim('wf', 'k', () => true)).toBeUndefined();
	});

	it('forgets its records after its time, and keeps at most its number of them', async () => {
		const m = memory();
		for (const key of ['a', 'b', 'c', 'd']) (await m.claim('wf', key, () => false))!.settle(true);
		expect([...m.recordsOf('wf').keys()]).toEqual(['b', 'c', 'd']);
		clock += 61;
		expect(m.recordsOf('wf').size).toBe(0);
		expect(await m.claim('wf', 'b', () => false)).toBeDefined();
	});

	it('forgets a scope once its records expired: one scope per execution does not pile up', async () => {
		const m = memory();
		const scopes = () => [...(m as unknown as { recent: Map<string, unknown> }).recent.keys()];
		for (let execution = 1; execution <= 5; execution++) {
			(await m.claim(`execution-${execution}`, 'resume', () => false))!.settle(true);
			clock += 30;
		}
		// A record lives 60 s: when the fifth was remembered, the first two had expired.
		expect(scopes()).toEqual(['execution-3', 'execution-4', 'execution-5']);
		expect(m.recordsOf('execution-5')).toEqual(new Map([['resume', 1120]]));
		// A long-lived scope remembered again goes last, and does not hold back the sweep of those behind it.
		(await m.claim('execution-4', 'again', () => false))!.settle(true);
		clock += 45;
		(await m.claim('execution-6', 'resume', () => false))!.settle(true);
		expect(scopes()).toEqual(['execution-4', 'execution-6']);
	});
});

/**
 * Just enough of IWebhookFunctions for oncePerDelivery: the node's static data as n8n would load it for one call, and
 * the default of every parameter (Acknowledge Delivery: When Received; the other choice is tested over HTTP in
 * test/engine/triggerAcknowledge.test.ts).
 */
/** The part of n8n's response oncePerDelivery watches: its status and its `finish`. */
function answer(statusCode: number, destroyed = false) {
	const listeners: Record<string, Array<() => void>> = {};
	return {
		statusCode,
		destroyed,
		once: (event: string, listener: () => void) => (listeners[event] ??= []).push(listener),
		emit: (event: string) => (listeners[event] ?? []).forEach((listener) => listener()),
	};
}

function webhookCall(store: IDataObject, workflowId = 'wf-unit-1', response?: ReturnType<typeof answer>) {
	return {
		getWorkflowStaticData: () => store,
		// No response to watch (the default): the delivery counts as run when the handler returns a run.
		getResponseObject: () => response,
		getNodeParameter: (_name: string, fallback: unknown) => fallback,
		getWorkflow: () => ({ id: workflowId, name: 'w', active: true }),
		getNode: () => ({ name: 'Trigger' }),
		getMode: () => 'webhook',
	} as unknown as IWebhookFunctions;
}

const nowSeconds = () => Math.floor(Date.now() / 1000);
/** The keys a node's static data records, in either stored form. */
const recorded = (store: IDataObject) => recordedKeys(store, nowSeconds(), REPLAY_WINDOW);

const run: IWebhookResponseData = { webhookResponse: 'ran', workflowData: [[{ json: {} }]] };
const duplicate = () => ({ webhookResponse: 'duplicate' });

let workflows = 0;
/** Another workflow for each test: this process's memory of deliveries is shared by every test. */
const workflowId = () => `wf-unit-${++workflows}`;

describe('oncePerDelivery', () => {
	it('runs a new delivery without touching static data; once its run recorded it, a copy loading what was saved is a duplicate', async () => {
		const store: IDataObject = {};
		const handle = jest.fn(async () => run);
		expect(await oncePerDelivery(webhookCall(store, workflowId()), ['e1'], duplicate, handle)).toEqual(run);
		expect(store).toEqual({});
		// The run's side (runGate.ts), in its own copy of the static data, saved when the run ends.
		const saved: IDataObject = {};
		rememberDelivery(saved, deliveryKey(['e1']));
		expect(saved).toEqual({ receivedByHour: { [hourOf(nowSeconds())]: deliveryKey(['e1']) } });
		// Another process loads what was saved.
		expect(await oncePerDelivery(webhookCall(JSON.parse(JSON.stringify(saved)) as IDataObject, workflowId()), ['e1'], duplicate, handle)).toEqual(duplicate());
		expect(handle).toHaveBeenCalledTimes(1);
	});

	it('recognises a delivery recorded by another process (only the durable store knows it)', async () => {
		const store: IDataObject = { receivedByHour: { [hourOf(nowSeconds() - 3600)]: deliveryKey(['e0']) + deliveryKey(['e1']) } };
		const handle = jest.fn(async () => run);
		expect(await oncePerDelivery(webhookCall(store, workflowId()), ['e1'], duplicate, handle)).toEqual(duplicate());
		expect(handle).not.toHaveBeenCalled();
	});

	it("recognises the first versions' records (key → seconds), and the run keeps them when it saves in its own form", async () => {
		const old = { [deliveryKey(['e1'])]: nowSeconds() - 7 * 24 * 3600, [deliveryKey(['e2'])]: nowSeconds() - 60 };
		const handle = jest.fn(async () => run);
		expect(await oncePerDelivery(webhookCall({ deliveries: { ...old } }, workflowId()), ['e1'], duplicate, handle)).toEqual(duplicate());
		expect(handle).not.toHaveBeenCalled();
		const store: IDataObject = { deliveries: { ...old } };
		rememberDelivery(store, deliveryKey(['e3']));
		expect(Object.keys(store)).toEqual(['receivedByHour']);
		expect(recorded(store).sort()).toEqual([deliveryKey(['e1']), deliveryKey(['e2']), deliveryKey(['e3'])].sort());
	});

	it('records nothing when the handler does not run the workflow or throws, so the next attempt is handled', async () => {
		const id = workflowId();
		const store: IDataObject = {};
		expect(await oncePerDelivery(webhookCall(store, id), ['e1'], duplicate, async () => ({ webhookResponse: 'filtered' }))).toEqual({ webhookResponse: 'filtered' });
		await expect(oncePerDelivery(webhookCall(store, id), ['e1'], duplicate, async () => Promise.reject(new Error('query failed')))).rejects.toThrow('query failed');
		expect(store).toEqual({});
		expect(await oncePerDelivery(webhookCall(store, id), ['e1'], duplicate, async () => run)).toEqual(run);
	});

	it('runs one of 50 parallel copies that all loaded an empty store', async () => {
		const id = workflowId();
		const handle = jest.fn(async () => {
			await sleep(5);
			return run;
		});
		const answers = await Promise.all(Array.from({ length: 50 }, () => oncePerDelivery(webhookCall({}, id), ['e1'], duplicate, handle)));
		expect(handle).toHaveBeenCalledTimes(1);
		expect(answers.filter((answer) => answer.webhookResponse === 'ran')).toHaveLength(1);
	});

	it('a copy reaching this process after the run started is a duplicate, whatever static data it loaded', async () => {
		const id = workflowId();
		await oncePerDelivery(webhookCall({}, id), ['e1'], duplicate, async () => run);
		expect(await oncePerDelivery(webhookCall({}, id), ['e1'], duplicate, async () => run)).toEqual(duplicate());
	});

	it('the run prunes the stored records by age when it saves', () => {
		const old = nowSeconds() - REPLAY_WINDOW.keepSeconds - 3600;
		const store: IDataObject = { receivedByHour: { [hourOf(old)]: deliveryKey(['gone']) } };
		rememberDelivery(store, deliveryKey(['e1']));
		expect(store).toEqual({ receivedByHour: { [hourOf(nowSeconds())]: deliveryKey(['e1']) } });
	});
});

describe('oncePerDelivery when n8n does not answer 2xx after the handler returned a run', () => {
	it('does not remember the delivery: n8n failed to queue the run (its database down), the next attempt runs it', async () => {
		const id = workflowId();
		const response = answer(200);
		expect(await oncePerDelivery(webhookCall({}, id, response), ['e1'], duplicate, async () => run)).toEqual(run);
		response.statusCode = 500;
		response.emit('finish');
		expect(await oncePerDelivery(webhookCall({}, id), ['e1'], duplicate, async () => run)).toEqual(run);
		// Answered 200 this time: remembered, the next copy is a duplicate.
		const answered = answer(200);
		expect(await oncePerDelivery(webhookCall({}, id, answered), ['e2'], duplicate, async () => run)).toEqual(run);
		answered.emit('finish');
		expect(await oncePerDelivery(webhookCall({}, id), ['e2'], duplicate, async () => run)).toEqual(duplicate());
	});
});

describe('oncePerDelivery when the sender left before the call got its claim', () => {
	it('does not keep the claim: its close has passed, and the next copy in this process is handled', async () => {
		const id = workflowId();
		expect(await oncePerDelivery(webhookCall({}, id, answer(200, true)), ['e1'], duplicate, async () => run)).toEqual(run);
		expect(await oncePerDelivery(webhookCall({}, id), ['e1'], duplicate, async () => run)).toEqual(run);
	});
});

describe("oncePerDelivery in n8n's own static data (n8n-workflow's Workflow)", () => {
	const nodeTypes = { getByNameAndVersion: () => ({ description: { properties: [] } }) } as unknown as INodeTypes;
	/** A Workflow over `staticData` as n8n builds one for each webhook call and again to prepare the run. */
	const workflowOver = (staticData: IDataObject) =>
		new Workflow({
			id: 'wf-n8n',
			nodes: [{ id: 't', name: 'Trigger', type: 'trigger', typeVersion: 1, position: [0, 0], parameters: {} }],
			connections: {},
			active: true,
			nodeTypes,
			staticData,
		});
	const changed = (workflow: Workflow) => (workflow.staticData as { __dataChanged?: boolean }).__dataChanged === true;

	it('the webhook part leaves the static data unmarked when the delivery starts a run: n8n saves it while it answers, and a save then would send the answer empty', async () => {
		const loaded = JSON.parse(JSON.stringify({ 'node:Trigger': { receivedByHour: { [hourOf(nowSeconds())]: deliveryKey(['e0']) } } })) as IDataObject;
		const workflow = workflowOver(loaded);
		const fn = { ...webhookCall({}, workflowId()), getWorkflowStaticData: () => workflow.getStaticData('node', workflow.getNode('Trigger')!) } as IWebhookFunctions;
		expect(await oncePerDelivery(fn, ['e1'], duplicate, async () => run)).toEqual(run);
		expect(changed(workflow)).toBe(false);
	});

	it("the run's record marks its static data changed, so n8n saves it when the run ends; the first versions' records kept", () => {
		const loaded = JSON.parse(JSON.stringify({ 'node:Trigger': { deliveries: { [deliveryKey(['e0'])]: nowSeconds() - 3 * 24 * 3600 } } })) as IDataObject;
		const workflow = workflowOver(loaded);
		rememberDelivery(workflow.getStaticData('node', workflow.getNode('Trigger')!), deliveryKey(['e1']));
		expect(changed(workflow)).toBe(true);
		const saved = JSON.parse(JSON.stringify(workflow.staticData)) as { 'node:Trigger': IDataObject };
		expect(Object.keys(saved['node:Trigger'])).toEqual(['receivedByHour']);
		expect(recorded(saved['node:Trigger']).sort()).toEqual([deliveryKey(['e0']), deliveryKey(['e1'])].sort());
	});

	it('leaves the static data unmarked when the delivery did not start a run', async () => {
		const loaded = JSON.parse(JSON.stringify({ 'node:Trigger': { receivedByHour: {} } })) as IDataObject;
		const workflow = workflowOver(loaded);
		const fn = { ...webhookCall({}, workflowId()), getWorkflowStaticData: () => workflow.getStaticData('node', workflow.getNode('Trigger')!) } as IWebhookFunctions;
		const result = await oncePerDelivery(fn, ['e1'], duplicate, async () => ({ webhookResponse: 'filtered' }));
		expect(result.webhookResponse).toBe('filtered');
		expect(changed(workflow)).toBe(false);
	});
});
