import { canonicalJson } from './canonicalJson';

describe('canonicalJson', () => {
	it('sorts keys at every level, keeps array order and leaves out undefined', () => {
		expect(canonicalJson({ b: 1, a: { d: [2, { z: 1, y: undefined, x: null }], c: 'é' } })).toBe(
			'{"a":{"c":"é","d":[2,{"x":null,"z":1}]},"b":1}',
		);
		expect(canonicalJson([3, 1])).not.toBe(canonicalJson([1, 3]));
		// An undefined array entry keeps its place, as null (JSON.stringify's rule), so positions never shift.
		expect(canonicalJson([1, undefined, { a: undefined }])).toBe('[1,null,{}]');
		expect(canonicalJson(undefined)).toBe('null');
	});

	it('writes canonical JSON with sorted keys and without undefined', () => {
		expect(canonicalJson({ b: 1, a: [2, { d: undefined, c: 'x' }] })).toBe('{"a":[2,{"c":"x"}],"b":1}');
	});

	it('writes a bigint identifier as the bare integer it is sent as', () => {
		expect(canonicalJson({ id: 12345678901234567890n, small: 5n })).toBe('{"id":12345678901234567890,"small":5}');
	});
});
