// The order jest starts test files in: jest's own (failed first, then the slowest of the last run), with the files
// known to take longest put first when jest has no durations yet (a fresh machine): a long file started last keeps
// every other worker idle while it runs.
const Sequencer = require('@jest/test-sequencer').default;

/**
 * The longest files, longest first (seconds on a busy 2-core machine): the fast projects' (faults.test 120-150 s, the
 * rest under 20 s each), then the end-to-end ones (transactionTrigger 350: n8n polls once a minute; editor 320;
 * compat and queueCluster 170; interrupt 110; the others under 70).
 */
const SLOW_FIRST = [
	'test/reliability/faults.test.ts',
	'test/engine/lostAnswers.test.ts',
	'test/engine/gateway.test.ts',
	'test/engine/secretSweep.test.ts',
	'test/reliability/webhooks.test.ts',
	'test/e2e/transactionTrigger.test.ts',
	'test/e2e/editor.test.ts',
	'test/e2e/compat.test.ts',
	'test/e2e/queueCluster.test.ts',
	'test/e2e/interrupt.test.ts',
];

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
