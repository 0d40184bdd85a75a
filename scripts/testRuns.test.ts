/** The closing line of the test commands (./testRuns.js): what it counts, and a skip that test/skips.js does not declare fails the run. */
/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @typescript-eslint/no-require-imports -- runs in Node, not in n8n: eslint.dev.config.mjs lints it */
import * as path from 'path';

const { tally, closingLines } = require('./testRuns.js') as {
	tally: (runs: unknown[], options?: { checkSkips?: boolean }) => { ok: boolean; skipped: number; undeclared: string[]; declared: string[] };
	closingLines: (t: unknown, extra?: string) => string[];
};

const ROOT = path.join(__dirname, '..');

/** One jest run whose report holds one file with a passed test and a test of the given status. */
function run(file: string, status: string, { exit = 0, fileStatus = 'passed', message = '' } = {}) {
	return {
		name: 'fast',
		status: exit,
		report: {
			numPassedTests: 1,
			numFailedTests: status === 'failed' ? 1 : 0,
			testResults: [{ name: path.join(ROOT, file), status: fileStatus, message, assertionResults: [{ status: 'passed', fullName: 'it works' }, { status, fullName: 'the other one' }] }],
		},
	};
}

describe('the closing line', () => {
	const version = process.env.PAYSUITE_N8N_VERSION;
	afterEach(() => {
		if (version === undefined) delete process.env.PAYSUITE_N8N_VERSION;
		else process.env.PAYSUITE_N8N_VERSION = version;
	});

	it('counts passed, failed and skipped tests', () => {
		expect(closingLines(tally([run('test/e2e/queue.test.ts', 'failed', { exit: 1 })])).at(-1)).toBe('tests: 1 passed, 1 failed, 0 skipped');
	});

	it('fails a whole run on a skip that test/skips.js does not declare, naming it', () => {
		const t = tally([run('test/e2e/queue.test.ts', 'pending')]);
		expect(t.ok).toBe(false);
		expect(closingLines(t)).toEqual(['SKIPPED and not declared in test/skips.js: test/e2e/queue.test.ts › the other one', 'tests: 1 passed, 0 failed, 1 skipped (1 not declared)']);
	});

	it('accepts a declared skip only where its entry allows it (examples left out in n8n 1.x)', () => {
		delete process.env.PAYSUITE_N8N_VERSION;
		expect(tally([run('test/e2e/examples.test.ts', 'pending')]).ok).toBe(false);
		process.env.PAYSUITE_N8N_VERSION = '1.123.81';
		const t = tally([run('test/e2e/examples.test.ts', 'pending')]);
		expect(t.ok).toBe(true);
		expect(t.declared).toEqual([expect.stringMatching(/^test\/e2e\/examples\.test\.ts › the other one \(an example whose meta\.minN8nVersion/)]);
	});

	it('does not check skips in a run narrowed by name or path, and fails a run without a report or with a file that could not run', () => {
		expect(tally([run('test/e2e/queue.test.ts', 'pending')], { checkSkips: false }).ok).toBe(true);
		expect(tally([{ name: 'e2e', status: 1 }]).ok).toBe(false);
		const broken = tally([run('test/e2e/queue.test.ts', 'passed', { exit: 1, fileStatus: 'failed', message: 'Cannot find module' })]);
		expect(broken.ok).toBe(false);
		expect(closingLines(broken)[0]).toBe('could not run: test/e2e/queue.test.ts: Cannot find module');
	});
});
