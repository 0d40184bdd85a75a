/**
 * Records that guard users' saved work are added to, never rewritten: each file under a frozen folder must read
 * as git first committed it, from the commit that started this rule on (the one that added
 * test/package/frozenRecords.test.ts) or from the file's own first commit when it came later. Git's history is
 * the record of the record: a change that edits one fails, however the test files are edited, unless it also
 * rewrites history (which a push to the shared main refuses).
 */
/* eslint-disable @n8n/community-nodes/no-dangerous-functions, @n8n/community-nodes/require-node-api-error, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- runs in Node, not in n8n: eslint.dev.config.mjs lints it */
import { execFileSync } from 'child_process';
import { existsSync, readFileSync } from 'fs';
import { join } from 'path';

export const ROOT = join(__dirname, '..', '..');

/** The folders whose files are frozen once committed. */
export const FROZEN_FOLDERS = ['test/package/versions', 'test/fixtures/saved', 'test/sandbox/documented'];

/** The test whose first commit starts the rule. */
const RULE_FILE = 'test/package/frozenRecords.test.ts';

const git = (...args: string[]): string => execFileSync('git', args, { cwd: ROOT, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });

/** Fails (never skips) where git's whole history is not here: the rule cannot be checked without it. */
export function assertFullHistory(): void {
	let shallow: string;
	try {
		shallow = git('rev-parse', '--is-shallow-repository').trim();
	} catch (error) {
		throw new Error(`The frozen records are checked against git's history, and this is not a git clone: ${(error as Error).message}`);
	}
	if (shallow === 'false') return;
	// A shallow clone fetches the rest of its history from where it came from, when it can.
	try {
		git('fetch', '--quiet', '--unshallow');
	} catch {
		// Said below.
	}
	if (git('rev-parse', '--is-shallow-repository').trim() !== 'false') {
		throw new Error('This clone is shallow and its history could not be fetched: the frozen records are checked against their first commit. Run `git fetch --unshallow`.');
	}
}

/** The commit that started the rule, or undefined before it is committed. */
export const ruleStart = (): string | undefined => git('log', '--diff-filter=A', '--format=%H', '--', RULE_FILE).trim().split('\n').filter(Boolean).pop();

export interface FrozenFile {
	path: string;
	/** The commit whose content is the record. */
	commit: string;
	content: string;
}

/** Every committed file of the frozen folders, with the content it is frozen at. */
export function frozenFiles(): FrozenFile[] {
	const start = ruleStart();
	if (!start) return [];
	const atStart = git('ls-tree', '-r', '--name-only', start, '--', ...FROZEN_FOLDERS).split('\n').filter(Boolean);
	// Files added after the rule started, each with the first commit that added it (oldest first).
	const added = new Map<string, string>();
	let commit = '';
	for (const line of git('log', '--reverse', '--diff-filter=A', '--name-only', '--format=commit %H', `${start}..HEAD`, '--', ...FROZEN_FOLDERS).split('\n')) {
		if (line.startsWith('commit ')) commit = line.slice('commit '.length);
		else if (line && !added.has(line) && !atStart.includes(line)) added.set(line, commit);
	}
	const files = [...atStart.map((path) => [path, start] as const), ...added.entries()];
	return files.map(([path, at]) => ({ path, commit: at, content: git('show', `${at}:${path}`) }));
}

/** What the working tree holds of a frozen file now (undefined when it is gone). */
export const contentNow = (path: string): string | undefined => (existsSync(join(ROOT, path)) ? readFileSync(join(ROOT, path), 'utf8') : undefined);
