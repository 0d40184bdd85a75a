/**
 * The test projects. `npm test` runs the ones that need neither the network nor a real n8n (unit, sandbox, engine,
 * reliability); `npm run check` runs every project (scripts/check.js, CONTRIBUTING.md "Commands").
 * - network: needs the npm registry (it installs Node.js runtimes);
 * - e2e: a real n8n (or a queue-mode cluster) per file; run by `npm run check` in lanes (scripts/testLanes.js),
 *   where the queue-mode files that can share one cluster do (test/e2e/sharedCluster.js).
 * @type {import('jest').Config}
 */
const os = require('os');
const path = require('path');

const transform = { '^.+\\.ts$': ['ts-jest', { diagnostics: false }] };
// Kept between runs on this machine (ts-jest's transforms, the durations that order the files): beside the n8n
// install (scripts/n8n/install.js `cacheRoot`), outside the clone and the temp folder.
const cacheDirectory = path.join(process.env.PAYSUITE_N8N_CACHE || path.join(os.homedir(), '.cache', 'n8n-nodes-paysuite'), 'jest');
const common = { transform, cacheDirectory, testEnvironment: 'node', moduleFileExtensions: ['ts', 'js', 'json'] };
// Fails a test file whose sandbox answered a field the API documents do not show (sandbox/documented/).
const DOCUMENTED_FIELDS = '<rootDir>/test/documentedFields.setup.js';
// The engine's n8n has its deduplication record, as a real n8n (test/helpers/processedData.ts).
const engine = {
	setupFiles: ['<rootDir>/test/engine/setup-env.js'],
	setupFilesAfterEnv: ['<rootDir>/test/engine/cleanup-env.js', '<rootDir>/test/engine/processed-data-setup.ts', '<rootDir>/test/engine/regex-setup.ts', DOCUMENTED_FIELDS],
};

/** The tests that install from the npm registry. */
const NETWORK = ['<rootDir>/test/release/install.test.ts'];
const e2e = { ...common, testEnvironment: '<rootDir>/test/e2e/environment.js', setupFilesAfterEnv: ['<rootDir>/test/e2e/setup-timeout.js', DOCUMENTED_FIELDS] };

module.exports = {
	// The slowest files first, also on a machine with no durations cached yet (test/sequencer.js).
	testSequencer: '<rootDir>/test/sequencer.js',
	projects: [
		{
			...common,
			displayName: 'unit',
			testMatch: ['<rootDir>/nodes/**/*.test.ts', '<rootDir>/scripts/**/*.test.ts', '<rootDir>/test/docs/**/*.test.ts', '<rootDir>/test/package/**/*.test.ts', '<rootDir>/test/release/**/*.test.ts'],
			testPathIgnorePatterns: ['/node_modules/', ...NETWORK],
		},
		{ ...common, displayName: 'sandbox', testMatch: ['<rootDir>/test/sandbox/**/*.test.ts'], setupFilesAfterEnv: [DOCUMENTED_FIELDS] },
		{ ...common, ...engine, displayName: 'engine', testMatch: ['<rootDir>/test/engine/**/*.test.ts'] },
		{
			...common,
			...engine,
			displayName: 'reliability',
			testMatch: ['<rootDir>/test/reliability/**/*.test.ts'],
			// Clears the report parts before the run, merges them into test-results/reliability.json after it.
			globalSetup: '<rootDir>/test/reliability/globalSetup.js',
			globalTeardown: '<rootDir>/test/reliability/globalTeardown.js',
		},
		{ ...common, displayName: 'network', testMatch: NETWORK },
		// The globalTeardown stops the queue-mode cluster the files shared, when they did (PAYSUITE_E2E_SHARED_CLUSTER).
		{ ...e2e, displayName: 'e2e', testMatch: ['<rootDir>/test/e2e/**/*.test.ts'], globalTeardown: '<rootDir>/test/e2e/sharedTeardown.js' },
	],
};
