import { parseJson, stringifyJson } from './losslessJson';

describe('stringifyJson', () => {
	it('writes a bigint as a bare integer with all its digits', () => {
		expect(stringifyJson({ internalReference: 12345678901234567890n, ids: [1n, -98765432109876543210n] })).toBe(
			'{"internalReference":12345678901234567890,"ids":[1,-98765432109876543210]}',
		);
	});

	it('writes a bigint bare even where BigInt has a toJSON (n8n-workflow gives it one that makes text)', () => {
		const prototype = BigInt.prototype as { toJSON?: () => string };
		const before = prototype.toJSON;
		prototype.toJSON = function (this: bigint) {
			return this.toString();
		};
		try {
			expect(JSON.stringify({ id: 1n })).toBe('{"id":"1"}');
			expect(stringifyJson({ id: 12345678901234567890n })).toBe('{"id":12345678901234567890}');
		} finally {
			if (before) prototype.toJSON = before;
			else delete prototype.toJSON;
		}
	});

	it('writes everything else as JSON.stringify does', () => {
		const date = new Date(Date.UTC(2030, 0, 31));
		const samples: unknown[] = [
			{ a: 1, b: 'x"\n\u2028', c: null, d: undefined, e: () => 1, f: [undefined, () => 1, Symbol('s')], g: true },
			[NaN, Infinity, -0, 1e21, 0.1],
			{ date, nested: { toJSON: (key: string) => `key:${key}` } },
			[new Number(2), new String('s'), new Boolean(false)],
			'text',
			42,
			null,
			{ buffer: Buffer.from('ab') },
		];
		for (const sample of samples) expect(stringifyJson(sample)).toBe(JSON.stringify(sample));
		expect(stringifyJson(undefined)).toBeUndefined();
	});

	it('refuses a circular structure like JSON.stringify', () => {
		const loop: Record<string, unknown> = {};
		loop.self = loop;
		expect(() => stringifyJson(loop)).toThrow(TypeError);
	});
});

describe('parseJson', () => {
	it('keeps whole numbers beyond MAX_SAFE_INTEGER as their exact digits', () => {
		expect(parseJson('{"requestId":12345678901234567890,"n":[-98765432109876543210, 9007199254740992]}')).toEqual({
			requestId: '12345678901234567890',
			n: ['-98765432109876543210', '9007199254740992'],
		});
	});

	it('gives them as bigint when asked, so they are sent back bare', () => {
		const value = parseJson('{"id": 12345678901234567890, "small": 7}', { bigIntegers: 'bigint' });
		expect(value).toEqual({ id: 12345678901234567890n, small: 7 });
		expect(stringifyJson(value)).toBe('{"id":12345678901234567890,"small":7}');
	});

	it('reads safe integers, decimals and exponents as numbers, like JSON.parse', () => {
		const text = '{"max":9007199254740991,"min":-9007199254740991,"d":12345678901234567.5,"e":1234567890123456789e2,"s":"12345678901234567890"}';
		expect(parseJson(text)).toEqual(JSON.parse(text));
	});

	it('agrees with JSON.parse on everything else (escapes, nesting, whitespace, __proto__)', () => {
		const samples = [
			' { "a" : [ 1 , 2.5 , -0 , true , false , null , "x\\"y\\\\z\\u00e9\\n" ] , "b" : { } , "c" : [ ] , "pad" : "1234567890123456" } ',
			'{"__proto__":{"polluted":1},"k":"1234567890123456789"}',
			'"12345678901234567"',
			'[[[]],{"a":{"b":{"c":[1e-7,1E+3]}}}] ',
		];
		for (const text of samples) expect(parseJson(text)).toEqual(JSON.parse(text));
		const own = parseJson('{"__proto__":{"polluted":1},"x":12345678901234567890}') as Record<string, unknown>;
		expect(Object.getPrototypeOf(own)).toBe(Object.prototype);
		expect(Object.keys(own)).toEqual(['__proto__', 'x']);
	});

	it('refuses what JSON.parse refuses', () => {
		const bad = ['{"a":12345678901234567890,}', '[12345678901234567890', '{"a" 12345678901234567890}', '012345678901234567890', '12345678901234567890 x', '{"a":"1234567890123456\u0001"}', ''];
		for (const text of bad) {
			expect(() => JSON.parse(text)).toThrow(SyntaxError);
			expect(() => parseJson(text)).toThrow(SyntaxError);
		}
	});
});
