/**
 * The documents people read: every relative link of README.md and docs/**\/*.md opens a file or folder of the
 * repository (and, for a link to a heading, that heading), and none of them says "spec" (readers never see
 * the API documents).
 */
/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- runs in Node, not in n8n: eslint.dev.config.mjs lints it */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const ROOT = resolve(__dirname, '../..');

function markdownFiles(folder: string): string[] {
	return readdirSync(folder).flatMap((entry) => {
		const path = join(folder, entry);
		if (statSync(path).isDirectory()) return markdownFiles(path);
		return entry.endsWith('.md') ? [path] : [];
	});
}

const DOCUMENTS = [join(ROOT, 'README.md'), ...markdownFiles(join(ROOT, 'docs'))];

/** The text outside fenced code blocks (a `# comment` in a shell block is not a heading, a URL in it not a link). */
function prose(text: string): string {
	return text.replace(/^```[^\n]*\n[\s\S]*?^```[^\n]*$/gm, '');
}

/** The targets of the document's links and images: `[text](target)`, `![alt](target "title")`. */
function linkTargets(text: string): string[] {
	return [...prose(text).matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((match) => match[1]);
}

/** GitHub's anchors of a document's headings (lower case, punctuation dropped, spaces as dashes, repeats numbered). */
function headingAnchors(text: string): Set<string> {
	const anchors = new Set<string>();
	for (const [, heading] of prose(text).matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
		const base = heading
			.replace(/`/g, '')
			.toLowerCase()
			.replace(/[^\p{L}\p{N}\s_-]/gu, '')
			.replace(/\s/g, '-');
		let anchor = base;
		for (let n = 1; anchors.has(anchor); n++) anchor = `${base}-${n}`;
		anchors.add(anchor);
	}
	return anchors;
}

const isExternal = (target: string) => /^[a-z][a-z0-9+.-]*:/i.test(target);

describe('link and heading helpers', () => {
	it('reads links and images, leaving code blocks out', () => {
		const text = '[a](docs/a.md) ![b](x.png "B")\n```\n[c](no.md)\n```\n<https://x> [d](https://example.com) [e](#top)';
		expect(linkTargets(text)).toEqual(['docs/a.md', 'x.png', 'https://example.com', '#top']);
	});

	it("makes GitHub's anchors", () => {
		const anchors = headingAnchors('# Session > Create\n## 1. Get paid, mark the CRM deal won\n## What `npm start` gives you\n## Retries\n## Retries');
		expect([...anchors]).toEqual(['session--create', '1-get-paid-mark-the-crm-deal-won', 'what-npm-start-gives-you', 'retries', 'retries-1']);
	});
});

describe.each(DOCUMENTS.map((path) => [relative(ROOT, path), path] as const))('%s', (_name, path) => {
	const text = readFileSync(path, 'utf8');

	it('every relative link opens a file of the repository, and its heading when it names one', () => {
		const broken: string[] = [];
		for (const target of linkTargets(text)) {
			if (isExternal(target)) continue;
			const [file, anchor] = target.split('#') as [string, string | undefined];
			const absolute = file ? resolve(dirname(path), decodeURIComponent(file)) : path;
			const fromRoot = relative(ROOT, absolute);
			if (!existsSync(absolute)) {
				broken.push(`${target} (no ${fromRoot})`);
				continue;
			}
			if (anchor && absolute.endsWith('.md') && !headingAnchors(readFileSync(absolute, 'utf8')).has(anchor)) {
				broken.push(`${target} (no heading #${anchor} in ${fromRoot})`);
			}
		}
		expect(broken).toEqual([]);
	});

});

/** What people who use the nodes read: the README, the node pages, the credentials and the errors. */
const USER_DOCUMENTS = DOCUMENTS.filter((path) => /^(README\.md|docs\/(nodes\/[^/]+|credentials|errors)\.md)$/.test(relative(ROOT, path)));

describe.each(USER_DOCUMENTS.map((path) => [relative(ROOT, path), path] as const))('%s', (_name, path) => {
	it('says "API documents", never "spec"', () => {
		expect(readFileSync(path, 'utf8').match(/\bspecs?\b/gi) ?? []).toEqual([]);
	});
});

it('the user documents are the README and a page per node', () => {
	expect(USER_DOCUMENTS.map((path) => relative(ROOT, path))).toEqual(expect.arrayContaining(['README.md', 'docs/credentials.md', 'docs/errors.md', 'docs/nodes/gateway.md']));
	expect(USER_DOCUMENTS.length).toBeGreaterThanOrEqual(14);
});
