/**
 * Autopay Trigger, p50 latency and deliveries/s, in the shared real n8n: the package's trigger against n8n's own
 * Webhook node with a Header Auth credential (what a user builds instead), and a bare Node HTTP server answering
 * 200 (the limit). Each published workflow is the trigger followed by a No Operation node; n8n answers at once
 * (`onReceived`) and runs the workflow. Deliveries are signed as the sandbox signs them (a fresh ID and date each,
 * so none is a replay); the Webhook node gets the same body with its header. Every answer is checked: a refusal
 * would measure the wrong path.
 *
 * Two phases, variants interleaved within each round (their order rotated): latency (one delivery at a time, p50 of
 * the round) and throughput (a burst with a few in flight, deliveries answered per second). n8n's runs go on after
 * its answers, so each phase of each variant starts when n8n is idle again (its CPU time in /proc).
 */
/* eslint-disable @n8n/community-nodes/no-dangerous-functions, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @typescript-eslint/no-require-imports -- runs in Node, not in n8n: eslint.dev.config.mjs lints it */
import { execFileSync } from 'child_process';
import { randomUUID } from 'crypto';
import { readFileSync } from 'fs';
import { createServer, type Server } from 'http';
import type { AddressInfo } from 'net';
import { join } from 'path';

import { deliveryKey, REPLAY_WINDOW } from '../../nodes/shared/webhooks/replay';
import { autopaySignature } from '../../sandbox/routes/events/state';
import { median, type BenchCase, type BenchContext, type BenchN8n, type BenchVariant } from '../lib/types';

const env = require('../../scripts/n8n/env.js');

const PACKAGE = 'package (Autopay Trigger), few records kept';
const PACKAGE_FULL = 'package (Autopay Trigger), 2,000 records kept';
const WEBHOOK_NODE = 'hand-built (Webhook node + Header Auth)';
const BARE = 'limit (bare Node HTTP server)';
const IN_FLIGHT = 4;
const PAUSE_AFTER_BURST_MS = 1500;
/** The records the full trigger holds from the start: the replay window's limit (REPLAY_WINDOW.maxRecords). */
const KEPT_RECORDS = REPLAY_WINDOW.maxRecords;

interface Target {
	name: string;
	url: string;
	/** The body and headers of the next delivery. */
	next(): { body: string; headers: Record<string, string> };
	/** Whether an answer is the acknowledgement of a delivery that starts a run. */
	accepted(status: number, text: string): boolean;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function deliver(target: Target): Promise<number> {
	const { body, headers } = target.next();
	const started = performance.now();
	const response = await fetch(target.url, { method: 'POST', body, headers: { 'content-type': 'application/json', ...headers } });
	const text = await response.text();
	const elapsed = performance.now() - started;
	if (!target.accepted(response.status, text)) throw new Error(`${target.name} answered ${response.status}: ${text.slice(0, 300)}`);
	return elapsed;
}

/** n8n's CPU time so far (seconds), from /proc; undefined where it cannot be read. */
function cpuSeconds(pid: number | undefined): number | undefined {
	if (pid === undefined) return undefined;
	try {
		// Fields after the command name: state is the 3rd field, utime and stime the 14th and 15th.
		const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ').pop()!.split(' ');
		return (Number(fields[11]) + Number(fields[12])) / 100;
	} catch {
		return undefined;
	}
}

/**
 * Waits until n8n is idle (under 10 % of a core for half a second, at most 30 s), so that no variant's latency
 * pays for the runs another one left behind (n8n goes on with them after its answers).
 */
async function untilIdle(n8n: BenchN8n): Promise<void> {
	const deadline = Date.now() + 30_000;
	const first = cpuSeconds(n8n.pid);
	if (first === undefined) {
		await sleep(PAUSE_AFTER_BURST_MS);
		return;
	}
	let before: number = first;
	while (Date.now() < deadline) {
		await sleep(500);
		const now: number = cpuSeconds(n8n.pid) ?? before;
		if (now - before < 0.05) return;
		before = now;
	}
}

/** One delivery at a time: the latency of each. */
async function latencies(target: Target, count: number): Promise<number[]> {
	const times: number[] = [];
	for (let i = 0; i < count; i++) times.push(await deliver(target));
	return times;
}

/** `count` deliveries, IN_FLIGHT at a time: deliveries answered per second. */
async function throughput(target: Target, count: number): Promise<number> {
	let next = 0;
	const started = performance.now();
	await Promise.all(
		Array.from({ length: IN_FLIGHT }, async () => {
			while (next < count) {
				next++;
				await deliver(target);
			}
		}),
	);
	return (count * 1000) / (performance.now() - started);
}

function bareServer(): Promise<{ url: string; server: Server }> {
	const server = createServer((request, response) => {
		request.resume();
		request.on('end', () => {
			response.writeHead(200, { 'content-type': 'application/json' });
			response.end('{"status":"OK"}');
		});
	});
	return new Promise((resolve) =>
		server.listen(0, '127.0.0.1', () => resolve({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, server })),
	);
}

/** Saves and publishes a workflow through the REST API, as the editor does; resolves its ID. */
async function publish(n8n: BenchN8n, name: string, nodes: unknown[], connections: unknown, staticData?: object): Promise<string> {
	const saved = await n8n.rest.call('POST', '/rest/workflows', { name, nodes, connections, settings: { executionOrder: 'v1' } });
	if (saved.status !== 200) throw new Error(`saving "${name}" failed: ${saved.status} ${saved.text}`);
	const { id } = saved.json.data as { id: string };
	const { versionId } = saved.json.data as { versionId: string };
	if (staticData) {
		writeStaticData(n8n, id, staticData);
		if (storedBytes(await staticDataOf(n8n, id)) !== JSON.stringify(staticData).length) throw new Error(`n8n did not keep the static data of "${name}"`);
	}
	const published = await n8n.rest.call('POST', `/rest/workflows/${id}/activate`, { versionId });
	if (published.status !== 200) throw new Error(`publishing "${name}" failed: ${published.status} ${published.text}`);
	return id;
}

/**
 * Writes a workflow's static data into n8n's SQLite database, as n8n's own saves do (its REST API takes no static
 * data). With n8n's Node 24 and its built-in SQLite module; n8n reads static data from the database at each call.
 */
function writeStaticData(n8n: BenchN8n, id: string, staticData: object): void {
	const script = `const { DatabaseSync } = require('node:sqlite');
const [file, id, data] = process.argv.slice(1);
const db = new DatabaseSync(file);
db.exec('PRAGMA busy_timeout = 10000');
const changed = db.prepare('UPDATE workflow_entity SET staticData = ? WHERE id = ?').run(data, id).changes;
db.close();
if (changed !== 1) throw new Error('workflow ' + id + ' not found');`;
	execFileSync(env.n8nPaths().node, ['-e', script, join(n8n.userFolder, '.n8n', 'database.sqlite'), id, JSON.stringify(staticData)], { stdio: 'pipe' });
}

/** A workflow's static data as n8n stored it. */
async function staticDataOf(n8n: BenchN8n, id: string): Promise<unknown> {
	const read = await n8n.rest.call('GET', `/rest/workflows/${id}`);
	if (read.status !== 200) throw new Error(`reading workflow ${id} failed: ${read.status} ${read.text}`);
	return (read.json.data as { staticData?: unknown }).staticData ?? {};
}

const storedBytes = (staticData: unknown) => JSON.stringify(staticData ?? {}).length;

/**
 * The trigger's static data with `count` records received over the last day, in the form of the package's first
 * versions (hash → Unix seconds of receipt), which every version reads; the package stores them its own way at
 * its first save.
 */
function keptRecords(count: number): object {
	const now = Math.floor(Date.now() / 1000);
	const deliveries: Record<string, number> = {};
	for (let i = 0; i < count; i++) deliveries[deliveryKey(['bench', i])] = now - 24 * 3600 + Math.floor((i * 24 * 3600) / count);
	return { 'node:Trigger': { deliveries } };
}

/** Trigger → No Operation, published; resolves the workflow's ID. */
async function triggerThenNoOp(n8n: BenchN8n, name: string, trigger: Record<string, unknown>, staticData?: object): Promise<string> {
	const nodes = [
		{ id: randomUUID(), name: 'Trigger', position: [0, 0], ...trigger },
		{ id: randomUUID(), name: 'Done', type: 'n8n-nodes-base.noOp', typeVersion: 1, position: [220, 0], parameters: {} },
	];
	return await publish(n8n, name, nodes, { Trigger: { main: [[{ node: 'Done', type: 'main', index: 0 }]] } }, staticData);
}

/** n8n registers a published workflow's webhooks shortly after: waits until its URL no longer answers 404. */
async function untilRegistered(target: Target): Promise<void> {
	const deadline = Date.now() + 60_000;
	for (;;) {
		const { body, headers } = target.next();
		const response = await fetch(target.url, { method: 'POST', body, headers: { 'content-type': 'application/json', ...headers } });
		await response.text();
		if (response.status !== 404) return;
		if (Date.now() > deadline) throw new Error(`${target.name}: ${target.url} is still not registered`);
		await sleep(500);
	}
}

interface SetUp {
	targets: Target[];
	/** The stored static data of the two triggers' workflows (bytes of JSON): few records, then full. */
	storedBytes(): Promise<[number, number]>;
	cleanup(): Promise<void>;
}

async function setUp(ctx: BenchContext, n8n: BenchN8n): Promise<SetUp> {
	const secretKey = ctx.sandbox.credentials.secretKey;
	const autopayTrigger = (webhookId: string) => ({
		type: 'n8n-nodes-paysuite.paySuiteAutopayTrigger',
		typeVersion: 1,
		webhookId,
		credentials: { paySuiteApi: { id: n8n.credentialIds.paySuiteApi, name: 'PaySuite API' } },
		parameters: { events: [] },
	});
	const autopayId = randomUUID();
	const autopay = await triggerThenNoOp(n8n, 'bench: Autopay Trigger → No Operation', autopayTrigger(autopayId));
	const fullId = randomUUID();
	const full = await triggerThenNoOp(n8n, 'bench: Autopay Trigger (records kept) → No Operation', autopayTrigger(fullId), keptRecords(KEPT_RECORDS));

	const token = randomUUID();
	const headerAuth = await n8n.rest.call('POST', '/rest/credentials', {
		name: 'bench: Header Auth',
		type: 'httpHeaderAuth',
		data: { name: 'X-Bench-Token', value: token },
	});
	if (headerAuth.status !== 200) throw new Error(`creating the Header Auth credential failed: ${headerAuth.status} ${headerAuth.text}`);
	const headerAuthId = String(headerAuth.json.data.id);
	const webhookPath = randomUUID();
	const webhook = await triggerThenNoOp(n8n, 'bench: Webhook (Header Auth) → No Operation', {
		type: 'n8n-nodes-base.webhook',
		typeVersion: 2,
		webhookId: randomUUID(),
		credentials: { httpHeaderAuth: { id: headerAuthId, name: 'bench: Header Auth' } },
		parameters: { httpMethod: 'POST', path: webhookPath, authentication: 'headerAuth', responseMode: 'onReceived', options: {} },
	});

	const bare = await bareServer();
	// The same event for every variant: only the trigger checks its signature.
	const event = () => {
		const id = randomUUID();
		const type = 'AUTOPAY_TRANSACTION_FAILED';
		const date = new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');
		const reference = `BENCH-${id.slice(0, 8)}`;
		return JSON.stringify({ id, type, date, reference, signature: autopaySignature(id, type, date, secretKey), additional: { autopayId: id, reference, event: type } });
	};
	const accepted = (status: number, text: string) => status === 200 && /"status":"OK"/.test(text) && !/already received|does not handle/.test(text);
	const targets: Target[] = [
		{ name: PACKAGE, url: `${n8n.url}/webhook/${autopayId}/autopay`, next: () => ({ body: event(), headers: {} }), accepted },
		{ name: PACKAGE_FULL, url: `${n8n.url}/webhook/${fullId}/autopay`, next: () => ({ body: event(), headers: {} }), accepted },
		{
			name: WEBHOOK_NODE,
			url: `${n8n.url}/webhook/${webhookPath}`,
			next: () => ({ body: event(), headers: { 'x-bench-token': token } }),
			accepted: (status) => status === 200,
		},
		{ name: BARE, url: bare.url, next: () => ({ body: event(), headers: {} }), accepted: (status) => status === 200 },
	];
	for (const target of targets) await untilRegistered(target);
	return {
		targets,
		storedBytes: async () => [storedBytes(await staticDataOf(n8n, autopay)), storedBytes(await staticDataOf(n8n, full))],
		async cleanup() {
			bare.server.close();
			for (const id of [autopay, full, webhook]) {
				await n8n.rest.call('POST', `/rest/workflows/${id}/deactivate`, {});
				await n8n.rest.call('POST', `/rest/workflows/${id}/archive`, {});
				await n8n.rest.call('DELETE', `/rest/workflows/${id}`);
			}
			await n8n.rest.call('DELETE', `/rest/credentials/${headerAuthId}`);
		},
	};
}

const ratio = (name: string, value: number, goal: number, higherIsBetter: boolean) => ({
	name,
	value,
	goal: higherIsBetter ? `≥ ${goal.toFixed(2)}×` : `≤ ${goal}×`,
	met: higherIsBetter ? value >= goal : value <= goal,
});

export const benchCase: BenchCase = {
	id: 'trigger',
	title: 'Autopay Trigger, p50 latency and deliveries/s',
	async run(ctx) {
		const n8n = await ctx.n8n();
		const { targets, storedBytes, cleanup } = await setUp(ctx, n8n);
		const count = ctx.quick ? 20 : 60;
		const rounds = ctx.quick ? 1 : ctx.rounds;
		const p50s = new Map<string, number[]>(targets.map((t) => [t.name, []]));
		const rates = new Map<string, number[]>(targets.map((t) => [t.name, []]));
		let bytes: [number, number];
		try {
			// Warm-up: the first deliveries of each pay for compilation and caches.
			for (const target of targets) await latencies(target, 5);
			for (let round = 0; round < rounds; round++) {
				const order = targets.map((_, i) => targets[(i + round) % targets.length]);
				for (const target of order) {
					await untilIdle(n8n);
					p50s.get(target.name)!.push(median(await latencies(target, count)));
				}
				for (const target of order) {
					await untilIdle(n8n);
					rates.get(target.name)!.push(await throughput(target, count));
				}
				ctx.log(`trigger: round ${round + 1}/${rounds}: p50 ${targets.map((t) => `${p50s.get(t.name)!.at(-1)!.toFixed(1)} ms`).join(' / ')}`);
			}
			bytes = await storedBytes();
		} finally {
			await cleanup();
		}

		const variants: BenchVariant[] = [
			...targets.map((t) => ({ name: `${t.name}: p50 latency`, median: median(p50s.get(t.name)!), unit: 'ms', samples: p50s.get(t.name)!, note: `p50 of ${count} deliveries, one at a time, per round` })),
			...targets.map((t) => ({ name: `${t.name}: deliveries/s`, median: median(rates.get(t.name)!), unit: 'deliveries/s', samples: rates.get(t.name)!, note: `${count} deliveries, ${IN_FLIGHT} in flight, per round` })),
		];
		const p50 = (name: string) => median(p50s.get(name)!);
		const rate = (name: string) => median(rates.get(name)!);
		const sent = 5 + rounds * 2 * count;
		return {
			id: 'trigger',
			title: 'Autopay Trigger, p50 latency and deliveries/s',
			variants,
			ratios: [
				ratio('few records / Webhook node + Header Auth (p50 latency)', p50(PACKAGE) / p50(WEBHOOK_NODE), 1.3, false),
				ratio('2,000 records / Webhook node + Header Auth (p50 latency)', p50(PACKAGE_FULL) / p50(WEBHOOK_NODE), 1.3, false),
				ratio('few records / Webhook node + Header Auth (deliveries/s)', rate(PACKAGE) / rate(WEBHOOK_NODE), 1 / 1.3, true),
				ratio('2,000 records / Webhook node + Header Auth (deliveries/s)', rate(PACKAGE_FULL) / rate(WEBHOOK_NODE), 1 / 1.3, true),
				{ name: 'package, few records / bare server (p50 latency)', value: p50(PACKAGE) / p50(BARE) },
			],
			notes: [
				'Published workflows (trigger → No Operation), n8n answering at once; the runs go on after each answer.',
				// Each accepted delivery adds a record to the trigger's static data, which n8n saves whole before it answers
				// (and copies into each execution it stores): what a delivery costs depends on how many records are kept.
				`Records kept: the first trigger starts empty and holds ${Math.min(KEPT_RECORDS, sent)} at the end; the second starts with ${KEPT_RECORDS} received over the last day (the replay window's limit) and stays at ${KEPT_RECORDS}. Their stored static data at the end: ${(bytes[0] / 1024).toFixed(1)} KB and ${(bytes[1] / 1024).toFixed(1)} KB of JSON.`,
				"n8n's settings change the rest: docs/nodes/triggers.md, Performance.",
			],
		};
	},
};
