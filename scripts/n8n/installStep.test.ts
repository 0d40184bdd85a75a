/** What a failed install step says (./installStep.js): the lines that explain the failure. */
/* eslint-disable @typescript-eslint/no-require-imports -- runs in Node, not in n8n: eslint.dev.config.mjs lints it */
const { failureCause } = require('./installStep.js') as { failureCause: (output: string, max?: number) => string };

describe('failureCause', () => {
	it("keeps npm's and node-gyp's error lines, not the noise before them", () => {
		const log = [
			'> sqlite3@5.1.7 install',
			'gyp info it worked if it ends with ok',
			'gyp http GET https://nodejs.org/download/release/v24.21.0/node-v24.21.0-headers.tar.gz',
			'gyp WARN install got an error, rolling back install',
			'gyp ERR! stack Error: getaddrinfo ENOTFOUND nodejs.org',
			'npm error code 1',
			'npm error path /cache/node_modules/sqlite3',
		].join('\n');
		expect(failureCause(log)).toBe(
			['gyp ERR! stack Error: getaddrinfo ENOTFOUND nodejs.org', 'npm error code 1', 'npm error path /cache/node_modules/sqlite3'].join('\n'),
		);
	});

	it('falls back to the last lines when nothing is marked as an error', () => {
		const log = Array.from({ length: 30 }, (_, i) => `line ${i}`).join('\n');
		expect(failureCause(log, 3)).toBe('line 27\nline 28\nline 29');
	});
});
