/** What each n8n version line needs (./n8nVersions.js) and which examples it gets (./examples.js `examplesFor`). */
/* eslint-disable @typescript-eslint/no-require-imports -- runs in Node, not in n8n: eslint.dev.config.mjs lints it */
export {};

const { DEFAULT_N8N_VERSION, runtimeFor } = require('./n8nVersions');

const examples = require('./examples');

describe('what each n8n version line needs', () => {
	it('2.40.x and 2.41.x: Node 24, mcp-registry switched off, linkedom pinned, N8N_WEBHOOK_URL', () => {
		for (const version of [DEFAULT_N8N_VERSION, '2.41.1']) {
			expect(runtimeFor(version)).toEqual({
				nodeMajor: 24,
				overrides: { linkedom: '0.18.14' },
				disabledModules: 'mcp-registry',
				webhookUrlVariable: 'N8N_WEBHOOK_URL',
				tested: true,
				testedLines: '1.123.x, 2.40.x, 2.41.x',
			});
		}
	});

	it('1.123.x: Node 22, xlsx from the registry, no module it does not know, WEBHOOK_URL (it has no N8N_WEBHOOK_URL)', () => {
		expect(runtimeFor('1.123.81')).toMatchObject({ nodeMajor: 22, overrides: { xlsx: '0.18.5' }, disabledModules: '', webhookUrlVariable: 'WEBHOOK_URL', tested: true });
	});

	it('another 1.x or 2.x is tried but said untested; a tag or another major is refused', () => {
		expect(runtimeFor('2.42.0')).toMatchObject({ nodeMajor: 24, tested: false });
		expect(() => runtimeFor('latest')).toThrow(/exact n8n version/);
		expect(() => runtimeFor('3.0.0')).toThrow(/use a 1.123.x, 2.40.x or 2.41.x version/);
	});
});

describe('the examples each n8n version gets', () => {
	it('n8n 2.x gets every example; 1.123 all but the Pipedrive one and the Data Table twins, each said', () => {
		const all = examples.loadExamples();
		expect(examples.examplesFor('2.40.7', { examples: all })).toHaveLength(all.length);
		const said: string[] = [];
		const kept = examples.examplesFor('1.123.81', { examples: all, log: (m: string) => said.push(m) });
		const left = all.filter((e: { file: string }) => !kept.includes(e)).map((e: { file: string }) => e.file);
		expect(left).toEqual([
			'offline/approved-payment-to-data-table.json',
			'offline/autopay-failure-to-data-table.json',
			'offline/daily-report-to-data-table.json',
			'offline/monthly-card-charge-to-data-table.json',
			'offline/paid-checkout-to-data-table.json',
			'offline/payment-link-for-deal-to-data-table.json',
			'offline/refund-on-request-to-data-table.json',
			'offline/weekly-totals-to-data-table.json',
			'paid-checkout-to-pipedrive.json',
		]);
		expect(said).toHaveLength(9);
		expect(said[8]).toBe('not importing examples/paid-checkout-to-pipedrive.json into n8n 1.123.81: Needs n8n 2.0 or newer: the Pipedrive node version 2 (n8n 1.123 has version 1 only).');
	});

	it('compares versions as numbers', () => {
		expect(examples.compareVersions('1.123.81', '2.0.0')).toBeLessThan(0);
		expect(examples.compareVersions('2.10.0', '2.9.9')).toBeGreaterThan(0);
		expect(examples.compareVersions('2.0.0', '2.0.0')).toBe(0);
	});
});
