/**
 * One poll reads the report asked for at an earlier poll when ready, then asks for the next period's, so the poller
 * is never held while the platform works. Fetch Test Event waits briefly for the last 10 days' report instead.
 */
import { NodeOperationError, type IDataObject, type INodeExecutionData, type IPollFunctions } from 'n8n-workflow';

import type { ReportRow } from '../shared/reports/reportTsv';
import { rowPayments, rowTime } from '../shared/reports/siteRows';
import { credentialTimeZone } from '../shared/schemas/timeZone';
import { credentialsOnce } from '../shared/transport/credentials';
import { asNodeError } from '../shared/transport/nodeErrors';
import { transactionItem } from './output';
import { forgetOld, nextPeriod, readState, reportGivenUp, STATE_KEY, type PollState, type PollTiming } from './pollState';
import { readReport, recentRows, requestReport, type ReportAccess } from '../shared/reports/reportRequests';
import { byTime, selectRows, transactionKey, type Selected } from './selection';
import { readSettings, reportFilters, type TriggerSettings } from './schemas';
import { simplifyName } from './versions';

/** A workflow catching up reads the rest at the next polls. */
const MAX_READS_PER_POLL = 3;
const SAMPLE_WAIT_MS = 60_000;
const SAMPLE_SIZE = 10;

interface PollRun extends ReportAccess {
	fn: IPollFunctions;
	settings: TriggerSettings;
	timing: PollTiming;
	now: number;
	started: number;
	budgetMs: number;
}

async function startRun(fn: IPollFunctions): Promise<PollRun> {
	const credentials = await credentialsOnce(fn, 'paySuiteApi');
	const timeZone = credentialTimeZone(credentials) ?? fn.getTimezone();
	const read = readSettings(
		{
			triggerOn: fn.getNodeParameter('triggerOn', 'newTransaction'),
			statuses: fn.getNodeParameter('statuses', []),
			types: fn.getNodeParameter('types', []),
			simple: fn.getNodeParameter(simplifyName(fn.getNode().typeVersion), true),
			options: fn.getNodeParameter('options', {}),
		},
		timeZone,
	);
	if ('problem' in read) throw new NodeOperationError(fn.getNode(), read.problem, { description: 'Change it in the trigger, then publish the workflow again.' });
	const { settings } = read;
	const now = Date.now();
	// n8n gives a poll a budget (5 minutes unless configured); catching up stops well before it.
	const budgetMs = typeof fn.getPollBudgetMs === 'function' ? fn.getPollBudgetMs() : 300_000;
	return { fn, timeZone, settings, timing: { overlapMs: settings.overlapMs, followPendingMs: settings.followPendingMs }, now, started: now, budgetMs };
}

const items = (run: PollRun, selected: Selected[]): INodeExecutionData[] =>
	selected.map(({ row, previousStatus, payment }) => ({ json: transactionItem(row, { simple: run.settings.simple, timeZone: run.timeZone }, previousStatus, payment) }));

/** As the whole report tells, not only the selected rows. */
function withPayments(selected: Selected[], rows: ReportRow[], timeZone: string): Selected[] {
	const payments = rowPayments(rows, timeZone);
	const byRow = new Map(rows.map((row, index) => [row, payments[index]]));
	return selected.map((entry) => ({ ...entry, payment: byRow.get(entry.row) ?? null }));
}

/** The state changes on a copy, kept only once the whole report is read (a broken download leaves it as it was). */
async function readPending(run: PollRun, state: PollState, emitted: Selected[]): Promise<'read' | 'notReady' | 'gone'> {
	const report = state.report!;
	const read = reportGivenUp(report, run.now) ? ({ gone: true } as const) : await readReport(run, report.id);
	if ('gone' in read) {
		state.report = undefined;
		return 'gone';
	}
	if (!read.ready) return 'notReady';
	const draft: PollState = { ...state, seen: { ...state.seen } };
	const selected = withPayments(selectRows(read.rows, draft, { triggerOn: run.settings.triggerOn, statuses: run.settings.statuses, timeZone: run.timeZone }), read.rows, run.timeZone);
	draft.cursor = Math.max(draft.cursor, report.end);
	draft.report = undefined;
	forgetOld(draft, run.now, run.timing);
	Object.assign(state, draft);
	emitted.push(...selected);
	return 'read';
}

/** A few reports at most, well within n8n's budget. */
async function advance(run: PollRun, state: PollState, emitted: Selected[]): Promise<void> {
	let reads = 0;
	if (state.report) {
		const outcome = await readPending(run, state, emitted);
		if (outcome === 'notReady') return;
		if (outcome === 'read') reads++;
	}
	while (reads < MAX_READS_PER_POLL && Date.now() - run.started < run.budgetMs / 2) {
		const period = nextPeriod(state, run.now, run.timing);
		if (!period) return;
		const id = await requestReport(run, period, reportFilters(run.settings));
		state.report = { id, ...period, askedAt: run.now };
		// Often not ready at once: then it is read at the next poll.
		const outcome = await readPending(run, state, emitted);
		if (outcome !== 'read') return;
		reads++;
		// Caught up: the next period is asked for at the next poll.
		if (period.end >= run.now - 1000) return;
	}
}

/** The transactions that start the published workflow, in the order they happened, or null. */
export async function pollTransactions(fn: IPollFunctions): Promise<INodeExecutionData[][] | null> {
	const run = await startRun(fn);
	if (fn.getMode() === 'manual') return [await sampleItems(run)];
	const data = fn.getWorkflowStaticData('node') as IDataObject;
	const state = readState(data[STATE_KEY], run.settings.startFrom ?? run.now);
	const emitted: Selected[] = [];
	try {
		await advance(run, state, emitted);
	} catch (error) {
		// What was read before the failure is output (it is remembered as seen); the failure shows at the next poll.
		if (!emitted.length) throw asNodeError(fn.getNode(), error);
	} finally {
		// A new object: n8n saves static data it sees changed.
		data[STATE_KEY] = { ...state };
	}
	return emitted.length ? [items(run, emitted.sort(byTime))] : null;
}

/** Nothing is remembered: the published workflow still outputs them when they are new to it. */
async function sampleItems(run: PollRun): Promise<INodeExecutionData[]> {
	const { id, rows } = await recentRows(run, reportFilters(run.settings), run.now, SAMPLE_WAIT_MS);
	if (!rows) {
		throw new NodeOperationError(run.fn.getNode(), `The report ${id} of the last 10 days was not ready within ${SAMPLE_WAIT_MS / 1000} s`, {
			description: 'The platform is slow to make reports right now: fetch a test event again in a minute. The published workflow is not affected.',
		});
	}
	const wanted = run.settings.statuses.length ? new Set(run.settings.statuses) : undefined;
	const matching: Selected[] = rows
		.filter((row) => !wanted || wanted.has(String(row.status ?? '')))
		.map((row) => ({ row, at: rowTime(row, run.timeZone), key: transactionKey(row), previousStatus: run.settings.triggerOn === 'statusChanged' ? null : undefined }));
	if (!matching.length) {
		throw new NodeOperationError(run.fn.getNode(), 'No transaction of the last 10 days matches the trigger', {
			description: 'Make a payment (in the sandbox: pay a payment link or a session with a test card), or choose fewer Statuses or Transaction Types, then fetch a test event again.',
		});
	}
	return items(run, withPayments(matching.sort(byTime).slice(-SAMPLE_SIZE), rows, run.timeZone));
}
