/**
 * CHANGELOG.md's top section is the version package.json will publish: `## X.Y.Z - not yet tagged` while it is
 * being made, `## X.Y.Z - YYYY-MM-DD` once tagged (publish.yml refuses a tag whose notes carry no date).
 */
/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- runs in Node, not in n8n: eslint.dev.config.mjs lints it */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(__dirname, '../..');
const changelog = readFileSync(join(ROOT, 'CHANGELOG.md'), 'utf8');
const { version } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };

describe('CHANGELOG.md', () => {
	const headings = [...changelog.matchAll(/^## (.+)$/gm)].map((match) => match[1]);

	it('every release heading is a version and a date, or "not yet tagged"', () => {
		expect(headings.length).toBeGreaterThan(0);
		for (const heading of headings) expect(heading).toMatch(/^\d+\.\d+\.\d+ - (\d{4}-\d{2}-\d{2}|not yet tagged)$/);
	});

	it('the top heading is package.json\'s version', () => {
		expect(headings[0]?.split(' - ')[0]).toBe(version);
	});

	it('only the top version may be untagged', () => {
		expect(headings.slice(1).filter((heading) => heading.endsWith('not yet tagged'))).toEqual([]);
	});

	it('a release\'s notes stay something a user reads: at most 1,500 words each', () => {
		const sections = changelog.split(/^## /m).slice(1);
		const words = sections.map((section) => [section.split('\n')[0], section.split(/\s+/).filter(Boolean).length] as const);
		expect(words.filter(([, count]) => count > 1500)).toEqual([]);
	});
});
