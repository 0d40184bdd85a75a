/**
 * The "Docs" link of each node (its codex, nodes/<Node>/<Node>.node.json) and of each credential
 * (`documentationUrl`) opens that node's or credential's page in the repository: a file of docs/ on the
 * repository's main branch, as package.json names the repository. A link to a page that was renamed or never
 * written would open GitHub's 404. package.json's other addresses (homepage, bugs) are the same repository's:
 * one address, `repository.url`, which npm's provenance check compares with the repository that publishes.
 */
/* eslint-disable @n8n/community-nodes/no-restricted-imports, @typescript-eslint/no-require-imports -- runs in Node, not in n8n: eslint.dev.config.mjs lints it */
import * as fs from 'fs';

import type { ICredentialType, INodeType } from 'n8n-workflow';

// Read through require: the community scanner forbids fs and path under nodes/, test files included.
const pkg = require('../../package.json') as {
	repository: { type: string; url: string; directory?: string };
	homepage: string;
	bugs: { url: string };
	author: { name: string; email: string };
	n8n: { nodes: string[]; credentials: string[] };
};

/** https://github.com/<owner>/<name>/blob/main/ from the repository's git URL. */
const REPOSITORY = pkg.repository.url.replace(/^git\+/, '').replace(/\.git$/, '');
const PAGE_PREFIX = `${REPOSITORY}/blob/main/`;

/** The repository file a link opens, or undefined when it is not a page of this repository's main branch. */
function repositoryFileOf(url: string): string | undefined {
	return url.startsWith(PAGE_PREFIX) ? url.slice(PAGE_PREFIX.length) : undefined;
}

/** Whether the repository has that file (require.resolve finds an existing file of any kind, and only one). */
function exists(repositoryFile: string): boolean {
	try {
		require.resolve(`../../${repositoryFile}`);
		return true;
	} catch {
		return false;
	}
}

const baseOf = (built: string) => built.replace(/^.*\//, '').replace(/\.(node|credentials)\.js$/, '');

const NODE_LINKS = pkg.n8n.nodes.map((built) => {
	const base = baseOf(built);
	const codex = require(`../../nodes/${base}/${base}.node.json`) as { resources: { primaryDocumentation: Array<{ url: string }> } };
	return [base, codex.resources.primaryDocumentation[0].url] as const;
});

/** Each credential's display name, by its type name. */
const CREDENTIAL_NAMES: Record<string, string> = Object.fromEntries(
	pkg.n8n.credentials.map((built) => {
		const base = baseOf(built);
		const credential = new (require(`../../credentials/${base}.credentials.ts`) as Record<string, new () => ICredentialType>)[base]();
		return [credential.name, credential.displayName];
	}),
);

/** Each node's credential links (its codex) and the display names of the credentials it declares, in order. */
const NODE_CREDENTIAL_LINKS = pkg.n8n.nodes.map((built) => {
	const base = baseOf(built);
	const codex = require(`../../nodes/${base}/${base}.node.json`) as { resources: { credentialDocumentation?: Array<{ url: string }> } };
	const node = new (require(`../../nodes/${base}/${base}.node.ts`) as Record<string, new () => INodeType>)[base]();
	const declared = (node.description.credentials ?? []).map((credential) => CREDENTIAL_NAMES[credential.name]);
	return [base, (codex.resources.credentialDocumentation ?? []).map((link) => link.url), declared] as const;
});

const CREDENTIAL_LINKS = pkg.n8n.credentials.map((built) => {
	const base = baseOf(built);
	const mod = require(`../../credentials/${base}.credentials.ts`) as Record<string, new () => ICredentialType>;
	return [base, new mod[base]().documentationUrl] as const;
});

describe('documentation links', () => {
	it('the repository address is the one package.json names', () => {
		expect(REPOSITORY).toBe('https://github.com/n8n-nodes-paysuite/n8n-nodes-paysuite');
	});

	it.each(NODE_LINKS)("%s's link opens its page under docs/nodes/", (base, url) => {
		// PaySuitePaymentLink → docs/nodes/payment-link.md
		const page = base.replace(/^PaySuite/, '').replace(/([a-z])([A-Z])/g, '$1-$2').toLowerCase();
		expect(repositoryFileOf(url)).toBe(`docs/nodes/${page}.md`);
		expect(exists(`docs/nodes/${page}.md`)).toBe(true);
	});

	it.each(CREDENTIAL_LINKS)("%s's link opens docs/credentials.md", (_base, url) => {
		expect(repositoryFileOf(url ?? '')).toBe('docs/credentials.md');
		expect(exists('docs/credentials.md')).toBe(true);
	});

	it.each(NODE_CREDENTIAL_LINKS)("%s's credential links open the section of each credential it uses in docs/credentials.md", (_base, links, credentialNames) => {
		const headings = fs
			.readFileSync(require.resolve('../../docs/credentials.md'), 'utf8')
			.split('\n')
			.filter((line) => line.startsWith('## '))
			.map((line) => line.slice(3).trim());
		// GitHub's anchor of a heading: lower case, punctuation dropped, spaces as dashes.
		const anchorOf = (heading: string) => heading.toLowerCase().replace(/[^a-z0-9 -]/g, '').replace(/ /g, '-');
		expect(links.map((url) => repositoryFileOf(url.replace(/#.*$/, '')))).toEqual(links.map(() => 'docs/credentials.md'));
		const sections = links.map((url) => headings.find((heading) => anchorOf(heading) === url.replace(/^.*#/, '')));
		// One link per credential the node declares, each to the section named after that credential.
		expect(sections.map((heading) => heading?.replace(/ \(.*\)$/, ''))).toEqual(credentialNames);
	});

	it("package.json's homepage and bugs are that repository's README and issues", () => {
		expect(pkg.repository).toEqual({ type: 'git', url: `git+${REPOSITORY}.git` }); // at the root: no `directory`
		expect(pkg.homepage).toBe(`${REPOSITORY}#readme`);
		expect(pkg.bugs).toEqual({ url: `${REPOSITORY}/issues` });
		expect(pkg.author).toEqual({ name: expect.stringMatching(/\S/), email: expect.stringMatching(/^[^@\s]+@[^@\s]+\.[a-z]+$/) });
	});

	it('a link to a missing page is caught', () => {
		expect(exists('docs/nodes/no-such-node.md')).toBe(false);
		expect(repositoryFileOf('https://github.com/n8n-nodes-paysuite/n8n-nodes-paysuite#paysuite-gateway')).toBeUndefined();
	});
});
