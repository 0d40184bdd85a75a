/**
 * Fault injection: what a bad network and a busy platform do to a request, before the endpoint did its work
 * (nothing happened) or after it (the work is done and only the answer goes wrong). See docs/sandbox.md.
 */
import { refuse, type SandboxResponse } from './http';

export type FaultKind =
	/** Waits `latencyMs` before doing the work (before) or before answering (after). */
	| 'latency'
	/** Answers `status` (default 503), optionally with Retry-After, in the platform's status shape. */
	| 'status'
	/** Closes the connection without an answer. */
	| 'drop'
	/** `drop` after the work is done (kept for existing rules: the same as `drop` with `when: 'after'`). */
	| 'drop-after-processing'
	/** Sends part of the answer (`keepBytes`, default half) and stops (default after the work). */
	| 'truncate'
	/** Answers an HTML error page, as a proxy or load balancer does, with `status` (default 502; 200 allowed). */
	| 'html';

export interface FaultRule {
	/** A name of your own, recorded with each request it strikes (the ledger's `faultName`), to count strikes by rule. */
	name?: string;
	method?: string;
	/** Exact path, or a prefix ending in `*`. */
	path?: string;
	kind: FaultKind;
	/**
	 * `before` the endpoint runs (it never does), or `after` it did its work (its state has changed, its answer
	 * is replaced or damaged). Default `before`, except `truncate` and `drop-after-processing`: `after`.
	 */
	when?: 'before' | 'after';
	latencyMs?: number;
	/** For `status` (default 503), `html` (default 502) and a `truncate` before the work (default 200). */
	status?: number;
	/** For `status` and `html`: a Retry-After header value in seconds. */
	retryAfter?: number;
	/** For `truncate`: how many bytes of the answer are sent (default half of it). */
	keepBytes?: number;
	/**
	 * For `truncate`: `true` announces the cut length and ends the answer cleanly (what a broken proxy sends: a
	 * complete HTTP answer whose JSON is cut); by default the headers announce the whole length and the
	 * connection closes after the cut part (a network cut).
	 */
	complete?: boolean;
	/** Probability 0..1 that the rule applies to a matching request (default 1); drawn from the seeded generator. */
	rate?: number;
	/** How many matching requests it applies to before it is spent (default: all). */
	count?: number;
	/** How many matching requests pass untouched before it applies (default 0): "the second read fails". */
	skip?: number;
}

/** mulberry32: a small seeded generator, so that `rate` draws repeat exactly for the same seed and requests. */
export function seededRandom(seed: number): () => number {
	let state = seed >>> 0;
	return () => {
		state = (state + 0x6d2b79f5) >>> 0;
		let t = state;
		t = Math.imul(t ^ (t >>> 15), t | 1);
		t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
	};
}

/** When a rule strikes: its own `when`, or its kind's default. */
export const faultWhen = (rule: FaultRule): 'before' | 'after' =>
	rule.when ?? (rule.kind === 'truncate' || rule.kind === 'drop-after-processing' ? 'after' : 'before');

/** The name a struck fault gets in the ledger: its kind, with `-after-processing` when it struck after the work. */
export const faultLabel = (rule: FaultRule): string =>
	rule.kind === 'drop-after-processing' || faultWhen(rule) === 'before' ? rule.kind : `${rule.kind}-after-processing`;

export class Faults {
	private rules: FaultRule[] = [];
	private seed: number | undefined;
	private random: () => number = Math.random;

	/** Replaces the rules; with a `seed`, `rate` draws restart from it (the same seed gives the same draws). */
	set(rules: FaultRule[], seed?: number): void {
		this.rules = rules.map((rule) => ({ ...rule }));
		this.seed = seed === undefined || !Number.isFinite(Number(seed)) ? undefined : Number(seed);
		this.random = this.seed === undefined ? Math.random : seededRandom(this.seed);
	}

	clear(): void {
		this.set([]);
	}

	list(): FaultRule[] {
		return this.rules.map((rule) => ({ ...rule }));
	}

	/** The seed of the current rules, if any. */
	currentSeed(): number | undefined {
		return this.seed;
	}

	/** The first rule that applies to this request, used up by one. */
	take(method: string, path: string): FaultRule | undefined {
		for (const rule of this.rules) {
			if (rule.method && rule.method.toUpperCase() !== method.toUpperCase()) continue;
			if (rule.path && !(rule.path.endsWith('*') ? path.startsWith(rule.path.slice(0, -1)) : path === rule.path)) continue;
			if (rule.count !== undefined && rule.count <= 0) continue;
			if (rule.skip !== undefined && rule.skip > 0) {
				rule.skip -= 1;
				continue;
			}
			if (rule.rate !== undefined && this.random() >= rule.rate) continue;
			if (rule.count !== undefined) rule.count -= 1;
			return rule;
		}
		return undefined;
	}
}

/** The HTML page a proxy answers instead of the platform. */
export function htmlErrorPage(status: number): string {
	const title = `${status} ${status === 200 ? 'OK' : status >= 500 ? 'Bad Gateway' : 'Error'}`;
	return `<!DOCTYPE html>\n<html><head><title>${title}</title></head><body><h1>${title}</h1><p>The server is temporarily unable to service your request.</p></body></html>\n`;
}

/** What an injected `status` or `html` fault answers instead of the endpoint. */
export function faultAnswer(rule: FaultRule): SandboxResponse {
	const retryAfter: Record<string, string> = rule.retryAfter !== undefined ? { 'retry-after': String(rule.retryAfter) } : {};
	if (rule.kind === 'html') {
		const status = rule.status ?? 502;
		return { status, raw: htmlErrorPage(status), headers: { 'content-type': 'text/html; charset=utf-8', ...retryAfter } };
	}
	const status = rule.status ?? (rule.kind === 'truncate' ? 200 : 503);
	const answer = refuse(status, String(status), 'Injected fault', {}, 'ERROR');
	answer.headers = retryAfter;
	return answer;
}
