/**
 * Part 1 of the reliability suite (test/RELIABILITY.md): 1,000 items through each of four writes (Gateway >
 * Transaction > Process, Session > Create, Session > Transaction > Refund, Merchant > Create), each run in n8n
 * executions with Continue On Fail (one; the refunds four at once) against a sandbox that strikes 20 % of the
 * requests with a seeded fault.
 * Every 50th item carries a bad input. What must hold, item by item and on the platform's side:
 * - every input item ends as exactly one output item or one error item, paired to it;
 * - an item reported as succeeded exists on the platform once; an item failed before sending does not;
 * - an error item of a write whose answer was lost says the outcome is unknown, and exists on the platform
 *   exactly when one of its requests got through to the endpoint;
 * - nothing is done twice: one charge per payment and idempotence key, one refund per transaction, one session
 *   per reference, one merchant process per merchant; a plain write is sent once;
 * - no nonce is used twice, and no secret shows in an output, an error or a log.
 */
import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import type { LedgerEntry, RunningSandbox } from '../../sandbox';
import { expectedTranKey } from '../../sandbox/auth';
import { Faults } from '../../sandbox/faults';
import { requestDefaults } from '../../nodes/shared/transport/retry';
import { runWorkflow, type RunResult, type TestCredentials } from '../helpers/engine';
import { sessionCreateParameters } from '../helpers/fixtures';
import { control, onboardingApi, paySuiteApi, withSandbox } from '../helpers/sandbox';
import { captureLogs, type LogCapture } from '../helpers/logs';
import { NonceBook, SecretScan } from './evidence';
import { FAULT_KINDS, FAULT_RATE, faultKindOf, faultRules, LATENCY_MS, SEED, TIMEOUT_MS } from './faultPlan';
import { packageNodeTypes, panelNames, startsWithPanelName } from '../helpers/nodeTypes';
import { checkoutOf, countBy, duplicates, gatewayOf, onboardingOf } from './platform';
import { writePart } from './report';

jest.setTimeout(600_000);

const SIZE = 1000;
/** n8n's own request timeout, for the set-up. */
const SETUP_TIMEOUT_MS = 60_000;
/** Every 50th item (49, 99, ...) carries a bad input: it must fail before anything is sent. */
const isBad = (index: number) => index % 50 === 49;

const SANDBOX = { retryAfterSeconds: 0, processPendingPolls: 0, ledgerEntries: 200_000, ledgerTotalBytes: 1024 * 1024 * 1024 };
const keep = () => undefined;

// ---------------------------------------------------------------------------------------------------------
// The four writes
// ---------------------------------------------------------------------------------------------------------

const CARDS = [
	{ number: '4111111111111111', cvv: '987' },
	{ number: '5500000000000004', cvv: '4312' },
	{ number: '4242424242424242', cvv: '246' },
	{ number: '5555555555554444', cvv: '8150' },
];

interface BadInput {
	/** The field path the error names. */
	field: string;
	/** What the item carries instead of a good value. */
	input: IDataObject;
}

interface Scenario {
	key: 'process' | 'session' | 'refund' | 'merchant';
	title: string;
	node: { name: string; type: string; credential: string };
	path: string;
	/** `idempotent`: sent again with the same key until an answer comes; `write`: sent once. */
	safety: 'idempotent' | 'write';
	parameters: IDataObject;
	/** The good input of item i. */
	input(index: number): IDataObject;
	bad: BadInput[];
	/** The words of an error item whose outcome is unknown. */
	unknownOutcome: RegExp;
	/**
	 * A plain write whose lost answer the node settles by reading the platform: the item is then the record,
	 * marked `confirmedAfterLostAnswer`, or an error in these words saying it was not made.
	 */
	settled?: { notMade: RegExp };
	/** The item a request to `path` belongs to. */
	itemOf(entry: LedgerEntry): number | undefined;
	/** The platform's records of item i, and the keys each record of the area is counted by for doubles. */
	records(sandbox: RunningSandbox): { byItem: Map<number, number>; doubles: string[]; strays: number };
	/** That a succeeded item's output is the platform's record of it. */
	matches(sandbox: RunningSandbox, index: number, output: IDataObject): boolean;
}

const numberAfter = (prefix: string, value: unknown): number | undefined => {
	const match = typeof value === 'string' ? new RegExp(`^${prefix}-(\\d+)$`).exec(value) : null;
	return match ? Number(match[1]) : undefined;
};

/** The refund scenario's paid transactions: item i refunds internalReference paid[i]. */
const paid: number[] = [];
const itemOfTransaction = new Map<number, number>();
const partialRefund = (index: number) => index % 2 === 0;
const PAID_TOTAL = 120.5;
const PARTIAL = 40;

const SCENARIOS: Scenario[] = [
	{
		key: 'process',
		title: 'Gateway > Transaction > Process',
		node: { name: 'Process', type: 'paySuiteGateway', credential: 'paySuiteApi' },
		path: '/gateway/process',
		safety: 'idempotent',
		parameters: {
			resource: 'transaction',
			operation: 'process',
			cardNumber: '={{ $json.card }}',
			expiration: '12/30',
			cvv: '={{ $json.cvv }}',
			reference: '={{ $json.reference }}',
			description: 'Order',
			currency: 'USD',
			total: '={{ $json.total }}',
			payer: { name: 'Ana', surname: 'Gomez', email: '={{ $json.email }}', document: '1020304050', documentType: 'CC' },
		},
		input: (index) => ({
			reference: `PAY-${index}`,
			total: 10 + (index % 90),
			card: CARDS[index % CARDS.length].number,
			cvv: CARDS[index % CARDS.length].cvv,
			email: `buyer${index}@example.com`,
		}),
		bad: [
			{ field: 'payment.reference', input: { reference: 'R'.repeat(33) } },
			{ field: 'payment.amount.total', input: { total: -5 } },
			{ field: 'payer.email', input: { email: 'ana-at-example' } },
		],
		unknownOutcome: /^The payment of [\d.]+ USD with reference PAY-\d+ may have been charged: the platform's answer was lost \(.+\) \(item \d+\)$/,
		itemOf: (entry) => numberAfter('PAY', (entry.body as IDataObject)?.payment && ((entry.body as { payment: IDataObject }).payment.reference as string)),
		records: (sandbox) => {
			const transactions = Object.values(gatewayOf(sandbox).transactions);
			const byItem = countBy(transactions, (txn) => String(numberAfter('PAY', txn.view.reference)));
			return {
				byItem: new Map([...byItem].map(([item, count]) => [Number(item), count])),
				// A double charge: two transactions for one payment reference, or for one idempotence key.
				doubles: [
					...duplicates(countBy(transactions, (txn) => String(txn.view.reference))),
					...duplicates(countBy(transactions, (txn) => String(txn.idempotenceKey))),
				],
				strays: transactions.filter((txn) => numberAfter('PAY', txn.view.reference) === undefined).length,
			};
		},
		matches: (sandbox, index, output) => {
			const txn = gatewayOf(sandbox).transactions[String(output.internalReference)];
			return txn?.view.reference === `PAY-${index}` && output.status === 'APPROVED';
		},
	},
	{
		key: 'session',
		title: 'Session > Create',
		node: { name: 'Session', type: 'paySuiteSession', credential: 'paySuiteApi' },
		path: '/api/session',
		safety: 'write',
		parameters: sessionCreateParameters({
			reference: '={{ $json.reference }}',
			description: 'Order',
			total: '={{ $json.total }}',
			buyer: { email: '={{ $json.email }}' },
		}),
		input: (index) => ({ reference: `SES-${index}`, total: 20 + (index % 50), email: `buyer${index}@example.com` }),
		bad: [
			{ field: 'payment.reference', input: { reference: 'S'.repeat(33) } },
			{ field: 'payment.amount.total', input: { total: -1 } },
			{ field: 'buyer.email', input: { email: 'buyer at example.com' } },
		],
		unknownOutcome: /^A checkout session for reference SES-\d+ \([\d.]+ USD\) may have been created: the platform's answer was lost \(.+\) \(item \d+\)$/,
		itemOf: (entry) => numberAfter('SES', (entry.body as IDataObject)?.payment && ((entry.body as { payment: IDataObject }).payment.reference as string)),
		records: (sandbox) => {
			const sessions = Object.values(checkoutOf(sandbox).sessions);
			const byItem = countBy(sessions, (session) => String(numberAfter('SES', session.reference)));
			return {
				byItem: new Map([...byItem].map(([item, count]) => [Number(item), count])),
				doubles: duplicates(countBy(sessions, (session) => session.reference)),
				strays: sessions.filter((session) => numberAfter('SES', session.reference) === undefined).length,
			};
		},
		matches: (sandbox, index, output) => checkoutOf(sandbox).sessions[String(output.requestId)]?.reference === `SES-${index}`,
	},
	{
		key: 'refund',
		title: 'Session > Transaction > Refund',
		node: { name: 'Refund', type: 'paySuiteSession', credential: 'paySuiteApi' },
		path: '/api/reverse',
		safety: 'write',
		parameters: {
			resource: 'transaction',
			operation: 'refund',
			internalReference: '={{ $json.internalReference }}',
			refundType: '={{ $json.refundType }}',
			currency: 'USD',
			total: '={{ $json.total }}',
			simple: false,
		},
		input: (index) => ({ internalReference: paid[index], refundType: partialRefund(index) ? 'partial' : 'full', total: PARTIAL }),
		bad: [
			{ field: 'internalReference', input: { internalReference: 'abc' } },
			{ field: 'amount.total', input: { refundType: 'partial', total: 0 } },
			{ field: 'amount.total', input: { refundType: 'partial', total: -3 } },
		],
		unknownOutcome: /^The (refund of 40\.00 USD on transaction|full refund of transaction) \d+ may have been made: the platform's answer was lost \(.+\) \(item \d+\)$/,
		settled: {
			notMade: /^The (refund of 40\.00 USD on transaction|full refund of transaction) \d+ was not made: the platform's answer was lost \(.+\), and the platform, read again, shows no such refund \(item \d+\)$/,
		},
		itemOf: (entry) => itemOfTransaction.get(Number((entry.body as IDataObject)?.internalReference)),
		records: (sandbox) => {
			// A refund shows on the platform as the amount returned: 0, or what the item asked (never twice that).
			const transactions = checkoutOf(sandbox).transactions;
			const byItem = new Map<number, number>();
			const doubles: string[] = [];
			paid.forEach((ref, index) => {
				const returned = transactions[String(ref)].returned;
				const asked = partialRefund(index) ? PARTIAL : PAID_TOTAL;
				if (returned === 0) return;
				if (returned === asked) byItem.set(index, 1);
				else doubles.push(String(ref));
			});
			return { byItem, doubles, strays: 0 };
		},
		matches: (sandbox, index, output) => {
			// The platform's answer, or (a lost answer settled by reading the payment) the refund as read.
			const internalReference = (output.payment as IDataObject | undefined)?.internalReference ?? output.internalReference;
			const returned = checkoutOf(sandbox).transactions[String(paid[index])].returned;
			return internalReference === paid[index] && returned === (partialRefund(index) ? PARTIAL : PAID_TOTAL);
		},
	},
	{
		key: 'merchant',
		title: 'Merchant > Create',
		node: { name: 'Merchant', type: 'paySuiteMerchant', credential: 'paySuiteOnboardingApi' },
		path: '/api/merchants',
		safety: 'idempotent',
		parameters: {
			resource: 'merchant',
			operation: 'create',
			specifyBody: 'fields',
			name: '={{ $json.name }}',
			brand: '={{ $json.brand }}',
			languages: 'es, en',
			currencies: '={{ $json.currencies }}',
			document: { type: 'NIT', number: '900123456' },
			address: { street: 'Calle 1 # 2-3', city: 'Bogota', state: 11, country: 'CO', phone: '+5712345678', postalCode: '110111' },
			legalRepresentative: { name: 'Ana', surname: 'Lopez', document: '52123456', documentType: 'CC' },
			control: { seller: 'direct' },
			additionalFields: {},
			waitForCompletion: false,
		},
		input: (index) => ({ name: `MER-${index}`, brand: `Brand ${index}`, currencies: 'USD, COP' }),
		bad: [
			{ field: 'name', input: { name: 'n'.repeat(81) } },
			{ field: 'brand', input: { brand: '' } },
			{ field: 'currencies.0', input: { currencies: 'US Dollar' } },
		],
		unknownOutcome: /^The merchant creation may have been accepted: the platform's answer was lost \(.+\) \(item \d+\)$/,
		itemOf: (entry) => numberAfter('MER', (entry.body as IDataObject)?.name),
		records: (sandbox) => {
			const processes = Object.values(onboardingOf(sandbox).processes);
			const byItem = countBy(processes, (process) => String(numberAfter('MER', process.body.name)));
			return {
				byItem: new Map([...byItem].map(([item, count]) => [Number(item), count])),
				doubles: [
					...duplicates(countBy(processes, (process) => String(process.body.name))),
					...duplicates(countBy(processes, (process) => String(process.idempotencyKey))),
				],
				strays: processes.filter((process) => numberAfter('MER', process.body.name) === undefined).length,
			};
		},
		matches: (sandbox, index, output) => onboardingOf(sandbox).processes[String(output.processId)]?.body.name === `MER-${index}`,
	},
];

/** The input items of a scenario: good ones, and a bad input on every 50th. */
function inputItems(scenario: Scenario): IDataObject[] {
	return Array.from({ length: SIZE }, (_, index) => ({
		...scenario.input(index),
		...(isBad(index) ? badInputOf(scenario, index).input : {}),
	}));
}
const badInputOf = (scenario: Scenario, index: number) => scenario.bad[Math.floor(index / 50) % scenario.bad.length];

// ---------------------------------------------------------------------------------------------------------
// Running them
// ---------------------------------------------------------------------------------------------------------

const boxes: Record<Scenario['key'], RunningSandbox> = {
	process: withSandbox(SANDBOX, keep),
	session: withSandbox(SANDBOX, keep),
	refund: withSandbox(SANDBOX, keep),
	merchant: withSandbox(SANDBOX, keep),
};

const credentialsOf = (scenario: Scenario): TestCredentials =>
	scenario.node.credential === 'paySuiteApi' ? paySuiteApi(boxes[scenario.key]) : onboardingApi(boxes[scenario.key]);

/**
 * How many executions share a write's items. Refunds go one at a time within an execution (each waits on n8n's
 * record, and a lost answer is read back after seconds): four executions at once, as four workflows would.
 */
const EXECUTIONS: Record<Scenario['key'], number> = { process: 1, session: 1, refund: 4, merchant: 1 };

/** The executions of a write over all its input items, as one: outputs in item order, paired to the whole input. */
interface Executions {
	runs: RunResult['run'][];
	error?: Error;
	output(nodeName: string): INodeExecutionData[];
}

/** The number an error gives an item: its place in its own execution's input. */
const inItsExecution = (key: Scenario['key'], index: number): number => index % Math.ceil(SIZE / EXECUTIONS[key]);

const shiftedPairing = (item: INodeExecutionData, offset: number): INodeExecutionData => {
	const paired = item.pairedItem as { item?: number } | undefined;
	return offset && typeof paired?.item === 'number' ? { ...item, pairedItem: { ...paired, item: paired.item + offset } } : item;
};

/** The write's executions with Continue On Fail, at once, each over its share of the input items. */
async function run(scenario: Scenario, items: IDataObject[]): Promise<Executions> {
	const share = Math.ceil(items.length / EXECUTIONS[scenario.key]);
	const results = await Promise.all(
		Array.from({ length: EXECUTIONS[scenario.key] }, (_, part) =>
			runWorkflow({
				items: items.slice(part * share, (part + 1) * share),
				nodes: [{ name: scenario.node.name, type: scenario.node.type, credentials: [scenario.node.credential], continueOnFail: true, parameters: scenario.parameters as never }],
				credentials: credentialsOf(scenario),
				executionId: `reliability-${scenario.key}-${part}`,
			}),
		),
	);
	return {
		runs: results.map((result) => result.run),
		error: results.find((result) => result.error)?.error,
		output: (nodeName) => results.flatMap((result, part) => result.output(nodeName).map((item) => shiftedPairing(item, part * share))),
	};
}

/** What happened to one item: its output, its requests, the faults that struck them and the platform's records. */
interface ItemFacts {
	index: number;
	bad?: BadInput;
	outputs: INodeExecutionData[];
	requests: LedgerEntry[];
	/** Requests the endpoint did its work on (no fault, or a fault after the work or a late one). */
	reached: LedgerEntry[];
	records: number;
}

interface Outcome {
	scenario: Scenario;
	result: Executions;
	requests: LedgerEntry[];
	items: ItemFacts[];
	records: ReturnType<Scenario['records']>;
}

const outcomes = new Map<Scenario['key'], Outcome>();
const nonces = new NonceBook();
const secrets = new SecretScan();
let logs: LogCapture;
const saved = { ...requestDefaults };

/** Reads a sandbox's ledger into the evidence, then empties it. */
function harvest(sandbox: RunningSandbox): LedgerEntry[] {
	const entries = sandbox.ledger();
	nonces.add(entries);
	secrets.addTranKeys(entries, sandbox.credentials.secretKey);
	sandbox.clearLedger();
	return entries;
}

/** The refund scenario's setup, without faults: 1,000 sessions created through the node and paid. */
async function payTransactions(): Promise<void> {
	const sandbox = boxes.refund;
	const session = SCENARIOS.find((scenario) => scenario.key === 'session')!;
	const created = await runWorkflow({
		items: Array.from({ length: SIZE }, (_, index) => ({ reference: `PAID-${index}`, total: PAID_TOTAL, email: `payer${index}@example.com` })),
		nodes: [{ name: 'Session', type: 'paySuiteSession', credentials: ['paySuiteApi'], parameters: session.parameters as never }],
		credentials: paySuiteApi(sandbox),
		executionId: 'reliability-refund-setup',
	});
	expect(created.error).toBeUndefined();
	secrets.scanRun('refund setup', created.run);
	for (const [index, item] of created.output('Session').entries()) {
		const requestId = Number(item.json.requestId);
		await control(sandbox, `/__sandbox/sessions/${requestId}/pay`, {});
		const ref = Number(checkoutOf(sandbox).sessions[String(requestId)].payments[0].internalReference);
		paid[index] = ref;
		itemOfTransaction.set(ref, index);
	}
	harvest(sandbox);
}

function factsOf(scenario: Scenario, result: Executions, requests: LedgerEntry[], records: Map<number, number>): ItemFacts[] {
	const items: ItemFacts[] = Array.from({ length: SIZE }, (_, index) => ({
		index,
		bad: isBad(index) ? badInputOf(scenario, index) : undefined,
		outputs: [],
		requests: [],
		reached: [],
		records: records.get(index) ?? 0,
	}));
	for (const output of result.output(scenario.node.name)) {
		const paired = (output.pairedItem as { item?: number } | undefined)?.item;
		if (paired !== undefined && items[paired]) items[paired].outputs.push(output);
	}
	for (const entry of requests) {
		const index = scenario.itemOf(entry);
		if (index === undefined || !items[index]) throw new Error(`A request to ${scenario.path} that belongs to no item: ${JSON.stringify(entry.body).slice(0, 200)}`);
		items[index].requests.push(entry);
		const kind = faultKindOf(entry.faultName);
		if (!kind || kind.workDone) items[index].reached.push(entry);
	}
	return items;
}

beforeAll(async () => {
	logs = captureLogs();
	requestDefaults.retryDelayMs = 0;
	for (const sandbox of Object.values(boxes)) {
		secrets.addSecret('secret key', sandbox.credentials.secretKey);
		secrets.addSecret('access token', sandbox.credentials.accessToken);
		secrets.addSecret('notification secret', sandbox.credentials.notificationSecret);
	}
	for (const card of CARDS) {
		secrets.addSecret('card number', card.number);
		secrets.addCvv(card.cvv);
	}

	// The refunds' payments first, without faults and with n8n's usual timeout: a set-up, not under test (a busy
	// machine answering late within the short timeout below failed the whole suite).
	requestDefaults.timeoutMs = SETUP_TIMEOUT_MS;
	await payTransactions();
	requestDefaults.timeoutMs = TIMEOUT_MS;

	// The four writes at once, each against its own sandbox, which draws its faults in the order its requests
	// arrive: one execution makes them one after the other, so the same seed strikes the same items. The refunds'
	// executions interleave: the same seed strikes the same requests in arrival order, not the same items.
	const results = await Promise.all(
		SCENARIOS.map(async (scenario, index) => {
			boxes[scenario.key].setFaults(faultRules(scenario.path), { seed: SEED + index });
			return run(scenario, inputItems(scenario));
		}),
	);
	for (const [index, scenario] of SCENARIOS.entries()) {
		const sandbox = boxes[scenario.key];
		// A request whose client gave up may still be doing its work: wait for it before reading the platform.
		await sandbox.idle();
		sandbox.clearFaults();
		const requests = harvest(sandbox).filter((entry) => entry.path === scenario.path);
		const records = scenario.records(sandbox);
		outcomes.set(scenario.key, { scenario, result: results[index], requests, items: factsOf(scenario, results[index], requests, records.byItem), records });
		for (const executed of results[index].runs) secrets.scanRun(scenario.title, executed);
	}
});

afterAll(() => {
	Object.assign(requestDefaults, saved);
	logs?.restore();
	writePart('1-faults', report());
});

const each = SCENARIOS.map((scenario) => [scenario.title, scenario.key] as const);
const outcome = (key: Scenario['key']) => {
	const found = outcomes.get(key);
	if (!found) throw new Error(`The ${key} execution did not run`);
	return found;
};
const errorOf = (item: ItemFacts) => item.outputs[0]?.json as { error?: string; description?: string };

/**
 * Requests of an item that no fault struck and that still got no usable answer: the ones before its last when
 * it succeeded, all of them when it failed. Only a timeout on a machine too busy to answer in time does that;
 * expected 0, and counted in the report rather than failing the suite on a slow machine.
 */
const timedOut = (item: ItemFacts) => {
	const unanswered = errorOf(item).error ? item.requests : item.requests.slice(0, -1);
	return unanswered.filter((entry) => entry.faultName === undefined).length;
};

// ---------------------------------------------------------------------------------------------------------
describe(`${SIZE} items per write, ${FAULT_RATE * 100} % of the requests struck by a fault (seed ${SEED})`, () => {
	it.each(each)('%s: the execution finishes, and every input item ends as exactly one output or error item paired to it', (_title, key) => {
		const { result, items, scenario } = outcome(key);
		expect(result.error).toBeUndefined();
		expect(result.output(scenario.node.name)).toHaveLength(SIZE);
		expect(items.filter((item) => item.outputs.length !== 1).map((item) => item.index)).toEqual([]);
	});

	it.each(each)('%s: an item failed before sending names its field and item, sent nothing and does not exist', (_title, key) => {
		const { items, scenario } = outcome(key);
		const names = panelNames(packageNodeTypes()[scenario.node.type].description.properties);
		const bad = items.filter((item) => item.bad);
		expect(bad).toHaveLength(SIZE / 50);
		for (const item of bad) {
			const { error, description } = errorOf(item);
			// Named as the panel shows it (the body path stays in the error's details), with the item.
			expect({ item: item.index, namesField: startsWithPanelName(error, names), rawPath: String(error).includes(`'${item.bad!.field}'`) }).toEqual({
				item: item.index,
				namesField: true,
				rawPath: false,
			});
			expect(error).toMatch(new RegExp(`\\(item ${inItsExecution(key, item.index)}[;)]`));
			expect(description).toContain('Nothing was sent to the platform');
			expect({ item: item.index, requests: item.requests.length, records: item.records }).toEqual({ item: item.index, requests: 0, records: 0 });
		}
	});

	it.each(each)('%s: an item reported as succeeded exists on the platform once, and is what the platform holds', (_title, key) => {
		const { items, scenario } = outcome(key);
		const sandbox = boxes[key];
		const succeeded = items.filter((item) => !errorOf(item).error);
		expect(succeeded.length).toBeGreaterThan(SIZE / 2);
		for (const item of succeeded) {
			expect({ item: item.index, records: item.records, matches: scenario.matches(sandbox, item.index, item.outputs[0].json) }).toEqual({
				item: item.index,
				records: 1,
				matches: true,
			});
		}
	});

	it.each(each)('%s: an item fails only when every request of it lost its answer, and then says the outcome is unknown', (_title, key) => {
		const { items, scenario } = outcome(key);
		for (const item of items.filter((entry) => !entry.bad)) {
			const struck = item.requests.filter((entry) => entry.faultName !== undefined).length;
			const { error, description } = errorOf(item);
			if (!error) {
				// Its last request got an answer (no fault struck it), or its lost answer was settled by a read.
				const lastStruck = item.requests.at(-1)?.faultName;
				const confirmed = item.outputs[0]?.json.confirmedAfterLostAnswer;
				if (scenario.settled && lastStruck !== undefined) expect({ item: item.index, confirmed: typeof confirmed }).toEqual({ item: item.index, confirmed: 'string' });
				else expect({ item: item.index, lastStruck }).toEqual({ item: item.index, lastStruck: undefined });
				continue;
			}
			// A plain write is sent once: a fault struck it, or (on a machine too busy to answer within the timeout,
			// counted in the report) it got no answer in time, which is a lost answer too.
			if (scenario.safety === 'write' && struck === 0) expect({ item: item.index, error }).toEqual({ item: item.index, error: expect.stringContaining('(no answer within') });
			// A deduplicated write fails only once every attempt (4, with the same key) lost its answer.
			if (scenario.safety === 'idempotent') expect({ item: item.index, attempts: item.requests.length }).toEqual({ item: item.index, attempts: 4 });
			const notMade = scenario.settled?.notMade.test(String(error)) === true;
			expect({ item: item.index, error }).toEqual({ item: item.index, error: expect.stringMatching(notMade ? scenario.settled!.notMade : scenario.unknownOutcome) });
			if (notMade) expect({ item: item.index, records: item.records }).toEqual({ item: item.index, records: 0 });
			expect(error).toContain(`(item ${inItsExecution(key, item.index)})`);
			expect(description).toBeTruthy();
		}
	});

	it.each(each)("%s: an unknown outcome is on the platform exactly when one of the item's requests reached the endpoint", (_title, key) => {
		const { items } = outcome(key);
		for (const item of items.filter((entry) => !entry.bad && errorOf(entry).error)) {
			expect({ item: item.index, records: item.records }).toEqual({ item: item.index, records: item.reached.length ? 1 : 0 });
		}
	});

	it.each(each)('%s: nothing done twice, and a plain write is sent once', (_title, key) => {
		const { items, records, scenario } = outcome(key);
		expect(records.doubles).toEqual([]);
		expect(records.strays).toBe(0);
		expect(items.filter((item) => item.records > 1).map((item) => item.index)).toEqual([]);
		// Every request the endpoint did its work on answered success: nothing was refused as a repeat.
		expect(items.flatMap((item) => item.reached).filter((entry) => entry.status < 200 || entry.status >= 300)).toEqual([]);
		if (scenario.safety === 'write') {
			expect(items.filter((item) => !item.bad && item.requests.length !== 1).map((item) => item.index)).toEqual([]);
		} else {
			// Sent again only with the same key, at most 4 times, and each item with a key of its own.
			const keyOf = (entry: LedgerEntry) => String(key === 'process' ? (entry.body as IDataObject).idempotenceKey : entry.headers['idempotency-key']);
			const keys = items.filter((item) => !item.bad).map((item) => new Set(item.requests.map(keyOf)));
			expect(keys.filter((set) => set.size !== 1)).toEqual([]);
			expect(new Set(keys.map((set) => [...set][0])).size).toBe(keys.length);
			expect(items.filter((item) => item.requests.length > 4)).toEqual([]);
		}
	});

	it('every fault kind struck every write, at about the planned rate', () => {
		for (const { requests, scenario } of outcomes.values()) {
			const struck = countBy(requests.filter((entry) => entry.faultName), (entry) => entry.faultName!);
			expect({ scenario: scenario.title, kinds: FAULT_KINDS.filter((kind) => !struck.get(kind.name)).map((kind) => kind.name) }).toEqual({ scenario: scenario.title, kinds: [] });
			const share = [...struck.values()].reduce((a, b) => a + b, 0) / requests.length;
			expect(share).toBeGreaterThan(FAULT_RATE - 0.05);
			expect(share).toBeLessThan(FAULT_RATE + 0.05);
		}
	});

	it('the faults are the ones the seed draws: the same seed strikes the same requests with the same faults', () => {
		SCENARIOS.forEach((scenario, index) => {
			// The sandbox draws once per rule tried, in the order the requests arrive: replay those draws here.
			const replay = new Faults();
			replay.set(faultRules(scenario.path), SEED + index);
			const { requests } = outcome(scenario.key);
			expect(requests.map((entry) => entry.faultName)).toEqual(requests.map(() => replay.take('POST', scenario.path)?.name));
		});
	});

	it('no nonce was used twice, and the sandbox refused none as a replay', () => {
		expect(nonces.checked).toBeGreaterThan(3 * SIZE);
		expect(nonces.reused).toEqual([]);
		expect(nonces.replayRefusals).toBe(0);
	});

	it('no secret in any output item, error message or description, or anything n8n logged', () => {
		secrets.scan('n8n log and console', logs.lines.join('\n'));
		expect(secrets.secretsChecked.tranKeys).toBeGreaterThan(3 * SIZE);
		expect(secrets.hits).toEqual([]);
	});

	it('the secret scan finds what it looks for (a scan that cannot fail proves nothing)', () => {
		const probe = new SecretScan();
		probe.addSecret('card number', CARDS[0].number);
		probe.addCvv(CARDS[0].cvv);
		const entry = outcome('process').requests[0];
		probe.addTranKeys([entry], boxes.process.credentials.secretKey);
		const auth = (entry.body as { auth: { nonce: string; seed: string } }).auth;
		const tranKey = expectedTranKey(Buffer.from(auth.nonce, 'base64'), auth.seed, boxes.process.credentials.secretKey, 'sha256');
		expect(probe.scan('probe', { error: `card ${CARDS[0].number}` }).map((hit) => hit.secret)).toEqual(['card number']);
		expect(probe.scan('probe', `CVV: ${CARDS[0].cvv}.`).map((hit) => hit.secret)).toEqual(['CVV']);
		expect(probe.scan('probe', { card: { cvv: CARDS[0].cvv } }).map((hit) => hit.secret)).toEqual(['CVV']);
		expect(probe.scan('probe', `PAY-${CARDS[0].cvv}, id 5${CARDS[0].cvv}1`)).toEqual([]);
		expect(probe.scan('probe', `{"t":"${tranKey}"}`).map((hit) => hit.secret)).toEqual(['tranKey']);
	});
});

// ---------------------------------------------------------------------------------------------------------
// The counts
// ---------------------------------------------------------------------------------------------------------

function report(): Record<string, unknown> {
	const scenarios = [...outcomes.values()].map(({ scenario, requests, items, records }) => {
		const errors = items.filter((item) => errorOf(item).error);
		const unknown = errors.filter((item) => !item.bad);
		const struck = countBy(requests.filter((entry) => entry.faultName), (entry) => entry.faultName!);
		return {
			write: scenario.title,
			items: SIZE,
			badInputs: items.filter((item) => item.bad).length,
			requests: requests.length,
			faults: [...struck.values()].reduce((a, b) => a + b, 0),
			faultsByKind: Object.fromEntries(FAULT_KINDS.map((kind) => [kind.name, struck.get(kind.name) ?? 0])),
			outputs: items.length - errors.length,
			errors: errors.length,
			errorsBeforeSending: errors.length - unknown.length,
			errorsUnknownOutcome: unknown.filter((item) => scenario.unknownOutcome.test(errorOf(item).error ?? '')).length,
			unknownOutcomeDoneOnPlatform: unknown.filter((item) => item.records > 0).length,
			unknownOutcomeNotDone: unknown.filter((item) => item.records === 0).length,
			itemsWithoutExactlyOneOutput: items.filter((item) => item.outputs.length !== 1).length,
			succeededMissingOnPlatform: items.filter((item) => !errorOf(item).error && item.records !== 1).length,
			failedBeforeSendingOnPlatform: items.filter((item) => item.bad && item.records > 0).length,
			doneTwice: records.doubles.length + items.filter((item) => item.records > 1).length,
			timeoutsWithoutFault: items.filter((item) => !item.bad).reduce((sum, item) => sum + timedOut(item), 0),
			plainWritesSentAgain: scenario.safety === 'write' ? items.filter((item) => item.requests.length > 1).length : null,
		};
	});
	return {
		part: 'Writes under faults',
		seed: SEED,
		faultRate: FAULT_RATE,
		timeoutMs: TIMEOUT_MS,
		latencyMs: LATENCY_MS,
		scenarios,
		nonces: { checked: nonces.checked, reused: nonces.reused.length, replayRefusals: nonces.replayRefusals, list: nonces.list() },
		secrets: secrets.summary(logs?.lines.length ?? 0),
	};
}
