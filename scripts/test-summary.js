#!/usr/bin/env node
// Runs jest with a JSON report, then (for the full run, no arguments) the benchmarks' quick smoke run
// (`bench/run.ts --quick --no-build`: every case runs, nothing is asserted on time), then prints the totals as
// one plain closing line ("tests: N passed, N failed; bench: N cases ran") that CI can read. Fails when jest
// fails or a bench case produced no numbers. PAYSUITE_SKIP_BENCH=1 leaves the bench out.
const { mkdirSync, readFileSync, existsSync } = require('fs');
const { spawnSync } = require('child_process');
const path = require('path');

const report = path.join('test-results', 'jest.json');
mkdirSync(path.dirname(report), { recursive: true });
const jestBin = require.resolve('jest/bin/jest');
const args = process.argv.slice(2);
const run = spawnSync(process.execPath, [jestBin, '--ci', '--json', `--outputFile=${report}`, ...args], {
	stdio: 'inherit',
});
if (!existsSync(report)) {
	console.log('tests: jest wrote no report');
	process.exit(run.status || 1);
}
const result = JSON.parse(readFileSync(report, 'utf8'));
const skipped = result.numPendingTests + result.numTodoTests;
const testsOk = result.success && run.status === 0;

// The bench smoke run needs the built package (npm run check builds first) and the cached n8n the e2e tests use.
let bench = '';
let benchOk = true;
if (args.length === 0 && !process.env.PAYSUITE_SKIP_BENCH) {
	const tsNode = require.resolve('ts-node/dist/bin.js');
	const smoke = spawnSync(process.execPath, [tsNode, '--transpile-only', path.join('bench', 'run.ts'), '--quick', '--no-build'], { stdio: 'inherit' });
	benchOk = smoke.status === 0;
	let cases = '?';
	try {
		cases = JSON.parse(readFileSync(path.join('test-results', 'bench-quick.json'), 'utf8')).results.length;
	} catch {
		/* no report: the run failed before writing it */
	}
	bench = benchOk ? `; bench: ${cases} cases ran (quick)` : `; bench: failed (exit ${smoke.status}), see above`;
}
console.log(`tests: ${result.numPassedTests} passed, ${result.numFailedTests} failed${skipped ? `, ${skipped} skipped` : ''}${bench}`);
process.exit(testsOk && benchOk ? 0 : 1);
