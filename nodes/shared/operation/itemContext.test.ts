import type { IExecuteFunctions, INode } from 'n8n-workflow';

import { fieldNamesOf, holdsExpression, readParam } from './itemContext';

describe('holdsExpression', () => {
	it('finds an expression at any depth of a saved value, and nothing else', () => {
		expect(holdsExpression('={{ $json.id }}')).toBe(true);
		expect(holdsExpression({ __rl: true, mode: 'id', value: '={{ $json.id }}' })).toBe(true);
		expect(holdsExpression({ options: { tags: ['a', '={{ 1 }}'] } })).toBe(true);
		expect(holdsExpression({ __rl: true, mode: 'id', value: '123' })).toBe(false);
		expect(holdsExpression(['a', 2, null, { b: true }])).toBe(false);
		expect(holdsExpression('a = b')).toBe(false);
	});
});

describe('readParam', () => {
	const node = {
		name: 'Get',
		type: 'paySuiteSession',
		typeVersion: 1,
		position: [0, 0],
		parameters: { fixed: 'S-1', options: { limit: 5 }, byItem: '={{ $json.id }}' },
	} as unknown as INode;
	const names = fieldNamesOf({ properties: [] });
	const fakeRun = () => {
		const reads: string[] = [];
		const fn = {
			getNode: () => node,
			getNodeParameter: (name: string, itemIndex: number) => {
				reads.push(`${name}@${itemIndex}`);
				return name === 'byItem' ? `id-${itemIndex}` : JSON.parse(JSON.stringify(node.parameters[name]));
			},
		} as unknown as IExecuteFunctions;
		return { fn, reads };
	};

	it("asks n8n once per run for a field without an expression, and per item for one with; each item gets its own copy", () => {
		const { fn, reads } = fakeRun();
		const first = readParam(fn, node, 'options', 0, undefined, names) as { limit: number };
		first.limit = 99;
		expect(readParam(fn, node, 'options', 1, undefined, names)).toEqual({ limit: 5 });
		expect([0, 1, 2].map((item) => readParam(fn, node, 'fixed', item, undefined, names))).toEqual(['S-1', 'S-1', 'S-1']);
		expect([0, 1, 2].map((item) => readParam(fn, node, 'byItem', item, undefined, names))).toEqual(['id-0', 'id-1', 'id-2']);
		expect(reads).toEqual(['options@0', 'fixed@0', 'byItem@0', 'byItem@1', 'byItem@2']);
	});

	it('keeps nothing between runs, and nothing from a read that failed', () => {
		const { fn, reads } = fakeRun();
		readParam(fn, node, 'fixed', 0, undefined, names);
		const other = fakeRun();
		readParam(other.fn, node, 'fixed', 0, undefined, names);
		expect([reads, other.reads]).toEqual([['fixed@0'], ['fixed@0']]);

		let calls = 0;
		const failing = {
			getNode: () => node,
			getNodeParameter: () => {
				calls++;
				if (calls === 1) throw new Error('n8n could not read it');
				return 'S-1';
			},
		} as unknown as IExecuteFunctions;
		expect(() => readParam(failing, node, 'fixed', 0, undefined, names)).toThrow('n8n could not read it');
		expect(readParam(failing, node, 'fixed', 1, undefined, names)).toBe('S-1');
	});
});
