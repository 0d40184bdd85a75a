/**
 * What `npm publish` would upload: `npm publish --dry-run` on the built package lists exactly dist/ (as the build
 * wrote it), README.md, LICENSE and package.json. No tests, no sources, no source maps (they would point at
 * sources the package does not ship), no CHANGELOG (npm does not add it by itself).
 *
 * --offline: without it the dry run asks the registry about the package (a minute of retries where the registry
 * cannot be reached); offline it lists the same files without the network. --ignore-scripts: the test command
 * has just built dist/, and prepack would build it again.
 */
/* eslint-disable @n8n/community-nodes/no-dangerous-functions, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- runs in Node, not in n8n: eslint.dev.config.mjs lints it */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';

const ROOT = resolve(__dirname, '../..');
const DIST = join(ROOT, 'dist');

type PackResult = { name: string; version: string; files: Array<{ path: string }> };

function filesUnder(folder: string): string[] {
	return readdirSync(folder).flatMap((entry) => {
		const path = join(folder, entry);
		return statSync(path).isDirectory() ? filesUnder(path) : [relative(ROOT, path).split('\\').join('/')];
	});
}

/** npm 10 prints the package's result; npm 11 prints it keyed by the package's name. */
function packResult(stdout: string, name: string): PackResult {
	const parsed = JSON.parse(stdout.slice(stdout.indexOf('{')));
	return (parsed[name] ?? parsed) as PackResult;
}

const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
	name: string;
	version: string;
	files: string[];
	n8n: { nodes: string[]; credentials: string[] };
};

describe('npm publish --dry-run', () => {
	let published: string[];

	beforeAll(() => {
		if (!existsSync(join(DIST, 'nodes'))) {
			throw new Error('dist/ is missing or incomplete: run `npm run build` first (`npm run check` does).');
		}
		const r = spawnSync('npm', ['publish', '--dry-run', '--json', '--ignore-scripts', '--offline'], {
			cwd: ROOT,
			encoding: 'utf8',
			timeout: 120_000,
		});
		if (r.status !== 0) throw new Error(`npm publish --dry-run failed (exit ${r.status}):\n${r.stderr}`);
		const result = packResult(r.stdout, pkg.name);
		expect(result).toMatchObject({ name: pkg.name, version: pkg.version });
		published = result.files.map((f) => f.path).sort();
	});

	it('would publish exactly dist/, README.md, LICENSE and package.json', () => {
		expect(pkg.files).toEqual(['dist']);
		expect(published).toEqual([...filesUnder(DIST), 'LICENSE', 'README.md', 'package.json'].sort());
	});

	it('every node and credential that package.json declares is in it', () => {
		for (const file of [...pkg.n8n.nodes, ...pkg.n8n.credentials]) expect(published).toContain(file);
	});

	it('holds no test, no TypeScript source and no source map', () => {
		expect(published.filter((f) => /\.test\.|\.map$|(?<!\.d)\.ts$/.test(f))).toEqual([]);
		expect(published.filter((f) => f.startsWith('dist/')).some((f) => f.endsWith('.d.ts'))).toBe(true);
	});
});
