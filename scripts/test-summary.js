#!/usr/bin/env node
// The test commands, each ending with one plain closing line that CI can read ("tests: N passed, N failed, N skipped"):
//   node scripts/test-summary.js [jest args]   `npm test`: the projects that need no network and no real n8n (unit,
//                                              sandbox, engine, reliability), several workers; args narrow it
//   node scripts/test-summary.js --all         `npm run test:all`: every project and the bench smoke run, in lanes
//                                              side by side (scripts/testLanes.js); what `npm run check` runs after
//                                              building and linting (scripts/check.js)
// A whole run fails on a skipped test that test/skips.js does not declare. A stop request (a signal, or npm's end)
// goes on to jest and the bench (scripts/n8n/lifecycle.js), whose processes then end theirs.
const { FAST_PROJECTS, closingLines, fastWorkers, runJest, tally } = require('./testRuns');
const { runLanes } = require('./testLanes');

async function fast(args) {
	const workers = args.some((arg) => /^(--maxWorkers|-w|--runInBand|-i)\b/.test(arg)) ? [] : [`--maxWorkers=${fastWorkers()}`];
	const run = await runJest('fast', ['--selectProjects', ...FAST_PROJECTS, ...workers, ...args]);
	if (run.stopRequest || run.signal) return 1;
	const t = tally([run], { checkSkips: args.length === 0 });
	for (const line of closingLines(t)) console.log(line);
	return t.ok ? 0 : 1;
}

async function main() {
	const args = process.argv.slice(2);
	if (args[0] === '--all') return runLanes({ withFast: true });
	return fast(args);
}

main().then(
	(code) => process.exit(code),
	(e) => {
		console.error(e);
		process.exit(1);
	},
);
