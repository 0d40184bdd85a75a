/**
 * Time per item of Session › Get in n8n's real engine (n8n-core's WorkflowExecute) against the sandbox on
 * loopback, variants side by side, rounds interleaved, medians. Nothing is asserted: compare ratios, not times.
 *   npx ts-node --transpile-only bench/itemTime.ts [items] [rounds]
 */
// First: n8n-core's instance settings go to a temporary folder, not the home folder (as in the engine tests).
import '../test/engine/setup-env';

import { rmSync } from 'fs';
import { cpus, loadavg, tmpdir } from 'os';

import { startSandbox } from '../sandbox';
import { runNode } from '../test/helpers/engine';

const SESSION = { name: 'Session', type: 'paySuiteSession', credentialType: 'paySuiteApi' };

async function main(): Promise<void> {
	const count = Number(process.argv[2] ?? 300);
	const rounds = Number(process.argv[3] ?? 5);
	const sandbox = await startSandbox({ port: 0, ledgerEntries: 100 });
	const credentials = {
		paySuiteApi: { login: sandbox.credentials.login, secretKey: sandbox.credentials.secretKey, algorithm: 'sha256', baseUrl: sandbox.url },
	};
	const created = await runNode(
		SESSION,
		{
			resource: 'session',
			operation: 'create',
			sessionType: 'payment',
			returnUrl: 'https://shop.example.com/return',
			ipAddress: '203.0.113.7',
			userAgent: 'bench',
			reference: '={{ "BENCH-" + $itemIndex }}',
			description: 'Bench',
			currency: 'USD',
			total: 10,
		},
		credentials,
		{ items: Array.from({ length: count }, () => ({})) },
	);
	const items = created.run.data.resultData.runData.Session[0].data!.main[0]!.map((item) => ({ id: item.json.requestId }));

	const variants = [
		{ name: 'one at a time', inParallel: 1, latencyMs: 0 },
		{ name: '5 in flight (default)', inParallel: 5, latencyMs: 0 },
		{ name: '10 in flight', inParallel: 10, latencyMs: 0 },
		{ name: 'one at a time, server 20 ms', inParallel: 1, latencyMs: 20 },
		{ name: '5 in flight, server 20 ms', inParallel: 5, latencyMs: 20 },
		{ name: '10 in flight, server 20 ms', inParallel: 10, latencyMs: 20 },
	];
	const times = new Map<string, number[]>(variants.map((variant) => [variant.name, []]));
	let reads = 0;
	for (let round = 0; round < rounds; round++) {
		for (const variant of variants) {
			sandbox.setFaults(variant.latencyMs ? [{ path: '/api/session/*', kind: 'latency', latencyMs: variant.latencyMs }] : []);
			const started = process.hrtime.bigint();
			const result = await runNode(
				SESSION,
				{ resource: 'session', operation: 'get', requestId: { __rl: true, mode: 'id', value: '={{ $json.id }}' }, simple: false, options: { requestsInParallel: variant.inParallel } },
				credentials,
				{ items },
			);
			const elapsed = Number(process.hrtime.bigint() - started) / 1e6;
			if (result.error) throw result.error;
			reads = Math.max(reads, result.credentialReads.paySuiteApi ?? 0);
			times.get(variant.name)!.push(elapsed);
		}
	}
	await sandbox.stop();
	const folder = process.env.N8N_USER_FOLDER ?? '';
	if (folder.startsWith(tmpdir()) && /paysuite-engine-/.test(folder)) rmSync(folder, { recursive: true, force: true });
	const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
	console.log(`Session › Get, ${count} items, ${rounds} rounds; ${cpus().length} cores, load ${loadavg()[0].toFixed(2)}; credential reads per run: ${reads}`);
	console.log('| Variant | Median run (ms) | Per item (ms) |\n|---|---|---|');
	for (const variant of variants) {
		const run = median(times.get(variant.name)!);
		console.log(`| ${variant.name} | ${run.toFixed(0)} | ${(run / count).toFixed(3)} |`);
	}
}

main().catch((error: unknown) => {
	console.error(error);
	process.exit(1);
});
