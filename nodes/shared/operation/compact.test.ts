import { compact } from './compact';

describe('compact', () => {
	it('drops empty texts, unset values and objects left empty, keeping false, 0 and null', () => {
		expect(compact({ a: '', b: undefined, c: { d: '' }, e: false, f: 0, g: null, h: 'x', list: [{ i: '' }, 1] })).toEqual({
			e: false,
			f: 0,
			g: null,
			h: 'x',
			list: [{}, 1],
		});
	});

	it('gives a date as it is', () => {
		const date = new Date(0);
		expect(compact(date)).toBe(date);
	});
});
