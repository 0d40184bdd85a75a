/**
 * JSON that keeps every digit of a whole number: the platform's IDs are integers with no stated bound, and
 * JSON.parse turns 12345678901234567890 into 12345678901234567000. Pure.
 */

interface ParseOptions {
	/** `string` (default): decimal text, safe in an n8n item. `bigint`: written back bare by stringifyJson. */
	bigIntegers?: 'string' | 'bigint';
}

/** A `bigint` is written as a bare integer with all its digits. */
export function stringifyJson(value: unknown): string | undefined {
	return write('', value, []);
}

function write(key: string, input: unknown, stack: object[]): string | undefined {
	let value = input;
	if (value !== null && typeof value === 'object' && typeof (value as { toJSON?: unknown }).toJSON === 'function') {
		value = (value as { toJSON: (key: string) => unknown }).toJSON(key);
	}
	// Boxed primitives are written as their primitive, as JSON.stringify does.
	if (value instanceof Number || value instanceof String || value instanceof Boolean || value instanceof BigInt) value = value.valueOf();
	switch (typeof value) {
		case 'bigint':
			return value.toString();
		case 'string':
			return JSON.stringify(value);
		case 'number':
			return Number.isFinite(value) ? JSON.stringify(value) : 'null';
		case 'boolean':
			return value ? 'true' : 'false';
		case 'object': {
			if (value === null) return 'null';
			if (stack.includes(value)) throw new TypeError('Converting circular structure to JSON');
			stack.push(value);
			let text: string;
			if (Array.isArray(value)) {
				text = `[${value.map((entry, index) => write(String(index), entry, stack) ?? 'null').join(',')}]`;
			} else {
				const members: string[] = [];
				for (const name of Object.keys(value)) {
					const written = write(name, (value as Record<string, unknown>)[name], stack);
					if (written !== undefined) members.push(`${JSON.stringify(name)}:${written}`);
				}
				text = `{${members.join(',')}}`;
			}
			stack.pop();
			return text;
		}
		default:
			// undefined, functions and symbols: left out of objects, null in arrays (the caller decides).
			return undefined;
	}
}

// Without a run of 16 digits no number is beyond MAX_SAFE_INTEGER, and JSON.parse is exact.
const LONG_DIGIT_RUN = /\d{16}/;

/** A whole number beyond ±Number.MAX_SAFE_INTEGER keeps all its digits. */
export function parseJson(text: string, options: ParseOptions = {}): unknown {
	if (!LONG_DIGIT_RUN.test(text)) return JSON.parse(text);
	const parser = new Parser(text, options.bigIntegers ?? 'string');
	const value = parser.value();
	parser.end();
	return value;
}

const NUMBER = /-?(?:0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/y;
const WHITESPACE = /[ \t\n\r]*/y;

class Parser {
	private at = 0;

	constructor(
		private readonly text: string,
		private readonly bigIntegers: 'string' | 'bigint',
	) {}

	value(): unknown {
		this.skipWhitespace();
		const char = this.text[this.at];
		if (char === '{') return this.object();
		if (char === '[') return this.array();
		if (char === '"') return this.string();
		if (char === '-' || (char >= '0' && char <= '9')) return this.number();
		for (const [word, value] of [
			['true', true],
			['false', false],
			['null', null],
		] as const) {
			if (this.text.startsWith(word, this.at)) {
				this.at += word.length;
				return value;
			}
		}
		return this.fail();
	}

	end(): void {
		this.skipWhitespace();
		if (this.at < this.text.length) this.fail();
	}

	private object(): Record<string, unknown> {
		const result: Record<string, unknown> = {};
		this.at++;
		this.skipWhitespace();
		if (this.text[this.at] === '}') {
			this.at++;
			return result;
		}
		for (;;) {
			this.skipWhitespace();
			if (this.text[this.at] !== '"') this.fail();
			const key = this.string();
			this.skipWhitespace();
			if (this.text[this.at] !== ':') this.fail();
			this.at++;
			const entry = this.value();
			// An own property named __proto__, as JSON.parse makes, never the object's prototype.
			if (key === '__proto__') Object.defineProperty(result, key, { value: entry, enumerable: true, writable: true, configurable: true });
			else result[key] = entry;
			this.skipWhitespace();
			const next = this.text[this.at++];
			if (next === '}') return result;
			if (next !== ',') this.fail(this.at - 1);
		}
	}

	private array(): unknown[] {
		const result: unknown[] = [];
		this.at++;
		this.skipWhitespace();
		if (this.text[this.at] === ']') {
			this.at++;
			return result;
		}
		for (;;) {
			result.push(this.value());
			this.skipWhitespace();
			const next = this.text[this.at++];
			if (next === ']') return result;
			if (next !== ',') this.fail(this.at - 1);
		}
	}

	/** Decoded by JSON.parse itself, so both agree exactly. */
	private string(): string {
		const start = this.at;
		let index = start + 1;
		while (index < this.text.length && this.text[index] !== '"') index += this.text[index] === '\\' ? 2 : 1;
		if (index >= this.text.length) this.fail(start);
		this.at = index + 1;
		return JSON.parse(this.text.slice(start, this.at)) as string;
	}

	private number(): number | string | bigint {
		NUMBER.lastIndex = this.at;
		const found = NUMBER.exec(this.text);
		if (!found) return this.fail();
		this.at = NUMBER.lastIndex;
		const token = found[0];
		const value = Number(token);
		const whole = found[1] === undefined && found[2] === undefined;
		if (!whole || Number.isSafeInteger(value)) return value;
		return this.bigIntegers === 'bigint' ? BigInt(token) : token;
	}

	private skipWhitespace(): void {
		WHITESPACE.lastIndex = this.at;
		WHITESPACE.exec(this.text);
		this.at = WHITESPACE.lastIndex;
	}

	private fail(at = this.at): never {
		const found = at < this.text.length ? `token ${JSON.stringify(this.text[at])}` : 'end of JSON input';
		throw new SyntaxError(`Unexpected ${found} in JSON at position ${at}`);
	}
}
