/**
 * The sandbox's JSON, exact for big identifiers. The spec types identifiers as integers with no bound, and
 * JSON.parse rounds an integer beyond 2^53 (12345678901234567890 becomes 12345678901234567000). Here such an
 * integer is read as a `bigint` and written back as a bare integer, so an identifier the platform hands out or
 * receives keeps every digit, and a client that sends it as text ("1234...") is still told it sent text.
 * Written for the sandbox, independent of the nodes' own JSON helpers.
 */

/** JSON.parse, except that an integer beyond ±Number.MAX_SAFE_INTEGER is a bigint. */
export function parseJson(text: string): unknown {
	// Without a run of 16 digits there is no integer beyond 2^53, and JSON.parse is exact.
	if (!/\d{16}/.test(text)) return JSON.parse(text);
	const reader = new Reader(text);
	const value = reader.value();
	reader.end();
	return value;
}

/** JSON.stringify (with its indentation argument), except that a bigint is written as a bare integer. */
export function stringifyJson(value: unknown, indent?: number): string {
	// Each bigint becomes a marked string first; the marks are then unquoted in the text JSON.stringify wrote. The
	// holder's own value is looked at (`this[key]`), not the one after toJSON: n8n-workflow, loaded in the same
	// process by the engine tests, gives BigInt a toJSON that turns it into a string.
	const mark = `\u0000bigint:${Math.random().toString(36).slice(2)}:`;
	const text = JSON.stringify(
		value,
		function (this: Record<string, unknown>, key: string, entry: unknown) {
			const own = this[key];
			return typeof own === 'bigint' ? `${mark}${own.toString()}` : entry;
		},
		indent,
	);
	if (text === undefined) return 'null';
	const quotedMark = JSON.stringify(mark).slice(0, -1);
	return text.split(quotedMark).map((part, index) => (index === 0 ? part : part.replace(/^(-?\d+)"/, '$1'))).join('');
}

/** A whole-number identifier: a number up to 2^53, a bigint beyond. */
export type Id = number | bigint;

/** The canonical digits of an identifier in a path segment (leading zeros dropped); undefined when not digits. */
export function idKey(segment: string): string | undefined {
	return /^\d+$/.test(segment) ? BigInt(segment).toString() : undefined;
}

/** An identifier from a bigint: a number when it is exact as one (the form parseJson gives), else the bigint. */
export function toId(value: bigint): Id {
	return value <= BigInt(Number.MAX_SAFE_INTEGER) && value >= -BigInt(Number.MAX_SAFE_INTEGER) ? Number(value) : value;
}

const NUMBER = /-?(?:0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/y;
const SPACE = /[ \t\n\r]*/y;

class Reader {
	private at = 0;

	constructor(private readonly text: string) {}

	value(): unknown {
		this.space();
		const char = this.text[this.at];
		if (char === '{') return this.object();
		if (char === '[') return this.array();
		if (char === '"') return this.string();
		if (char === '-' || (char >= '0' && char <= '9')) return this.number();
		for (const [word, value] of [['true', true], ['false', false], ['null', null]] as const) {
			if (this.text.startsWith(word, this.at)) {
				this.at += word.length;
				return value;
			}
		}
		return this.fail();
	}

	end(): void {
		this.space();
		if (this.at < this.text.length) this.fail();
	}

	private object(): Record<string, unknown> {
		const result: Record<string, unknown> = {};
		this.at++;
		this.space();
		if (this.text[this.at] === '}') {
			this.at++;
			return result;
		}
		for (;;) {
			this.space();
			if (this.text[this.at] !== '"') this.fail();
			const key = this.string();
			this.space();
			if (this.text[this.at++] !== ':') this.fail();
			const entry = this.value();
			if (key === '__proto__') Object.defineProperty(result, key, { value: entry, enumerable: true, writable: true, configurable: true });
			else result[key] = entry;
			this.space();
			const next = this.text[this.at++];
			if (next === '}') return result;
			if (next !== ',') this.fail();
		}
	}

	private array(): unknown[] {
		const result: unknown[] = [];
		this.at++;
		this.space();
		if (this.text[this.at] === ']') {
			this.at++;
			return result;
		}
		for (;;) {
			result.push(this.value());
			this.space();
			const next = this.text[this.at++];
			if (next === ']') return result;
			if (next !== ',') this.fail();
		}
	}

	private string(): string {
		const start = this.at;
		let index = start + 1;
		while (index < this.text.length && this.text[index] !== '"') index += this.text[index] === '\\' ? 2 : 1;
		if (index >= this.text.length) this.fail();
		this.at = index + 1;
		return JSON.parse(this.text.slice(start, this.at)) as string;
	}

	private number(): number | bigint {
		NUMBER.lastIndex = this.at;
		const found = NUMBER.exec(this.text);
		if (!found) return this.fail();
		this.at = NUMBER.lastIndex;
		const value = Number(found[0]);
		const whole = found[1] === undefined && found[2] === undefined;
		return whole && !Number.isSafeInteger(value) ? BigInt(found[0]) : value;
	}

	private space(): void {
		SPACE.lastIndex = this.at;
		SPACE.exec(this.text);
		this.at = SPACE.lastIndex;
	}

	private fail(): never {
		throw new SyntaxError(`Unexpected token in JSON at position ${this.at}`);
	}
}
