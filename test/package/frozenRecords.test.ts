/**
 * The records that guard saved workflows and the documents are never rewritten: the parameters of each released
 * node version (test/package/versions/), the saved-workflow fixtures with what they sent and output
 * (test/fixtures/saved/) and the documented fields the sandbox answers (test/sandbox/documented/). Each file
 * reads as git first committed it (test/helpers/frozenFiles.ts); what is new goes in a new file.
 */
/* eslint-disable @n8n/community-nodes/no-restricted-globals -- runs in Node, not in n8n: eslint.dev.config.mjs lints it */
import { assertFullHistory, contentNow, frozenFiles, ruleStart } from '../helpers/frozenFiles';

describe('frozen records', () => {
	it("git's whole history is here (the records are checked against it)", () => {
		assertFullHistory();
	});

	const files = (() => {
		assertFullHistory();
		return frozenFiles();
	})();

	it('the rule is committed, and guards the records of every released version and the saved fixtures', () => {
		// Before its first commit there is nothing to compare with; CI always runs a commit.
		if (process.env.CI) expect(ruleStart()).toBeDefined();
		if (!ruleStart()) return;
		expect(files.some((file) => file.path.startsWith('test/package/versions/'))).toBe(true);
		expect(files.some((file) => file.path.startsWith('test/fixtures/saved/'))).toBe(true);
	});

	// Before the rule's first commit nothing is frozen yet: one test says so (CI runs a commit, where it fails above).
	const cases = files.length ? files.map((file) => [file.path, file] as const) : [['(nothing committed yet)', undefined] as const];
	it.each(cases)('%s reads as first committed', (path, file) => {
		if (!file) return;
		const now = contentNow(path);
		if (now === undefined) throw new Error(`${path} was removed. A record of what users saved is never removed: restore it (git show ${file.commit}:${path}).`);
		if (now !== file.content) {
			throw new Error(
				`${path} differs from its record (commit ${file.commit.slice(0, 10)}). A record is added to, never rewritten: restore it ` +
					`(git checkout ${file.commit.slice(0, 10)} -- ${path}). If the node must change, give it a new version with new records; ` +
					'if the documents show a field the record lacks, add a new record file beside it.',
			);
		}
	});
});
