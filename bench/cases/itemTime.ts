/**
 * Session › Get, one item after another: time per item of the package's node (Requests in Parallel = 1), of what
 * a user builds by hand (Code node signing + HTTP Request node, its defaults), and of a keep-alive Node loop,
 * sequential (the limit). Times are the nodes' own executionTime in the stored run (hand-built: Sign + HTTP
 * Request summed) and the loop's wall time, each divided by the items.
 */
import { startKeepAliveLoop } from '../lib/loop';
import { createSessions } from '../lib/sessions';
import { expressionWorkflow, EXPRESSION_NODE, handBuiltWorkflow, HTTP_NODE, PACKAGE_NODE, packageWorkflow, sessionPaths, SIGN_NODE } from '../lib/sessionGet';
import { median, type BenchCase } from '../lib/types';
import { runChecked } from '../lib/workflow';

export const benchCase: BenchCase = {
	id: 'itemTime',
	title: 'Session › Get, 2,000 items, time per item',
	async run(ctx) {
		const items = ctx.quick ? 50 : 2000;
		const n8n = await ctx.n8n();
		ctx.sandbox.clearFaults();
		const ids = await createSessions(ctx.sandbox, items, 'BENCH-ITEM');
		const sequential = await packageWorkflow(n8n, ids, 1, `bench itemTime: package, 1 in flight (${items})`);
		const byDefault = await packageWorkflow(n8n, ids, 5, `bench itemTime: package, 5 in flight (${items})`);
		const fixedId = await packageWorkflow(n8n, ids, 1, `bench itemTime: package, fixed Session ID (${items})`, ids[0]);
		const expression = await expressionWorkflow(n8n, ids, `bench itemTime: Edit Fields, one expression (${items})`);
		const handBuilt = await handBuiltWorkflow(n8n, ctx.sandbox, ids, `bench itemTime: Code + HTTP Request (${items})`);
		const loop = startKeepAliveLoop(ctx.sandbox.url, ctx.sandbox.credentials.login, ctx.sandbox.credentials.secretKey);
		const samples = { sequential: [] as number[], byDefault: [] as number[], handBuilt: [] as number[], sign: [] as number[], loop: [] as number[], fixedId: [] as number[], expression: [] as number[] };
		try {
			// A first, unmeasured pass warms n8n (node types loaded, connections, the Code node's task runner).
			for (let round = ctx.quick ? 0 : -1; round < ctx.rounds; round++) {
				const measured = round >= 0;
				const a = await runChecked(n8n, sequential, PACKAGE_NODE, items);
				const b = await runChecked(n8n, handBuilt, HTTP_NODE, items);
				const c = await loop.run(sessionPaths(ids), 1);
				const d = await runChecked(n8n, byDefault, PACKAGE_NODE, items);
				const e = await runChecked(n8n, fixedId, PACKAGE_NODE, items);
				const f = await runChecked(n8n, expression, EXPRESSION_NODE, items);
				if (!measured) continue;
				samples.sequential.push(a.nodeTimes[PACKAGE_NODE] / items);
				samples.handBuilt.push((b.nodeTimes[SIGN_NODE] + b.nodeTimes[HTTP_NODE]) / items);
				samples.sign.push(b.nodeTimes[SIGN_NODE] / items);
				samples.loop.push(c / items);
				samples.byDefault.push(d.nodeTimes[PACKAGE_NODE] / items);
				samples.fixedId.push(e.nodeTimes[PACKAGE_NODE] / items);
				samples.expression.push(f.nodeTimes[EXPRESSION_NODE] / items);
				ctx.log(`round ${round + 1}/${ctx.rounds}: package ${fmt(samples.sequential.at(-1)!)}, hand-built ${fmt(samples.handBuilt.at(-1)!)}, loop ${fmt(samples.loop.at(-1)!)} ms/item`);
			}
		} finally {
			await loop.stop();
		}
		const variant = (name: string, role: 'package' | 'hand-built' | 'limit' | undefined, values: number[], note?: string) => ({
			name,
			role,
			median: median(values),
			unit: 'ms/item',
			samples: values,
			note,
		});
		const pkg = median(samples.sequential);
		const hand = median(samples.handBuilt);
		const limit = median(samples.loop);
		const expressionCost = median(samples.expression);
		return {
			id: this.id,
			title: this.title,
			variants: [
				variant('package, Requests in Parallel 1 (sequential)', 'package', samples.sequential),
				variant('Code node signing + HTTP Request node (defaults)', 'hand-built', samples.handBuilt, `of which the Code node: ${fmt(median(samples.sign))} ms/item; the HTTP Request node sends every item's request at once`),
				variant('keep-alive Node loop, sequential', 'limit', samples.loop),
				variant('package, Requests in Parallel 5 (the default for reads)', undefined, samples.byDefault),
				variant('package, Requests in Parallel 1, Session ID written as a fixed value (no expression per item)', undefined, samples.fixedId, 'every item asks for the same session'),
				variant("n8n alone: Edit Fields evaluating the same {{ $json.id }} per item, no request", undefined, samples.expression, "what n8n spends on one expression per item, before any node's own work"),
			],
			ratios: [
				{ name: 'package / hand-built', value: pkg / hand, goal: '≤ 1.0×', met: pkg / hand <= 1.0 },
				{ name: 'package / limit', value: pkg / limit, goal: '≤ 1.5×', met: pkg / limit <= 1.5 },
				{ name: 'n8n alone, one expression per item / limit', value: expressionCost / limit },
				{ name: 'package with a fixed Session ID / limit', value: median(samples.fixedId) / limit },
			],
			notes: [`${items} items (distinct sessions), ${ctx.rounds} measured round(s)${ctx.quick ? "" : " after one warm-up"}, variants interleaved in each round`],
		};
	},
};

const fmt = (value: number) => value.toFixed(3);
