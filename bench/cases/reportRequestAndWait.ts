/**
 * "Request and Wait, 100k rows, items vs binary": Report › Request and Wait in the real n8n (ctx.n8n()), Output
 * "One Item per Row" against Output "Binary File", and the limit: the same report downloaded, gunzipped and split
 * in the bench process with nothing but node (a signed request, zlib, split on \n and \t, nothing kept).
 *
 * The sandbox in ctx is shared, and a report's size is a sandbox option (reportRows, no per-request way), so
 * the case starts its own sandbox with reportRows set and saves a credential pointing at it in n8n. The report
 * covers one day (one window of the node), so it holds exactly reportRows rows.
 *
 * Time: the node's own time in the stored run (runData.Report[0].executionTime), and the whole run as a user
 * waits for it (POST /rest/workflows/<id>/run until the execution is stored: n8n saves 100k items too).
 * Memory: n8n's RSS (/proc/<pid>/status VmRSS, sampled every 50 ms during the run; VmHWM is the peak of the
 * process's whole life, so it cannot tell one run from another), its peak and its growth above the RSS just
 * before the run. Only when the runner gives n8n's `pid`. V8 keeps the heap it grew, so a later run reuses it
 * and grows RSS less: the figure is the growth at each variant's first run, the later ones in the note.
 */
/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @typescript-eslint/no-explicit-any, @typescript-eslint/no-require-imports -- runs in Node, not in n8n: eslint.dev.config.mjs lints it */
import { promises as fs } from 'fs';
import { request } from 'http';
import { createGunzip } from 'zlib';

import { startSandbox } from '../../sandbox';
import { median, type BenchCase, type BenchContext, type BenchN8n, type BenchResult, type BenchVariant } from '../lib/types';

const { signedAuth } = require('../../scripts/n8n/examples.js') as {
	signedAuth(login: string, secretKey: string): Record<string, string>;
};

const NODE_TYPE = 'n8n-nodes-paysuite.paySuiteGateway';
const DAY = '2025-01-15';

type Output = 'items' | 'binary';

interface Sample {
	/** The whole run (n8n: from the run request until the execution is stored). */
	ms: number;
	/** n8n only: the node's own time. */
	nodeMs?: number;
	rows: number;
	peakRssMB?: number;
	rssGrowthMB?: number;
}

/** n8n's resident memory now, in MB (undefined without a pid or outside Linux). */
async function rssMB(pid: number | undefined): Promise<number | undefined> {
	if (!pid) return undefined;
	try {
		const status = await fs.readFile(`/proc/${pid}/status`, 'utf8');
		const kb = /^VmRSS:\s+(\d+)\s+kB/m.exec(status);
		return kb ? Number(kb[1]) / 1024 : undefined;
	} catch {
		return undefined;
	}
}

/** Samples n8n's RSS every 50 ms until stopped: the peak and the growth above the RSS at the start. */
async function sampleRss(pid: number | undefined): Promise<{ stop(): Promise<{ peakRssMB?: number; rssGrowthMB?: number }> }> {
	const start = await rssMB(pid);
	let peak = start;
	let running = true;
	const loop = (async () => {
		while (running) {
			const now = await rssMB(pid);
			if (now !== undefined && (peak === undefined || now > peak)) peak = now;
			await new Promise((resolve) => setTimeout(resolve, 50));
		}
	})();
	return {
		async stop() {
			running = false;
			await loop;
			return start === undefined || peak === undefined ? {} : { peakRssMB: peak, rssGrowthMB: peak - start };
		},
	};
}

/** The stored run of an execution (n8n keeps it as `flatted` text; see storedRun in test/e2e/harness.ts). */
function storedRun(data: string): any {
	const table = JSON.parse(data) as unknown[];
	const seen = new Set<object>();
	const revive = (value: unknown): unknown => {
		if (typeof value !== 'object' || value === null || seen.has(value)) return value;
		seen.add(value);
		const entries = value as Record<string, unknown>;
		for (const key of Object.keys(entries)) if (typeof entries[key] === 'string') entries[key] = revive(table[Number(entries[key])]);
		return value;
	};
	return revive(table[0]);
}

async function saveWorkflow(n8n: BenchN8n, credentialId: string, output: Output): Promise<{ id: string; data: unknown }> {
	const nodes = [
		{ name: 'Start', type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, position: [0, 0], parameters: {} },
		{
			name: 'Report',
			type: NODE_TYPE,
			typeVersion: 1,
			position: [240, 0],
			credentials: { paySuiteApi: { id: credentialId, name: 'PaySuite (bench report sandbox)' } },
			parameters: {
				resource: 'report',
				operation: 'requestAndWait',
				period: 'custom',
				startDate: `${DAY}T00:00:00`,
				endDate: `${DAY}T23:59:59`,
				filters: {},
				options: {},
				output,
				timeout: 600,
				pollInterval: 1,
			},
		},
	];
	const connections = { Start: { main: [[{ node: 'Report', type: 'main', index: 0 }]] } };
	const saved = await n8n.rest.call('POST', '/rest/workflows', {
		name: `bench: Request and Wait (${output})`,
		nodes,
		connections,
		settings: { executionOrder: 'v1', timezone: 'UTC' },
	});
	if (saved.status !== 200) throw new Error(`saving the ${output} workflow: ${saved.status} ${saved.text.slice(0, 300)}`);
	const id = saved.json.data.id as string;
	return { id, data: (await n8n.rest.call('GET', `/rest/workflows/${id}`)).json.data };
}

/** One run in n8n, from the Manual Trigger, until the execution is stored. */
async function runInN8n(n8n: BenchN8n, workflow: { id: string; data: unknown }, output: Output): Promise<Sample> {
	const memory = await sampleRss(n8n.pid);
	const started = process.hrtime.bigint();
	const run = await n8n.rest.call('POST', `/rest/workflows/${workflow.id}/run`, { workflowData: workflow.data, triggerToStartFrom: { name: 'Start' } });
	if (run.status !== 200 || !run.json?.data?.executionId) throw new Error(`running the ${output} workflow: ${run.status} ${run.text.slice(0, 300)}`);
	const executionId = String(run.json.data.executionId);
	// Asks for the status only (the list), so that the bench does not fetch 100k items while n8n's memory is sampled.
	const filter = encodeURIComponent(JSON.stringify({ workflowId: workflow.id }));
	for (;;) {
		const listed = await n8n.rest.call('GET', `/rest/executions?filter=${filter}`);
		const mine = (listed.json?.data?.results ?? []).find((execution: { id: string }) => String(execution.id) === executionId);
		if (mine && !['new', 'running', 'waiting'].includes(mine.status)) break;
		await new Promise((resolve) => setTimeout(resolve, 100));
	}
	const ms = Number(process.hrtime.bigint() - started) / 1e6;
	const { peakRssMB, rssGrowthMB } = await memory.stop();
	const got = await n8n.rest.call('GET', `/rest/executions/${executionId}`);
	const execution = got.json?.data;
	if (execution?.status !== 'success') throw new Error(`the ${output} run ended ${execution?.status}: ${got.text.slice(0, 500)}`);
	const report = storedRun(execution.data).resultData.runData.Report[0];
	const items = report.data.main[0] as Array<{ json: Record<string, unknown> }>;
	const rows = output === 'items' ? items.length : Number(items[0].json.rows);
	return { ms, nodeMs: report.executionTime, rows, peakRssMB, rssGrowthMB };
}

/** A signed POST to the sandbox answering the raw response (a stream). */
function post(url: string, path: string, body: unknown, headers: Record<string, string> = {}): Promise<import('http').IncomingMessage> {
	const payload = Buffer.from(JSON.stringify(body));
	return new Promise((resolve, reject) => {
		const req = request(`${url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', 'content-length': payload.length, ...headers } }, resolve);
		req.on('error', reject);
		req.end(payload);
	});
}

async function json(response: import('http').IncomingMessage): Promise<any> {
	let text = '';
	for await (const chunk of response) text += chunk;
	return JSON.parse(text);
}

/** The limit: ask for the report, download it gzipped, gunzip and split it as it arrives, nothing kept. */
async function plainDownload(sandbox: { url: string; credentials: { login: string; secretKey: string } }): Promise<Sample> {
	const { login, secretKey } = sandbox.credentials;
	const started = process.hrtime.bigint();
	const asked = await json(
		await post(sandbox.url, '/gateway/report', { auth: signedAuth(login, secretKey), filters: { startDate: `${DAY}T00:00:00+00:00`, endDate: `${DAY}T23:59:59+00:00` } }),
	);
	const response = await post(sandbox.url, '/gateway/report/obtain', { auth: signedAuth(login, secretKey), id: asked.id }, { 'accept-encoding': 'gzip' });
	if (response.statusCode !== 200) throw new Error(`obtain answered ${response.statusCode}: ${JSON.stringify(await json(response))}`);
	const decoder = new TextDecoder();
	let carry = '';
	let rows = 0;
	for await (const chunk of response.pipe(createGunzip())) {
		const lines = (carry + decoder.decode(chunk as Buffer, { stream: true })).split('\n');
		carry = lines.pop()!;
		for (const text of lines) if (text.split('\t').length > 1) rows++;
	}
	return { ms: Number(process.hrtime.bigint() - started) / 1e6, rows: rows - 1 };
}

export const benchCase: BenchCase = {
	id: 'reportRequestAndWait',
	title: 'Request and Wait, 100k rows, items vs binary',
	async run(ctx: BenchContext): Promise<BenchResult> {
		const rows = ctx.quick ? 5_000 : 100_000;
		const rounds = ctx.quick ? 1 : Math.max(1, Math.min(ctx.rounds, 5));
		const sandbox = await startSandbox({ port: 0, reportRows: rows, reportPendingPolls: 0, retryAfterSeconds: 0, historyDays: 0 });
		try {
			const n8n = await ctx.n8n();
			const { login, secretKey } = sandbox.credentials;
			const credential = await n8n.rest.call('POST', '/rest/credentials', {
				name: 'PaySuite (bench report sandbox)',
				type: 'paySuiteApi',
				data: { login, secretKey, algorithm: 'sha256', baseUrl: sandbox.url },
			});
			if (credential.status !== 200) throw new Error(`saving the credential: ${credential.status} ${credential.text.slice(0, 300)}`);
			const credentialId = String(credential.json.data.id);
			const workflows = { items: await saveWorkflow(n8n, credentialId, 'items'), binary: await saveWorkflow(n8n, credentialId, 'binary') };
			const samples: Record<'items' | 'binary' | 'plain', Sample[]> = { items: [], binary: [], plain: [] };
			for (let round = 0; round < rounds; round++) {
				// Interleaved, Binary File first in the first round: its growth then starts from n8n as the other cases
				// left it, and it grows the heap so little that One Item per Row starts from about the same.
				const order: Output[] = round % 2 ? ['items', 'binary'] : ['binary', 'items'];
				for (const output of order) samples[output].push(await runInN8n(n8n, workflows[output], output));
				samples.plain.push(await plainDownload(sandbox));
				ctx.log(`reportRequestAndWait: round ${round + 1}/${rounds} done`);
			}
			for (const [name, list] of Object.entries(samples)) {
				if (list.some((sample) => sample.rows !== rows)) throw new Error(`${name} counted ${list.map((sample) => sample.rows).join(', ')} rows, not ${rows}`);
			}
			const ms = (list: Sample[]) => list.map((sample) => Math.round(sample.ms));
			const memory = (list: Sample[]) => {
				const growth = list.map((sample) => sample.rssGrowthMB).filter((value): value is number => value !== undefined);
				const peak = list.map((sample) => sample.peakRssMB).filter((value): value is number => value !== undefined);
				return growth.length ? `n8n RSS +${Math.round(growth[0])} MB at the first run (peak ${Math.round(Math.max(...peak))} MB)` : 'n8n memory not measured (no pid)';
			};
			const medianNodeMs = (list: Sample[]) => median(list.map((sample) => sample.nodeMs ?? NaN));
			const nodeMs = (list: Sample[]) => `node's own time ${Math.round(medianNodeMs(list))} ms`;
			const variants: BenchVariant[] = [
				{ name: 'package, Output: One Item per Row (whole run)', median: median(ms(samples.items)), unit: 'ms', samples: ms(samples.items), note: `${nodeMs(samples.items)}; ${memory(samples.items)}` },
				{ name: 'package, Output: Binary File (whole run)', median: median(ms(samples.binary)), unit: 'ms', samples: ms(samples.binary), note: `${nodeMs(samples.binary)}; ${memory(samples.binary)}` },
				{ name: 'limit (plain download + gunzip + split, bench process)', median: median(ms(samples.plain)), unit: 'ms', samples: ms(samples.plain) },
			];
			// The first run of each variant: later runs reuse the heap V8 grew and show less (given in the note).
			for (const output of ['items', 'binary'] as const) {
				const growth = samples[output].map((sample) => sample.rssGrowthMB).filter((value): value is number => value !== undefined);
				if (growth.length) {
					const [first, ...later] = growth.map(Math.round);
					variants.push({
						name: `n8n RSS growth, ${output === 'items' ? 'One Item per Row' : 'Binary File'}, first run`,
						median: first,
						unit: 'MB',
						samples: [first],
						note: `VmRSS sampled every 50 ms, peak − RSS before the run${later.length ? `; later runs +${later.join(', +')} MB` : ''}`,
					});
				}
			}
			const [items, binary, plain] = variants.map((variant) => variant.median);
			return {
				id: 'reportRequestAndWait',
				title: 'Request and Wait, 100k rows, items vs binary',
				variants,
				ratios: [
					{ name: 'items / plain download (whole run)', value: items / plain },
					{ name: 'binary / plain download (whole run)', value: binary / plain },
					{ name: 'items / binary (whole run)', value: items / binary },
					{ name: "items, node's own time / plain download", value: medianNodeMs(samples.items) / plain },
					{ name: "binary, node's own time / plain download", value: medianNodeMs(samples.binary) / plain },
				],
				notes: [
					`${rows.toLocaleString('en-US')} rows of one day (one window), gzip; a sandbox of the case's own; ${rounds} round(s) interleaved.`,
					'Whole run: from POST /rest/workflows/<id>/run until n8n has stored the execution (with every item for One Item per Row).',
				],
			};
		} finally {
			await sandbox.stop();
		}
	},
};
