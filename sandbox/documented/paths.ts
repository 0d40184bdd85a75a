/**
 * Key paths: how the table of documented fields names a field, and how an answer's fields are listed to hold
 * them against it. `status.reason` is a key inside an object, `payment[].refunded` a key of each element of an
 * array, and `metadata.*` anything at all below a field the documents declare free-form. `a.{b,c}` is short for
 * `a.b` and `a.c` (braces nest).
 */

/** Every path a brace pattern stands for: `a.{b,c.{d,e}}` → `a.b`, `a.c.d`, `a.c.e`. */
export function expand(pattern: string): string[] {
	const open = pattern.indexOf('{');
	if (open < 0) return [pattern];
	let depth = 0;
	let close = -1;
	const commas: number[] = [];
	for (let index = open; index < pattern.length && close < 0; index++) {
		const char = pattern[index];
		if (char === '{') depth++;
		else if (char === '}' && --depth === 0) close = index;
		else if (char === ',' && depth === 1) commas.push(index);
	}
	if (close < 0) throw new Error(`Unbalanced braces in the field pattern ${pattern}`);
	const cuts = [open, ...commas, close];
	const head = pattern.slice(0, open);
	const tail = pattern.slice(close + 1);
	return cuts.slice(1).flatMap((cut, index) => expand(`${head}${pattern.slice(cuts[index] + 1, cut)}${tail}`));
}

/** Every key path of a JSON value: each object key, under its parent's path; array elements add `[]`. */
export function keyPaths(value: unknown, prefix = '', into: Set<string> = new Set()): Set<string> {
	if (Array.isArray(value)) {
		for (const entry of value) keyPaths(entry, `${prefix}[]`, into);
	} else if (value !== null && typeof value === 'object' && !(value instanceof Uint8Array)) {
		for (const [key, entry] of Object.entries(value as Record<string, unknown>)) {
			const path = prefix ? `${prefix}.${key}` : key;
			into.add(path);
			keyPaths(entry, path, into);
		}
	}
	return into;
}

/** `a[].b.c` → `a`, `a[].b`, `a[].b.c`: the keys an answer must have on the way to a path. */
function withAncestors(path: string): string[] {
	const parts = path.split('.');
	return parts.map((_, index) => parts.slice(0, index + 1).join('.').replace(/(\[\])+$/, ''));
}

/** What a list of patterns allows, ready to test paths against. */
export class PathSet {
	private readonly exact = new Set<string>();
	private readonly below: string[] = [];

	constructor(patterns: readonly string[]) {
		for (const path of patterns.flatMap(expand)) {
			const free = path.endsWith('.*');
			const base = free ? path.slice(0, -2) : path;
			for (const known of withAncestors(base)) this.exact.add(known);
			if (free) this.below.push(base);
		}
	}

	/** Whether the path is listed, leads to a listed path, or lies below a free-form field. */
	allows(path: string): boolean {
		return this.exact.has(path) || this.below.some((base) => path.startsWith(`${base}.`) || path.startsWith(`${base}[]`));
	}
}
