/**
 * What every benchmark case gives `npm run bench` (bench/run.ts): variants measured side by side in one run,
 * rounds interleaved, medians. Nothing is asserted on time; the runner writes bench/RESULTS.md and
 * bench/results.json with the machine and its load.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- runs in Node, not in n8n: eslint.dev.config.mjs lints it */
import type { RunningSandbox } from '../../sandbox';

/** A running n8n 2.40.7 (`n8n start`) with the packed package installed, shared by the cases of one run. */
export interface BenchN8n {
	url: string;
	userFolder: string;
	/** n8n's internal REST API, logged in as the owner: { call(method, path, body) } (scripts/n8n/env.js restClient). */
	rest: { call(method: string, path: string, body?: unknown): Promise<{ status: number; json: any; text: string }> };
	/** The PaySuite credentials saved in this n8n, pointing at `sandbox`: ids by credential type. */
	credentialIds: { paySuiteApi: string; paySuiteOnboardingApi: string };
	/** The n8n process's id, to read its memory (/proc/<pid>/status); absent when the runner cannot tell. */
	pid?: number;
}

export interface BenchContext {
	/** A smoke run: few items, one round; every case still runs each variant once. */
	quick: boolean;
	/** Rounds per variant (interleave variants inside each round). */
	rounds: number;
	/** The sandbox on loopback, historyDays 0; cases may start their own servers besides. */
	sandbox: RunningSandbox;
	/** The shared n8n, started on first call. */
	n8n(): Promise<BenchN8n>;
	log(message: string): void;
}

export interface BenchVariant {
	/** Who builds it: 'package', 'hand-built (Code + HTTP Request)', 'limit (keep-alive loop)', ... */
	name: string;
	/** Which column of the results table it goes in (without it, read from the name's first word). */
	role?: 'package' | 'hand-built' | 'limit';
	/** Median of the samples. */
	median: number;
	/** 'ms/item', 'ms', 'rows/s', 'MB', ... */
	unit: string;
	samples: number[];
	note?: string;
}

export interface BenchRatio {
	/** e.g. 'package / hand-built' */
	name: string;
	value: number;
	/** The goal, e.g. '≤ 1.0×', and whether this run meets it. */
	goal?: string;
	met?: boolean;
}

export interface BenchResult {
	id: string;
	/** The row of the table: 'Session › Get, 2,000 items, time per item'. */
	title: string;
	variants: BenchVariant[];
	ratios: BenchRatio[];
	notes?: string[];
}

export interface BenchCase {
	id: string;
	title: string;
	run(ctx: BenchContext): Promise<BenchResult>;
}

/** The median of numbers (the mean of the two middle ones for an even count). */
export function median(values: number[]): number {
	if (values.length === 0) return NaN;
	const sorted = [...values].sort((a, b) => a - b);
	const mid = Math.floor(sorted.length / 2);
	return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}
