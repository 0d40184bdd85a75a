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
 * its answers, so each burst is followed by a pause for them to finish.
 */
/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- runs in Node, not in n8n: eslint.dev.config.mjs lints it */
import { randomUUID } from 'crypto';
import { createServer, type Server } from 'http';
import type { AddressInfo } from 'net';

import { autopaySignature } from '../../sandbox/routes/events/state';
import { median, type BenchCase, type BenchContext, type BenchN8n, type BenchVariant } from '../lib/types';

const PACKAGE = 'package (Autopay Trigger)';
const WEBHOOK_NODE = 'hand-built (Webhook node + Header Auth)';
const BARE = 'limit (bare Node HTTP server)';
const IN_FLIGHT = 4;
const PAUSE_AFTER_BURST_MS = 1500;

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
async function publish(n8n: BenchN8n, name: string, nodes: unknown[], connections: unknown): Promise<string> {
	const saved = await n8n.rest.call('POST', '/rest/workflows', { name, nodes, connections, settings: { executionOrder: 'v1' } });
	if (saved.status !== 200) throw new Error(`saving "${name}" failed: ${saved.status} ${saved.text}`);
	const { id, versionId } = saved.json.data as { id: string; versionId: string };
	const published = await n8n.rest.call('POST', `/rest/workflows/${id}/activate`, { versionId });
	if (published.status !== 200) throw new Error(`publishing "${name}" failed: ${published.status} ${published.text}`);
	return id;
}

/** Trigger → No Operation, published; resolves the workflow's ID. */
async function triggerThenNoOp(n8n: BenchN8n, name: string, trigger: Record<string, unknown>): Promise<string> {
	const nodes = [
		{ id: randomUUID(), name: 'Trigger', position: [0, 0], ...trigger },
		{ id: randomUUID(), name: 'Done', type: 'n8n-nodes-base.noOp', typeVersion: 1, position: [220, 0], parameters: {} },
	];
	return await publish(n8n, name, nodes, { Trigger: { main: [[{ node: 'Done', type: 'main', index: 0 }]] } });
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

async function setUp(ctx: BenchContext, n8n: BenchN8n): Promise<{ targets: Target[]; cleanup(): Promise<void> }> {
	const secretKey = ctx.sandbox.credentials.secretKey;
	const autopayId = randomUUID();
	const autopay = await triggerThenNoOp(n8n, 'bench: Autopay Trigger → No Operation', {
		type: 'n8n-nodes-paysuite.paySuiteAutopayTrigger',
		typeVersion: 1,
		webhookId: autopayId,
		credentials: { paySuiteApi: { id: n8n.credentialIds.paySuiteApi, name: 'PaySuite API' } },
		parameters: { events: [] },
	});

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
	const targets: Target[] = [
		{
			name: PACKAGE,
			url: `${n8n.url}/webhook/${autopayId}/autopay`,
			next: () => ({ body: event(), headers: {} }),
			accepted: (status, text) => status === 200 && /"status":"OK"/.test(text) && !/already received|does not handle/.test(text),
		},
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
		async cleanup() {
			bare.server.close();
			for (const id of [autopay, webhook]) {
				await n8n.rest.call('POST', `/rest/workflows/${id}/deactivate`, {});
				await n8n.rest.call('POST', `/rest/workflows/${id}/archive`, {});
				await n8n.rest.call('DELETE', `/rest/workflows/${id}`);
			}
			await n8n.rest.call('DELETE', `/rest/credentials/${headerAuthId}`);
		},
	};
}

export const benchCase: BenchCase = {
	id: 'trigger',
	title: 'Autopay Trigger, p50 latency and deliveries/s',
	async run(ctx) {
		const n8n = await ctx.n8n();
		const { targets, cleanup } = await setUp(ctx, n8n);
		const count = ctx.quick ? 20 : 60;
		const rounds = ctx.quick ? 1 : ctx.rounds;
		const p50s = new Map<string, number[]>(targets.map((t) => [t.name, []]));
		const rates = new Map<string, number[]>(targets.map((t) => [t.name, []]));
		try {
			// Warm-up: the first deliveries of each pay for compilation and caches.
			for (const target of targets) await latencies(target, 5);
			for (let round = 0; round < rounds; round++) {
				const order = targets.map((_, i) => targets[(i + round) % targets.length]);
				for (const target of order) p50s.get(target.name)!.push(median(await latencies(target, count)));
				for (const target of order) {
					rates.get(target.name)!.push(await throughput(target, count));
					await sleep(PAUSE_AFTER_BURST_MS);
				}
				ctx.log(`trigger: round ${round + 1}/${rounds}: p50 ${targets.map((t) => `${p50s.get(t.name)!.at(-1)!.toFixed(1)} ms`).join(' / ')}`);
			}
		} finally {
			await cleanup();
		}

		const variants: BenchVariant[] = [
			...targets.map((t) => ({ name: `${t.name}: p50 latency`, median: median(p50s.get(t.name)!), unit: 'ms', samples: p50s.get(t.name)!, note: `p50 of ${count} deliveries, one at a time, per round` })),
			...targets.map((t) => ({ name: `${t.name}: deliveries/s`, median: median(rates.get(t.name)!), unit: 'deliveries/s', samples: rates.get(t.name)!, note: `${count} deliveries, ${IN_FLIGHT} in flight, per round` })),
		];
		const p50 = (name: string) => median(p50s.get(name)!);
		const rate = (name: string) => median(rates.get(name)!);
		const latencyRatio = p50(PACKAGE) / p50(WEBHOOK_NODE);
		return {
			id: 'trigger',
			title: 'Autopay Trigger, p50 latency and deliveries/s',
			variants,
			ratios: [
				{ name: 'package / Webhook node + Header Auth (p50 latency)', value: latencyRatio, goal: '≤ 1.3×', met: latencyRatio <= 1.3 },
				{ name: 'package / Webhook node + Header Auth (deliveries/s)', value: rate(PACKAGE) / rate(WEBHOOK_NODE) },
				{ name: 'package / bare server (p50 latency)', value: p50(PACKAGE) / p50(BARE) },
			],
			notes: [
				'Published workflows (trigger → No Operation), n8n answering at once; the runs go on after each answer.',
				// Each accepted delivery adds a record to the trigger's static data, saved before n8n answers; the
				// per-delivery cost grows with the records kept (up to 2,000), so the figure depends on how many were sent.
				`The trigger's replay record held about ${Math.min(2000, 5 + rounds * 2 * count)} deliveries at the end (it grows by one per delivery; the cost of each delivery grows with it).`,
				"n8n's settings change the rest: docs/nodes/triggers.md, Performance.",
			],
		};
	},
};
