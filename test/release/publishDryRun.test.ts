/**
 * What `npm publish` would upload: `npm publish --dry-run` on the built package lists exactly dist/ (as the build
 * wrote it), README.md, LICENSE and package.json. No tests, no sources, no source maps (they would point at
 * sources the package does not ship), no CHANGELOG (npm does not add it by itself).
 *
 * The package is built here, by `npm run build` in a copy of the clone in a temp folder (about 15 s of CPU), so the test
 * needs no build beforehand and leaves the clone's dist/ alone. --offline: without it the dry run asks the registry
 * about the package (a minute of retries where the registry cannot be reached); offline it lists the same files
 * without the network. --ignore-scripts: dist/ has just been built, and prepack would build it again.
 */
/* eslint-disable @n8n/community-nodes/no-dangerous-functions, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- runs in Node, not in n8n: eslint.dev.config.mjs lints it */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, relative, resolve } from 'node:path';

const ROOT = resolve(__dirname, '../..');
/** Not copied: the build's output, the dependencies (linked), git's and the runs' folders (.gitignore). */
const NOT_COPIED = new Set(['dist', 'node_modules', '.git', 'test-results', 'coverage', '.n8n-local']);

type PackResult = { name: string; version: string; files: Array<{ path: string }> };

function filesUnder(folder: string, root: string): string[] {
	return readdirSync(folder).flatMap((entry) => {
		const path = join(folder, entry);
		return statSync(path).isDirectory() ? filesUnder(path, root) : [relative(root, path).split('\\').join('/')];
	});
}

function npm(args: string[], cwd: string): string {
	const r = spawnSync('npm', args, { cwd, encoding: 'utf8', timeout: 120_000 });
	if (r.status !== 0) throw new Error(`npm ${args.join(' ')} failed (exit ${r.status}${r.error ? `, ${r.error.message}` : ''}):\n${r.stdout}\n${r.stderr}`);
	return r.stdout;
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
	let copy: string;
	let dist: string;
	let published: string[];

	beforeAll(() => {
		copy = mkdtempSync(join(tmpdir(), 'paysuite-publish-'));
		cpSync(ROOT, copy, { recursive: true, filter: (source) => source === ROOT || !(resolve(source, '..') === ROOT && NOT_COPIED.has(basename(source))) });
		symlinkSync(join(ROOT, 'node_modules'), join(copy, 'node_modules'), 'junction');
		npm(['run', 'build'], copy);
		dist = join(copy, 'dist');
		if (!existsSync(join(dist, 'nodes'))) throw new Error(`npm run build wrote no dist/nodes in ${copy}`);
		const result = packResult(npm(['publish', '--dry-run', '--json', '--ignore-scripts', '--offline'], copy), pkg.name);
		expect(result).toMatchObject({ name: pkg.name, version: pkg.version });
		published = result.files.map((f) => f.path).sort();
	}, 240_000);

	afterAll(() => {
		if (copy) rmSync(copy, { recursive: true, force: true });
	});

	it('would publish exactly dist/, README.md, LICENSE and package.json', () => {
		expect(pkg.files).toEqual(['dist']);
		expect(published).toEqual([...filesUnder(dist, copy), 'LICENSE', 'README.md', 'package.json'].sort());
	});

	it('every node and credential that package.json declares is in it', () => {
		for (const file of [...pkg.n8n.nodes, ...pkg.n8n.credentials]) expect(published).toContain(file);
	});

	it('holds no test, no TypeScript source and no source map', () => {
		expect(published.filter((f) => /\.test\.|\.map$|(?<!\.d)\.ts$/.test(f))).toEqual([]);
		expect(published.filter((f) => f.startsWith('dist/')).some((f) => f.endsWith('.d.ts'))).toBe(true);
	});
});
