/** The machine a run measured on, and the results as bench/RESULTS.md and bench/results.json. */
/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- runs in Node, not in n8n: eslint.dev.config.mjs lints it */
import { cpus, loadavg, totalmem } from 'os';

import type { BenchResult, BenchVariant } from './types';

export interface Machine {
	cpus: number;
	cpuModel: string;
	memoryGiB: number;
	node: string;
	n8n?: string;
	n8nNode?: string;
	loadBefore: number[];
	loadAfter?: number[];
}

export interface RunReport {
	date: string;
	command: string;
	quick: boolean;
	rounds: number;
	durationSeconds: number;
	machine: Machine;
	results: BenchResult[];
	failures: Array<{ id: string; title: string; error: string }>;
}

export function machineNow(): Machine {
	return {
		cpus: cpus().length,
		cpuModel: cpus()[0]?.model ?? 'unknown',
		memoryGiB: Math.round((totalmem() / 2 ** 30) * 10) / 10,
		node: process.version,
		loadBefore: loadavg().map((value) => Math.round(value * 100) / 100),
	};
}

/** 3 significant figures, thousands separated: 0.271, 1.09, 477, 5,511. */
export function formatNumber(value: number): string {
	if (!Number.isFinite(value)) return String(value);
	const abs = Math.abs(value);
	const digits = abs >= 100 ? 0 : abs >= 10 ? 1 : abs >= 1 ? 2 : 3;
	return value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
}

const ROLES = ['package', 'hand-built', 'limit'] as const;

/** The column a variant goes in: its role, or its name's first word ('package…', 'hand-built…', 'limit…'). */
function roleOf(variant: BenchVariant): string | undefined {
	if (variant.role) return variant.role;
	const first = variant.name.toLowerCase();
	return ROLES.find((role) => first.startsWith(role));
}

const cell = (variants: BenchVariant[]) =>
	variants.length ? variants.map((variant) => `${variant.name}: ${formatNumber(variant.median)} ${variant.unit}`).join('; ') : '—';

const load = (values: number[] | undefined) => (values ? values.map((value) => value.toFixed(2)).join(' / ') : '?');

function ratioText(result: BenchResult): string {
	if (!result.ratios.length) return '—';
	return result.ratios
		.map((ratio) => `${ratio.name}: ${formatNumber(ratio.value)}×${ratio.goal ? ` (goal ${ratio.goal}: ${ratio.met ? 'met' : '**not met**'})` : ''}`)
		.join('; ');
}

/** Order of the issue's table; cases it does not name come after, by id. */
const ORDER = ['itemTime', 'inFlight', 'reportParser', 'reportRequestAndWait', 'trigger', 'transactionPoll', 'signing'];
export function byIssueOrder<T extends { id: string }>(list: T[]): T[] {
	const rank = (id: string) => (ORDER.includes(id) ? ORDER.indexOf(id) : ORDER.length);
	return [...list].sort((a, b) => rank(a.id) - rank(b.id) || a.id.localeCompare(b.id));
}

export function toMarkdown(report: RunReport): string {
	const m = report.machine;
	const lines = [
		'# Benchmark results',
		'',
		`Written by \`${report.command}\` (bench/run.ts) on ${report.date}${report.quick ? ' — a **quick** smoke run: few items, one round; not figures to compare' : ''}.`,
		`Machine: ${m.cpus} × ${m.cpuModel}, ${m.memoryGiB} GiB; bench on Node ${m.node}, n8n ${m.n8n ?? '(not started)'} on Node ${m.n8nNode ?? '?'}.`,
		`Load average (1 / 5 / 15 min): ${load(m.loadBefore)} before, ${load(m.loadAfter)} after; the run took ${Math.round(report.durationSeconds)} s.`,
		`Medians of ${report.rounds} round(s), variants interleaved inside each round. Compare ratios, not times: the machine is shared.`,
		'',
		'| What | Package | What a user builds instead | Limit | Ratio |',
		'|---|---|---|---|---|',
	];
	for (const result of byIssueOrder(report.results)) {
		const of = (role: string) => result.variants.filter((variant) => roleOf(variant) === role);
		lines.push(`| ${result.title} | ${cell(of('package'))} | ${cell(of('hand-built'))} | ${cell(of('limit'))} | ${ratioText(result)} |`);
	}
	for (const failure of report.failures) lines.push(`| ${failure.title} | failed: ${failure.error.split('\n')[0].replace(/\|/g, '\\|')} | | | |`);
	lines.push('', '## Every variant', '');
	for (const result of byIssueOrder(report.results)) {
		lines.push(`### ${result.title} (\`${result.id}\`)`, '');
		for (const note of result.notes ?? []) lines.push(`- ${note}`);
		lines.push('', '| Variant | Median | Samples | Note |', '|---|---|---|---|');
		for (const variant of result.variants) {
			lines.push(`| ${variant.name} | ${formatNumber(variant.median)} ${variant.unit} | ${variant.samples.map(formatNumber).join(', ')} | ${variant.note ?? ''} |`);
		}
		lines.push('');
	}
	return `${lines.join('\n')}\n`;
}

/** Why a case's result cannot be used: a variant without numbers. */
export function missingNumbers(result: BenchResult): string | undefined {
	if (!result.variants.length) return 'no variants';
	const empty = result.variants.find((variant) => !variant.samples.length || !Number.isFinite(variant.median));
	if (empty) return `variant "${empty.name}" produced no number`;
	const ratio = result.ratios.find((entry) => !Number.isFinite(entry.value));
	return ratio ? `ratio "${ratio.name}" is not a number` : undefined;
}
