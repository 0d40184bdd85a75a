/**
 * "Transaction Trigger, one poll": what a poll costs when the report brings 0, 100 or 10,000 new transactions, and
 * when it brings 10,000 already output (the overlap the next poll reads again), and what the trigger keeps between
 * polls (its static data, as n8n saves it). A poll is the node's poll() in n8n-core's real PollContext (the engine
 * tests' harness, test/engine/pollHarness.ts) against a sandbox of its own whose reports are ready at the first ask:
 * one report asked for, obtained, read and selected. n8n runs pollers only on a schedule (a minute at least), so
 * the poll is timed in the bench process, not in the shared n8n.
 * Limit: the same report asked for, downloaded and split into cells by a bare loop in the bench process.
 */
/* eslint-disable @n8n/community-nodes/no-restricted-globals, @typescript-eslint/no-require-imports -- runs in Node, not in n8n: eslint.dev.config.mjs lints it */
import { startSandbox, type RunningSandbox } from '../../sandbox';
import { poller, type Poller } from '../../test/engine/pollHarness';
import { median, type BenchCase, type BenchVariant } from '../lib/types';

const examples = require('../../scripts/n8n/examples.js');

/** The sandbox's gateway transactions, by internal reference (sandbox/routes/gateway/state.ts). */
type Transactions = Record<string, { siteLogin: string; view: Record<string, unknown>; payer: Record<string, unknown> }>;

const isoSeconds = (at: number) => new Date(at).toISOString().replace(/\.\d{3}Z$/, '+00:00');

/** Adds `count` approved card payments of the sandbox's site, made now (a buyer paying, `count` times). */
function addPayments(sandbox: RunningSandbox, count: number, first: number): void {
	const transactions = sandbox.world.slice<{ transactions: Transactions }>('gateway', () => {
		throw new Error('the sandbox has no gateway state');
	}).transactions;
	const date = isoSeconds(Date.now());
	for (let i = 0; i < count; i++) {
		const internalReference = first + i;
		transactions[String(internalReference)] = {
			siteLogin: sandbox.credentials.login,
			view: {
				status: { status: 'APPROVED', reason: '00', message: 'Approved', date },
				date,
				transactionDate: date,
				internalReference,
				reference: `BENCH-${internalReference}`,
				paymentMethod: 'CRA',
				amount: { currency: 'USD', total: 10 + (i % 500) },
				authorization: '123456',
				type: 'AUTH_ONLY',
				refunded: false,
				lastDigits: '1111',
			},
			payer: { name: 'Ana', surname: 'Gomez', email: `ana.${i}@example.com` },
		};
	}
}

interface PollFigures {
	ms: number;
	items: number;
	keptKB: number;
	keptEntries: number;
}

async function timedPoll(trigger: Poller): Promise<PollFigures> {
	const started = process.hrtime.bigint();
	const items = await trigger.poll();
	const ms = Number(process.hrtime.bigint() - started) / 1e6;
	const kept = trigger.savedStaticData()['node:Trigger'] as { transactionPoll?: { seen?: object } } | undefined;
	return { ms, items: items.length, keptKB: Buffer.byteLength(JSON.stringify(kept ?? {})) / 1024, keptEntries: Object.keys(kept?.transactionPoll?.seen ?? {}).length };
}

/** The bare loop: the last hour's report asked for, downloaded and split into cells; ms. */
async function bareDownload(sandbox: RunningSandbox): Promise<number> {
	const started = process.hrtime.bigint();
	const post = async (path: string, body: object) =>
		fetch(`${sandbox.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ auth: examples.signedAuth(sandbox.credentials.login, sandbox.credentials.secretKey), ...body }) });
	const now = Date.now();
	const { id } = (await (await post('/gateway/report', { filters: { startDate: isoSeconds(now - 3_600_000), endDate: isoSeconds(now) } })).json()) as { id: number };
	const text = await (await post('/gateway/report/obtain', { id })).text();
	let cells = 0;
	for (const line of text.split('\n')) if (line) cells += line.split('\t').length;
	if (cells === 0) throw new Error('the report was empty');
	return Number(process.hrtime.bigint() - started) / 1e6;
}

export const benchCase: BenchCase = {
	id: 'transactionPoll',
	title: 'Transaction Trigger, one poll',
	async run(ctx) {
		const large = ctx.quick ? 1_000 : 10_000;
		const sandbox = await startSandbox({ port: 0, reportPendingPolls: 0, retryAfterSeconds: 0 });
		const credentials = { paySuiteApi: { login: sandbox.credentials.login, secretKey: sandbox.credentials.secretKey, algorithm: 'sha256', baseUrl: sandbox.url, timeZone: 'America/Bogota' } };
		const samples: Record<string, PollFigures[]> = {};
		const limit: number[] = [];
		const record = (name: string, figures: PollFigures) => (samples[name] ??= []).push(figures);
		try {
			for (let round = 0; round < ctx.rounds; round++) {
				for (const count of [0, 100, large]) {
					sandbox.reset();
					const trigger = poller({ type: 'paySuiteTransactionTrigger', parameters: { statuses: ['APPROVED'] }, credentials });
					await trigger.poll(); // activation: the trigger starts now
					await new Promise((resolve) => setTimeout(resolve, 1100)); // the payments are in a later second
					addPayments(sandbox, count, 800_000_000 + round * 100_000);
					const figures = await timedPoll(trigger);
					if (figures.items !== count) throw new Error(`a poll with ${count} new transactions output ${figures.items} items`);
					record(`${count.toLocaleString('en-US')} new`, figures);
					if (count !== large) continue;
					// The next poll reads the same transactions again (the overlap): nothing is output.
					const again = await timedPoll(trigger);
					if (again.items !== 0) throw new Error(`the overlap was output again (${again.items} items)`);
					record(`${count.toLocaleString('en-US')} already output`, again);
					limit.push(await bareDownload(sandbox));
				}
			}
		} finally {
			await sandbox.stop();
		}
		const variants: BenchVariant[] = Object.entries(samples).map(([name, figures]) => ({
			name: `poll, ${name}`,
			role: 'package',
			median: median(figures.map((entry) => entry.ms)),
			unit: 'ms/poll',
			samples: figures.map((entry) => entry.ms),
			note: `kept between polls: ${median(figures.map((entry) => entry.keptKB)).toFixed(1)} KB, ${median(figures.map((entry) => entry.keptEntries))} transactions remembered`,
		}));
		variants.push({ name: `bare request, download and split, ${large.toLocaleString('en-US')} rows`, role: 'limit', median: median(limit), unit: 'ms', samples: limit });
		const largePoll = variants.find((variant) => variant.name === `poll, ${large.toLocaleString('en-US')} new`)!;
		return {
			id: this.id,
			title: this.title,
			variants,
			ratios: [{ name: `poll with ${large.toLocaleString('en-US')} new / bare download`, value: largePoll.median / median(limit) }],
			notes: [
				'Each poll: one report asked for and read at once (the sandbox makes it ready at the first ask); the activation poll before it is not timed.',
				'What is kept between polls is the static data n8n saves: the transactions seen within the overlap (10 minutes), bounded by it whatever the history.',
			],
		};
	},
};
