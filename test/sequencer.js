// The order jest starts test files in: the files known to take longest first, then jest's own order (failed first,
// then the slowest of the last run, else the largest): a long file started last keeps every other worker idle
// while it runs, and a file that mostly waits (transactionTrigger: n8n polls once a minute) is best started first.
const Sequencer = require('@jest/test-sequencer').default;

/**
 * The longest files, longest first (seconds on a busy 2-core machine): the fast projects' (faults.test 120-150 s,
 * publishDryRun 15-30 s as it builds the package, the rest under 20 s each), then the end-to-end ones
 * (queueOutages 800: PostgreSQL and Redis stopped, a lost run's 5 minutes; transactionTrigger 350: n8n polls once a
 * minute; editor 320; compat and queueCluster 170; interrupt 110; the others under 70).
 */
const SLOW_FIRST = [
	'test/reliability/faults.test.ts',
	'test/release/publishDryRun.test.ts',
	'test/engine/lostAnswers.test.ts',
	'test/engine/gateway.test.ts',
	'test/engine/secretSweep.test.ts',
	'test/reliability/webhooks.test.ts',
	'test/e2e/queueOutages.test.ts',
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
		// jest's order (failed first, then the slowest of the last run, else the largest), with the files known to be
		// long put first whatever the last run says (a run filtered with -t records a short time for them).
		return [...super.sort(tests)].sort((a, b) => rank(a) - rank(b));
	}
}

module.exports = SlowFirst;
