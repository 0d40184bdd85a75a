/**
 * A slow server: every session query answers 20 ms late (the sandbox's `latency` fault). The package's node with
 * Requests in Parallel 10, what a user builds (Code node signing + HTTP Request node, its defaults: every item's
 * request at once), and a keep-alive loop with 10 in flight (the limit at the same number in flight). Times are
 * the nodes' executionTime for the whole run (hand-built: Sign + HTTP Request) and the loop's wall time.
 */
import type { RunningSandbox } from '../../sandbox';
import { startKeepAliveLoop } from '../lib/loop';
import { createSessions } from '../lib/sessions';
import { handBuiltWorkflow, HTTP_NODE, PACKAGE_NODE, packageWorkflow, sessionPaths, SIGN_NODE } from '../lib/sessionGet';
import { median, type BenchCase } from '../lib/types';
import { runChecked } from '../lib/workflow';

const LATENCY_MS = 20;

/** The most requests the sandbox saw in flight at once during the last run (its ledger's `inFlight` + 1). */
function mostInFlight(sandbox: RunningSandbox): number {
	return sandbox.ledger().reduce((most, entry) => (entry.path.startsWith('/api/session/') ? Math.max(most, entry.inFlight + 1) : most), 0);
}

export const benchCase: BenchCase = {
	id: 'inFlight',
	title: '200 items, server answers in 20 ms',
	async run(ctx) {
		const items = ctx.quick ? 20 : 200;
		const n8n = await ctx.n8n();
		ctx.sandbox.clearFaults();
		const ids = await createSessions(ctx.sandbox, items, 'BENCH-FLIGHT');
		const ten = await packageWorkflow(n8n, ids, 10, `bench inFlight: package, 10 in flight (${items})`);
		const one = await packageWorkflow(n8n, ids, 1, `bench inFlight: package, 1 in flight (${items})`);
		const handBuilt = await handBuiltWorkflow(n8n, ctx.sandbox, ids, `bench inFlight: Code + HTTP Request (${items})`);
		const loop = startKeepAliveLoop(ctx.sandbox.url, ctx.sandbox.credentials.login, ctx.sandbox.credentials.secretKey);
		const samples = { ten: [] as number[], one: [] as number[], handBuilt: [] as number[], loop: [] as number[] };
		const seen = { ten: 0, handBuilt: 0, loop: 0 };
		ctx.sandbox.setFaults([{ path: '/api/session/*', method: 'POST', kind: 'latency', latencyMs: LATENCY_MS, name: 'bench 20 ms server' }]);
		try {
			for (let round = ctx.quick ? 0 : -1; round < ctx.rounds; round++) {
				const measured = round >= 0;
				ctx.sandbox.clearLedger();
				const a = await runChecked(n8n, ten, PACKAGE_NODE, items);
				seen.ten = Math.max(seen.ten, mostInFlight(ctx.sandbox));
				ctx.sandbox.clearLedger();
				const b = await runChecked(n8n, handBuilt, HTTP_NODE, items);
				seen.handBuilt = Math.max(seen.handBuilt, mostInFlight(ctx.sandbox));
				ctx.sandbox.clearLedger();
				const c = await loop.run(sessionPaths(ids), 10);
				seen.loop = Math.max(seen.loop, mostInFlight(ctx.sandbox));
				const d = await runChecked(n8n, one, PACKAGE_NODE, items);
				if (!measured) continue;
				samples.ten.push(a.nodeTimes[PACKAGE_NODE]);
				samples.handBuilt.push(b.nodeTimes[SIGN_NODE] + b.nodeTimes[HTTP_NODE]);
				samples.loop.push(c);
				samples.one.push(d.nodeTimes[PACKAGE_NODE]);
				ctx.log(`round ${round + 1}/${ctx.rounds}: package (10) ${samples.ten.at(-1)!.toFixed(0)} ms, hand-built ${samples.handBuilt.at(-1)!.toFixed(0)} ms, loop (10) ${c.toFixed(0)} ms`);
			}
		} finally {
			ctx.sandbox.clearFaults();
			await loop.stop();
		}
		const pkg = median(samples.ten);
		const limit = median(samples.loop);
		const hand = median(samples.handBuilt);
		return {
			id: this.id,
			title: this.title,
			variants: [
				{ name: 'package, Requests in Parallel 10', role: 'package', median: pkg, unit: 'ms', samples: samples.ten, note: `at most ${seen.ten} in flight at the sandbox` },
				{ name: 'Code node signing + HTTP Request node (defaults)', role: 'hand-built', median: hand, unit: 'ms', samples: samples.handBuilt, note: `at most ${seen.handBuilt} in flight at the sandbox` },
				{ name: 'keep-alive loop, 10 in flight', role: 'limit', median: limit, unit: 'ms', samples: samples.loop, note: `at most ${seen.loop} in flight at the sandbox` },
				{ name: 'package, Requests in Parallel 1', median: median(samples.one), unit: 'ms', samples: samples.one },
			],
			ratios: [
				{ name: 'package (10) / loop (10)', value: pkg / limit, goal: '≤ 1.2×', met: pkg / limit <= 1.2 },
				{ name: 'package (10) / hand-built', value: pkg / hand },
			],
			notes: [`${items} items, each answer ${LATENCY_MS} ms late; ${ctx.rounds} measured round(s)${ctx.quick ? "" : " after one warm-up"}, variants interleaved in each round`],
		};
	},
};
