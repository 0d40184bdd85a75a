// The order jest starts test files in: jest's own (failed first, then the slowest of the last run), with the files
// known to take longest put first when jest has no durations yet (a fresh machine): a long file started last keeps
// every other worker idle while it runs.
const Sequencer = require('@jest/test-sequencer').default;

/** The longest files, longest first (seconds on 2 cores: faults.test 120 s, the rest well under 20 s each). */
const SLOW_FIRST = ['test/reliability/faults.test.ts', 'test/engine/lostAnswers.test.ts', 'test/engine/gateway.test.ts', 'test/engine/secretSweep.test.ts', 'test/reliability/webhooks.test.ts'];

const rank = (test) => {
	const index = SLOW_FIRST.findIndex((file) => test.path.endsWith(file));
	return index < 0 ? SLOW_FIRST.length : index;
};

class SlowFirst extends Sequencer {
	sort(tests) {
		const ordered = super.sort(tests);
		const timed = ordered.some((test) => this._getCache(test)[test.path]);
		// With durations from an earlier run, jest's own order already starts the slowest.
		return timed ? ordered : [...ordered].sort((a, b) => rank(a) - rank(b));
	}
}

module.exports = SlowFirst;
