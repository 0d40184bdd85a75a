/**
 * Queue mode, executions per second with 1 and with 2 workers: the same batch of Autopay Trigger
 * deliveries (signed as the sandbox signs them, each a new event) sent to the cluster's webhook process, a few at
 * a time; the workflow is Autopay Trigger → No Operation, so what is measured is n8n's queue (webhook process →
 * Redis → worker → PostgreSQL) with the package's trigger, not the platform. A batch's time runs from its first
 * delivery to the last execution's stoppedAt (the main's REST API); every delivery must be acknowledged.
 *
 * The case starts its own cluster (scripts/n8n/queue.js: Redis, PostgreSQL, main, 2 workers, webhook process),
 * not the runner's shared n8n. 2-worker rounds run first; then worker-2 is stopped and the 1-worker rounds run
 * (a stopped worker cannot be added back, so the variants are not interleaved).
 */
/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @typescript-eslint/no-explicit-any, @typescript-eslint/no-require-imports -- runs in Node, not in n8n: eslint.dev.config.mjs lints it */
import { randomUUID } from 'crypto';

import { autopaySignature } from '../../sandbox/routes/events/state';
import { median, type BenchCase, type BenchContext, type BenchVariant } from '../lib/types';

const env = require('../../scripts/n8n/env.js');
const queue = require('../../scripts/n8n/queue.js');
const examples = require('../../scripts/n8n/examples.js');

const REPO_DIR = require('path').resolve(__dirname, '../..');
const IN_FLIGHT = 10;

type Rest = { call(method: string, path: string, body?: unknown): Promise<{ status: number; json: any; text: string }> };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Sends one new signed autopay event; answers the HTTP status, throwing on any answer but 200 OK or a 404. */
async function deliver(url: string, secretKey: string): Promise<number> {
	const id = randomUUID();
	const type = 'AUTOPAY_CREATED';
	const date = new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');
	const reference = `BENCH-Q-${id.slice(0, 8)}`;
	const body = JSON.stringify({ id, type, date, reference, signature: autopaySignature(id, type, date, secretKey), additional: { autopayId: id, reference, event: type } });
	const response = await fetch(url, { method: 'POST', body, headers: { 'content-type': 'application/json' } });
	const text = await response.text();
	if (response.status === 404) return 404;
	if (response.status !== 200 || !/"status":"OK"/.test(text) || /already received/.test(text)) throw new Error(`the webhook process answered ${response.status}: ${text.slice(0, 300)}`);
	return 200;
}

/** Sends `count` signed autopay events, IN_FLIGHT at a time; resolves when every one is acknowledged. */
async function sendBatch(url: string, secretKey: string, count: number): Promise<void> {
	let next = 0;
	await Promise.all(
		Array.from({ length: IN_FLIGHT }, async () => {
			while (next < count) {
				next++;
				if ((await deliver(url, secretKey)) !== 200) throw new Error(`${url} is not registered`);
			}
		}),
	);
}

/** Waits until the workflow has `total` finished executions; answers the latest stoppedAt (ms). */
async function lastStop(rest: Rest, workflowId: string, total: number): Promise<number> {
	const filter = encodeURIComponent(JSON.stringify({ workflowId }));
	const deadline = Date.now() + 10 * 60_000;
	for (;;) {
		const r = await rest.call('GET', `/rest/executions?filter=${filter}&limit=100`);
		const { count, results } = r.json.data as { count: number; results: Array<{ status: string; stoppedAt?: string }> };
		if (count >= total && results.every((e) => e.status !== 'new' && e.status !== 'running')) {
			const failed = results.filter((e) => e.status !== 'success');
			if (failed.length) throw new Error(`${failed.length} execution(s) did not succeed: ${failed[0].status}`);
			return Math.max(...results.map((e) => Date.parse(e.stoppedAt ?? '')).filter(Number.isFinite));
		}
		if (Date.now() > deadline) throw new Error(`only ${count} of ${total} executions after 10 minutes`);
		await sleep(250);
	}
}

async function measure(ctx: BenchContext, rounds: number, batch: number, run: () => Promise<number>): Promise<number[]> {
	const rates: number[] = [];
	for (let round = 0; round < rounds; round++) rates.push(await run());
	ctx.log(`  ${batch} executions: ${rates.map((r) => r.toFixed(1)).join(', ')} /s`);
	return rates;
}

export const benchCase: BenchCase = {
	id: 'queueThroughput',
	title: 'Queue mode: executions/s through the webhook process, 1 and 2 workers',
	async run(ctx) {
		const batch = ctx.quick ? 10 : 40;
		const rounds = ctx.quick ? 1 : ctx.rounds;
		await env.ensureN8n();
		const userFolder: string = env.createUserFolder('paysuite-bench-queue-');
		let cluster: any;
		try {
			await env.packAndInstall(REPO_DIR, userFolder);
			ctx.log('queueThroughput: starting the cluster (Redis, PostgreSQL, main, 2 workers, webhook process)');
			cluster = await queue.startCluster({ userFolder, workers: 2, webhooks: 1, log: () => {} });
			const rest: Rest = await env.setupOwnerAndLogin(cluster.main.url);
			const creds: Array<{ id: string; name: string; type: string }> = await env.importCredentials(userFolder, examples.sandboxCredentials(ctx.sandbox.url, ctx.sandbox.credentials), {
				env: cluster.env,
			});
			const api = creds.find((c) => c.type === 'paySuiteApi')!;
			const webhookId = randomUUID();
			const nodes = [
				{
					id: randomUUID(),
					name: 'Trigger',
					type: 'n8n-nodes-paysuite.paySuiteAutopayTrigger',
					typeVersion: 1,
					position: [0, 0],
					webhookId,
					credentials: { paySuiteApi: { id: api.id, name: api.name } },
					parameters: { events: [] },
				},
				{ id: randomUUID(), name: 'Done', type: 'n8n-nodes-base.noOp', typeVersion: 1, position: [220, 0], parameters: {} },
			];
			const saved = await rest.call('POST', '/rest/workflows', {
				name: 'bench: queue throughput',
				nodes,
				connections: { Trigger: { main: [[{ node: 'Done', type: 'main', index: 0 }]] } },
				settings: { executionOrder: 'v1' },
			});
			if (saved.status !== 200) throw new Error(`saving the workflow failed: ${saved.status} ${saved.text}`);
			const { id, versionId } = saved.json.data as { id: string; versionId: string };
			const published = await rest.call('POST', `/rest/workflows/${id}/activate`, { versionId });
			if (published.status !== 200) throw new Error(`publishing the workflow failed: ${published.status} ${published.text}`);
			const url = `${cluster.webhooks[0].url}/webhook/${webhookId}/autopay`;
			const secretKey = ctx.sandbox.credentials.secretKey;
			let total = 0;
			// The webhook process finds a newly published workflow's webhook shortly after: one delivery until it does.
			for (const deadline = Date.now() + 60_000; (await deliver(url, secretKey)) === 404; await sleep(500)) {
				if (Date.now() > deadline) throw new Error(`${url} is still not registered`);
			}
			total = 1;
			const oneBatch = async () => {
				const started = Date.now();
				await sendBatch(url, secretKey, batch);
				total += batch;
				const stopped = await lastStop(rest, id, total);
				return batch / ((stopped - started) / 1000);
			};
			// Warm-up: both workers' first executions pay for loading and caches.
			await oneBatch();
			const two = await measure(ctx, rounds, batch, oneBatch);
			await cluster.workers[1].stop('SIGTERM');
			const one = await measure(ctx, rounds, batch, oneBatch);
			const variant = (name: string, samples: number[]): BenchVariant => ({ name, median: median(samples), unit: 'executions/s', samples });
			const variants = [variant('1 worker', one), variant('2 workers', two)];
			return {
				id: 'queueThroughput',
				title: `Queue mode, ${batch} Autopay Trigger → No Operation executions through the webhook process, ${IN_FLIGHT} in flight`,
				variants,
				ratios: [{ name: '2 workers / 1 worker', value: variants[1].median / variants[0].median }],
				notes: ['2-worker rounds ran first, then worker-2 was stopped (not interleaved)', 'worker concurrency: n8n default (10)'],
			};
		} finally {
			await cluster?.stop();
			env.removeUserFolder(userFolder);
		}
	},
};
