/**
 * Part 2 of the reliability suite (test/RELIABILITY.md): n8n's Retry of a failed execution. A batch of
 * payments goes through Gateway > Transaction > Process without Continue On Fail, against a sandbox that
 * strikes half of the requests; the execution stops on the first payment whose every attempt lost its answer
 * (its outcome unknown). It is retried the way n8n retries (test/helpers/engine.ts `retryExecution`: a new
 * execution going on from the stored run data), several times while the faults go on, then once the platform
 * answers again. Each retry must create no new charge for a payment that had gone through (it gets the same
 * transaction back) and charge those that had not; at the end every payment is charged exactly once.
 */
import type { IDataObject } from 'n8n-workflow';

import type { RunningSandbox } from '../../sandbox';
import { requestDefaults } from '../../nodes/shared/transport/retry';
import { retryExecution, runWorkflow, type RunResult } from '../helpers/engine';
import { paySuiteApi, withSandbox } from '../helpers/sandbox';
import { captureLogs, type LogCapture } from '../helpers/logs';
import { NonceBook, SecretScan } from './evidence';
import { FAULT_KINDS, faultRules, SEED, TIMEOUT_MS } from './faultPlan';
import { countBy, duplicates, gatewayOf } from './platform';
import { writePart } from './report';

jest.setTimeout(300_000);

const SIZE = 200;
/** Half the requests struck: an execution of 200 payments almost surely stops on one whose 4 attempts all failed. */
const RATE = 0.5;
/** Retries while the faults go on, before the platform recovers. */
const RETRIES_UNDER_FAULTS = 4;
// Faults before the work in one execution (the payment it stops on was not charged), after it in the next (it
// was): both cases of an unknown outcome. Latencies only slow the run down: part 1 covers them.
const BEFORE = FAULT_KINDS.filter((kind) => !kind.workDone);
const AFTER = FAULT_KINDS.filter((kind) => kind.workDone && kind.rule.kind !== 'latency');
const kindsOf = (execution: number) => (execution % 2 === 0 ? BEFORE : AFTER);

const CARD = { number: '4111111111111111', cvv: '987' };
const sandbox: RunningSandbox = withSandbox({ retryAfterSeconds: 0, ledgerEntries: 100_000 }, () => undefined);

const parameters = {
	resource: 'transaction',
	operation: 'process',
	cardNumber: CARD.number,
	expiration: '12/30',
	cvv: CARD.cvv,
	reference: '={{ $json.reference }}',
	description: 'Subscription',
	currency: 'USD',
	total: '={{ $json.total }}',
	payer: { name: 'Ana', surname: 'Gomez', email: 'ana@example.com', document: '1020304050', documentType: 'CC' },
};
const items = Array.from({ length: SIZE }, (_, index) => ({ reference: `RTY-${index}`, total: 15 + (index % 40), scheduledAt: '2026-11-24T10:00:00Z' }));

/** Reference → the internal references of its transactions, as the platform holds them. */
const charges = (): Map<string, number[]> => {
	const byReference = new Map<string, number[]>();
	for (const txn of Object.values(gatewayOf(sandbox).transactions)) {
		byReference.set(txn.view.reference, [...(byReference.get(txn.view.reference) ?? []), txn.view.internalReference]);
	}
	return byReference;
};

/** The item an execution stopped on: its error names it. */
const failedItem = (result: RunResult): number => Number(/\(item (\d+)\)$/.exec(result.error?.message ?? '')?.[1]);

interface Round {
	execution: string;
	/** The item it stopped on, and whether that payment had gone through (the platform shows a charge). */
	stoppedOn?: { item: number; chargedWhenItStopped: boolean; message: string };
	/** Payments charged before the round, of them charged again by it (must be 0), and charged by it for the first time. */
	chargedBefore: number;
	chargedAgain: number;
	newlyCharged: number;
	requests: number;
	faults: number;
}

const rounds: Round[] = [];
const nonces = new NonceBook();
const secrets = new SecretScan();
let logs: LogCapture;
const saved = { ...requestDefaults };
let last: RunResult;

/** Runs one execution (the first, or a retry of the one before), and records what it charged. */
async function round(execution: string, start: () => Promise<RunResult>): Promise<RunResult> {
	const before = charges();
	const result = await start();
	await sandbox.idle();
	const after = charges();
	const entries = sandbox.ledger();
	nonces.add(entries);
	secrets.addTranKeys(entries, sandbox.credentials.secretKey);
	sandbox.clearLedger();
	secrets.scanRun(execution, result.run);

	const chargedAgain = [...before].filter(([reference, refs]) => (after.get(reference) ?? []).join() !== refs.join()).length;
	const item = result.error ? failedItem(result) : undefined;
	rounds.push({
		execution,
		stoppedOn:
			item === undefined ? undefined : { item, chargedWhenItStopped: (after.get(`RTY-${item}`) ?? []).length > 0, message: result.error!.message },
		chargedBefore: before.size,
		chargedAgain,
		newlyCharged: after.size - before.size,
		requests: entries.filter((entry) => entry.path === '/gateway/process').length,
		faults: entries.filter((entry) => entry.faultName).length,
	});
	return result;
}

beforeAll(async () => {
	logs = captureLogs();
	requestDefaults.timeoutMs = TIMEOUT_MS;
	requestDefaults.retryDelayMs = 0;
	secrets.addSecret('secret key', sandbox.credentials.secretKey);
	secrets.addSecret('card number', CARD.number);
	secrets.addCvv(CARD.cvv);

	sandbox.setFaults(faultRules('/gateway/process', kindsOf(0), RATE), { seed: SEED });
	last = await round('execution 1', () =>
		runWorkflow({
			items,
			nodes: [{ name: 'Process', type: 'paySuiteGateway', credentials: ['paySuiteApi'], parameters: parameters as never }],
			credentials: paySuiteApi(sandbox),
			executionId: 'reliability-retry-1',
		}),
	);
	for (let retry = 1; retry <= RETRIES_UNDER_FAULTS && last.error; retry++) {
		sandbox.setFaults(faultRules('/gateway/process', kindsOf(retry), RATE), { seed: SEED + retry });
		const failed = last;
		last = await round(`retry ${retry} (faults go on)`, () => retryExecution(failed, `reliability-retry-${retry + 1}`));
	}
	sandbox.clearFaults();
	if (last.error) {
		const failed = last;
		last = await round('retry once the platform answers', () => retryExecution(failed, 'reliability-retry-final'));
	}
});

afterAll(() => {
	Object.assign(requestDefaults, saved);
	logs?.restore();
	writePart('2-retry', {
		part: "n8n's Retry of a failed execution",
		seed: SEED,
		faultRate: RATE,
		payments: SIZE,
		executions: rounds.length,
		failedExecutions: rounds.filter((entry) => entry.stoppedOn).length,
		stoppedOnChargedPayment: rounds.filter((entry) => entry.stoppedOn?.chargedWhenItStopped).length,
		stoppedOnUnchargedPayment: rounds.filter((entry) => entry.stoppedOn && !entry.stoppedOn.chargedWhenItStopped).length,
		chargedPaymentsRetried: rounds.slice(1).reduce((sum, entry) => sum + entry.chargedBefore, 0),
		newChargesForChargedPayments: rounds.reduce((sum, entry) => sum + entry.chargedAgain, 0),
		chargedByRetries: rounds.slice(1).reduce((sum, entry) => sum + entry.newlyCharged, 0),
		finalCharges: charges().size,
		doubleCharges: duplicates(countBy([...charges()].flatMap(([reference, refs]) => refs.map(() => reference)), (reference) => reference)).length,
		rounds,
		nonces: { checked: nonces.checked, reused: nonces.reused.length, replayRefusals: nonces.replayRefusals, list: nonces.list() },
		secrets: secrets.summary(logs?.lines.length ?? 0),
	});
});

describe(`n8n's Retry of a failed batch of ${SIZE} payments (seed ${SEED})`, () => {
	it('the first execution and each retry under faults stop on a payment whose outcome is unknown, and say so', () => {
		const failed = rounds.filter((entry) => entry.stoppedOn);
		expect(failed.length).toBeGreaterThanOrEqual(2);
		expect(rounds[0].stoppedOn).toBeDefined();
		for (const { stoppedOn } of failed) {
			expect(stoppedOn!.message).toMatch(/^The payment of [\d.]+ USD with reference RTY-\d+ may have been charged: the platform's answer was lost \(.+\) \(item \d+\)$/);
		}
	});

	it('a retry creates no new charge for a payment that had gone through', () => {
		expect(rounds.slice(1).map((entry) => entry.chargedBefore).every((count) => count > 0)).toBe(true);
		expect(rounds.map((entry) => entry.chargedAgain)).toEqual(rounds.map(() => 0));
	});

	it('and charges the payments that had not: at the end every payment is charged exactly once', () => {
		expect(last.error).toBeUndefined();
		const all = charges();
		expect(all.size).toBe(SIZE);
		expect([...all].filter(([, refs]) => refs.length !== 1)).toEqual([]);
		expect(rounds.slice(1).reduce((sum, entry) => sum + entry.newlyCharged, 0)).toBeGreaterThan(0);
	});

	it('the last retry outputs one approved transaction per payment, the one the platform holds', () => {
		const outputs = last.output('Process');
		expect(outputs).toHaveLength(SIZE);
		const all = charges();
		outputs.forEach((output, index) => {
			expect(output.pairedItem).toEqual({ item: index });
			const json = output.json as IDataObject;
			expect({ index, internalReference: json.internalReference, status: json.status }).toEqual({
				index,
				internalReference: all.get(`RTY-${index}`)![0],
				status: 'APPROVED',
			});
		});
	});

	it('the payment each execution stopped on: charged once in the end, whether or not it had gone through', () => {
		const all = charges();
		const stopped = rounds.filter((entry) => entry.stoppedOn).map((entry) => entry.stoppedOn!);
		expect(stopped.filter((entry) => entry.chargedWhenItStopped).length).toBeGreaterThan(0);
		expect(stopped.filter((entry) => !entry.chargedWhenItStopped).length).toBeGreaterThan(0);
		for (const { item } of stopped) expect(all.get(`RTY-${item}`)).toHaveLength(1);
	});

	it('no nonce used twice, no secret in any output, error or log', () => {
		secrets.scan('n8n log and console', logs.lines.join('\n'));
		expect(nonces.checked).toBeGreaterThan(SIZE);
		expect(nonces.reused).toEqual([]);
		expect(nonces.replayRefusals).toBe(0);
		expect(secrets.hits).toEqual([]);
	});
});
