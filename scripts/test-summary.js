#!/usr/bin/env node
// Runs jest with a JSON report, then (for the full run, no arguments) the benchmarks' quick smoke run
// (`bench/run.ts --quick --no-build`: every case runs, nothing is asserted on time), then prints the totals as
// one plain closing line ("tests: N passed, N failed; bench: N cases ran") that CI can read. Fails when jest
// fails or a bench case produced no numbers. PAYSUITE_SKIP_BENCH=1 leaves the bench out. A stop request (a
// signal, or npm's end) goes on to jest and the bench (scripts/n8n/lifecycle.js), whose processes then end theirs.
const { mkdirSync, readFileSync, existsSync } = require('fs');
const path = require('path');

const { runChild } = require('./n8n/lifecycle');

async function main() {
	const report = path.join('test-results', 'jest.json');
	mkdirSync(path.dirname(report), { recursive: true });
	const jestBin = require.resolve('jest/bin/jest');
	const args = process.argv.slice(2);
	const run = await runChild(process.execPath, [jestBin, '--ci', '--json', `--outputFile=${report}`, ...args]);
	// The run was interrupted: no totals, no bench.
	if (run.stopRequest || run.signal) process.exit(1);
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
		const smoke = await runChild(process.execPath, [tsNode, '--transpile-only', path.join('bench', 'run.ts'), '--quick', '--no-build']);
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
}

main().catch((e) => {
	console.error(e);
	process.exit(1);
});
