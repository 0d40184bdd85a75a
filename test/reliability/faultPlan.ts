/**
 * The faults the reliability suite injects, and how they strike: a seeded share of the requests to one path,
 * each kind equally often. See test/RELIABILITY.md.
 */
/* eslint-disable @n8n/community-nodes/no-restricted-globals -- runs in Node, not in n8n: eslint.dev.config.mjs lints it */
import type { FaultRule } from '../../sandbox';

/** The seed of every draw: the same seed strikes the same requests with the same faults. */
export const SEED = Number(process.env.RELIABILITY_SEED ?? 20261124);

/** Share of the requests struck by a fault. */
export const FAULT_RATE = 0.2;

/** The transport's timeout during the suite, and a latency beyond it (a lost answer, never a slow success). */
export const TIMEOUT_MS = 1000;
export const LATENCY_MS = 2 * TIMEOUT_MS;

export interface FaultKind {
	/** The name the ledger records with each request the kind strikes (`faultName`). */
	name: string;
	rule: Omit<FaultRule, 'name' | 'path' | 'rate'>;
	/** Whether the endpoint did its work (the platform changed) when this kind struck. */
	workDone: boolean;
}

// Retry-After is 0: the transport honours it, and a longer one would only slow the run down.
export const FAULT_KINDS: FaultKind[] = [
	{ name: 'HTTP 500 before the work', rule: { kind: 'status', status: 500, when: 'before' }, workDone: false },
	{ name: 'HTTP 500 after the work', rule: { kind: 'status', status: 500, when: 'after' }, workDone: true },
	{ name: 'HTTP 503 + Retry-After before the work', rule: { kind: 'status', status: 503, retryAfter: 0, when: 'before' }, workDone: false },
	{ name: 'HTTP 503 + Retry-After after the work', rule: { kind: 'status', status: 503, retryAfter: 0, when: 'after' }, workDone: true },
	{ name: 'HTTP 429 + Retry-After before the work', rule: { kind: 'status', status: 429, retryAfter: 0, when: 'before' }, workDone: false },
	{ name: 'HTTP 429 + Retry-After after the work', rule: { kind: 'status', status: 429, retryAfter: 0, when: 'after' }, workDone: true },
	{ name: 'connection reset before the work', rule: { kind: 'drop', when: 'before' }, workDone: false },
	{ name: 'connection reset after the work', rule: { kind: 'drop', when: 'after' }, workDone: true },
	{ name: 'latency beyond the timeout, work done late', rule: { kind: 'latency', latencyMs: LATENCY_MS, when: 'before' }, workDone: true },
	{ name: 'latency beyond the timeout, answer late', rule: { kind: 'latency', latencyMs: LATENCY_MS, when: 'after' }, workDone: true },
	{ name: 'JSON cut short, connection closed', rule: { kind: 'truncate', when: 'after' }, workDone: true },
	{ name: 'JSON cut short, complete answer', rule: { kind: 'truncate', complete: true, when: 'after' }, workDone: true },
	{ name: 'HTML page, HTTP 200', rule: { kind: 'html', status: 200, when: 'after' }, workDone: true },
	{ name: 'HTML page, HTTP 502', rule: { kind: 'html', status: 502, when: 'before' }, workDone: false },
];

const KIND_BY_NAME = new Map(FAULT_KINDS.map((kind) => [kind.name, kind]));

/** The kind a ledger entry's `faultName` names (undefined when no fault struck). */
export function faultKindOf(faultName: string | undefined): FaultKind | undefined {
	if (faultName === undefined) return undefined;
	const kind = KIND_BY_NAME.get(faultName);
	if (!kind) throw new Error(`A fault the plan does not know struck: ${faultName}`);
	return kind;
}

/**
 * Rules that strike `rate` of the requests to `path`, each kind with the same share. The sandbox tries the
 * rules in order and each draws once, so rule i gets the conditional rate q / (1 - i·q) (q = rate / kinds):
 * the product telescopes and every kind strikes with probability exactly q.
 */
export function faultRules(path: string, kinds: FaultKind[] = FAULT_KINDS, rate = FAULT_RATE): FaultRule[] {
	const share = rate / kinds.length;
	return kinds.map((kind, index) => ({ ...kind.rule, name: kind.name, path, method: 'POST', rate: share / (1 - index * share) }));
}
