#!/usr/bin/env node
// Runs jest with a JSON report, then prints its totals as one plain closing line
// ("tests: N passed, N failed") that CI can read. Exits with jest's own verdict.
const { mkdirSync, readFileSync, existsSync } = require('fs');
const { spawnSync } = require('child_process');
const path = require('path');

const report = path.join('test-results', 'jest.json');
mkdirSync(path.dirname(report), { recursive: true });
const jestBin = require.resolve('jest/bin/jest');
const run = spawnSync(process.execPath, [jestBin, '--ci', '--json', `--outputFile=${report}`, ...process.argv.slice(2)], {
	stdio: 'inherit',
});
if (!existsSync(report)) {
	console.log('tests: jest wrote no report');
	process.exit(run.status || 1);
}
const result = JSON.parse(readFileSync(report, 'utf8'));
const skipped = result.numPendingTests + result.numTodoTests;
console.log(`tests: ${result.numPassedTests} passed, ${result.numFailedTests} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(result.success && run.status === 0 ? 0 : 1);
