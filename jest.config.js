/** @type {import('jest').Config} */
const transform = { '^.+\\.ts$': ['ts-jest', { diagnostics: false }] };
const common = { transform, testEnvironment: 'node', moduleFileExtensions: ['ts', 'js', 'json'] };
// Fails a test file whose sandbox answered a field the API documents do not show (sandbox/documented/).
const DOCUMENTED_FIELDS = '<rootDir>/test/documentedFields.setup.js';

module.exports = {
	projects: [
		{
			...common,
			displayName: 'unit',
			testMatch: ['<rootDir>/nodes/**/*.test.ts', '<rootDir>/scripts/**/*.test.ts', '<rootDir>/test/docs/**/*.test.ts', '<rootDir>/test/package/**/*.test.ts', '<rootDir>/test/release/**/*.test.ts'],
		},
		{
			...common,
			displayName: 'sandbox',
			testMatch: ['<rootDir>/test/sandbox/**/*.test.ts'],
			setupFilesAfterEnv: [DOCUMENTED_FIELDS],
		},
		{
			...common,
			displayName: 'engine',
			testMatch: ['<rootDir>/test/engine/**/*.test.ts'],
			setupFiles: ['<rootDir>/test/engine/setup-env.js'],
			setupFilesAfterEnv: ['<rootDir>/test/engine/cleanup-env.js', '<rootDir>/test/engine/processed-data-setup.ts', DOCUMENTED_FIELDS],
		},
		{
			...common,
			displayName: 'reliability',
			testMatch: ['<rootDir>/test/reliability/**/*.test.ts'],
			setupFiles: ['<rootDir>/test/engine/setup-env.js'],
			setupFilesAfterEnv: ['<rootDir>/test/engine/cleanup-env.js', '<rootDir>/test/engine/processed-data-setup.ts', DOCUMENTED_FIELDS],
			// Clears the report parts before the run, merges them into test-results/reliability.json after it.
			globalSetup: '<rootDir>/test/reliability/globalSetup.js',
			globalTeardown: '<rootDir>/test/reliability/globalTeardown.js',
		},
		{
			...common,
			displayName: 'e2e',
			testMatch: ['<rootDir>/test/e2e/**/*.test.ts'],
			setupFilesAfterEnv: ['<rootDir>/test/e2e/setup-timeout.js', DOCUMENTED_FIELDS],
		},
	],
};
