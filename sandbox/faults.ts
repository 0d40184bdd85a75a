/** Fault injection: slow answers, error statuses, dropped connections before or after the work is done. */
export interface FaultRule {
	method?: string;
	/** Exact path, or a prefix ending in `*`. */
	path?: string;
	kind: 'latency' | 'status' | 'drop' | 'drop-after-processing';
	latencyMs?: number;
	/** For `status`: the HTTP status to answer (default 503). */
	status?: number;
	/** For `status`: a Retry-After header value in seconds. */
	retryAfter?: number;
	/** Probability 0..1 that the rule applies to a matching request (default 1). */
	rate?: number;
	/** How many matching requests it applies to before it is spent (default: all). */
	count?: number;
}

export class Faults {
	private rules: FaultRule[] = [];

	set(rules: FaultRule[]): void {
		this.rules = rules.map((rule) => ({ ...rule }));
	}

	clear(): void {
		this.rules = [];
	}

	list(): FaultRule[] {
		return this.rules.map((rule) => ({ ...rule }));
	}

	/** The first rule that applies to this request, used up by one. */
	take(method: string, path: string): FaultRule | undefined {
		for (const rule of this.rules) {
			if (rule.method && rule.method.toUpperCase() !== method.toUpperCase()) continue;
			if (rule.path && !(rule.path.endsWith('*') ? path.startsWith(rule.path.slice(0, -1)) : path === rule.path)) continue;
			if (rule.count !== undefined && rule.count <= 0) continue;
			if (rule.rate !== undefined && Math.random() >= rule.rate) continue;
			if (rule.count !== undefined) rule.count -= 1;
			return rule;
		}
		return undefined;
	}
}
