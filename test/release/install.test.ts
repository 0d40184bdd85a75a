/**
 * Installing the package the two ways n8n's users do, on each Node.js line they run n8n on (the tests' own Node,
 * then 22 and 24 from the registry), with HOME an empty folder (no npm configuration at all):
 * - the README's command, run literally: `npm install <tarball>` in an empty nodes folder (n8n's documented
 *   manual install);
 * - what n8n's Community Nodes installer does (n8n 2.40.7's community-packages.service.js, `downloadPackage`):
 *   `npm pack`, unpack into nodes/node_modules/<name>, drop dev, peer and optional dependencies from its
 *   package.json, then `npm install --ignore-scripts=true --install-strategy=shallow ...` in that folder.
 * Each must exit 0, build nothing native and install the package alone: n8n-workflow is a peer that n8n provides,
 * declared optional so that npm does not pull a second copy (and with it isolated-vm, which needs a native build
 * and Node.js 24; that is what failed on Node 20 when the peer was required).
 */
/* eslint-disable @n8n/community-nodes/no-dangerous-functions, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- runs in Node, not in n8n: eslint.dev.config.mjs lints it */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join, resolve } from 'node:path';

import { installRuntimes, type NodeRuntime } from './nodeRuntimes';

const ROOT = resolve(__dirname, '../..');
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
	name: string;
	version: string;
	peerDependencies: Record<string, string>;
	peerDependenciesMeta?: Record<string, { optional?: boolean }>;
	dependencies?: Record<string, string>;
};
const TARBALL = `${pkg.name}-${pkg.version}.tgz`;

/** The README's `npm install <tarball>` line of "Install in n8n", as written. */
function readmeInstallCommand(): string {
	const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
	const section = readme.slice(readme.indexOf('## Install in n8n'));
	const line = /^npm install (\S+\.tgz)\s*$/m.exec(section.slice(0, section.indexOf('\n## ', 3)));
	if (!line) throw new Error('README "Install in n8n" has no `npm install <tarball>` line');
	return line[0].trim();
}

/** npm's own script, run with each Node binary (the npm of this machine, as a user's npm on that Node). */
function npmCli(): string {
	if (process.env.npm_execpath?.endsWith('.js')) return process.env.npm_execpath;
	const which = spawnSync('sh', ['-c', 'command -v npm'], { encoding: 'utf8' });
	return realpathSync(which.stdout.trim());
}

function npmOn(runtime: NodeRuntime, args: string[], cwd: string, home: string, tmp: string) {
	const env = { PATH: `${dirname(runtime.bin)}${delimiter}${process.env.PATH ?? ''}`, HOME: home, TMPDIR: tmp };
	const run = spawnSync(runtime.bin, [npmCli(), ...args], { cwd, env, encoding: 'utf8', timeout: 300_000 });
	return { status: run.status, said: `${run.stdout}\n${run.stderr}` };
}

/** A fresh HOME (no npm configuration) and nodes folder for one install. */
function freshPlace(work: string, name: string) {
	const home = join(work, name, 'home');
	const nodes = join(work, name, 'nodes');
	mkdirSync(home, { recursive: true });
	mkdirSync(nodes, { recursive: true });
	writeFileSync(join(nodes, 'package.json'), JSON.stringify({ name: 'installed-nodes', private: true }));
	return { home, nodes, tmp: join(work, name) };
}

function expectPackageAlone(nodes: string, said: string) {
	expect(said).not.toMatch(/gyp|node-pre-gyp|prebuild/);
	expect(readdirSync(join(nodes, 'node_modules')).filter((name) => !name.startsWith('.'))).toEqual([pkg.name]);
	expect(existsSync(join(nodes, 'node_modules', pkg.name, 'dist', 'nodes'))).toBe(true);
	expect(existsSync(join(nodes, 'node_modules', pkg.name, 'node_modules', 'n8n-workflow'))).toBe(false);
}

describe('installing the package as users install it', () => {
	let work: string;
	let tarball: string;
	const runtimes = installRuntimes();

	beforeAll(() => {
		if (!existsSync(join(ROOT, 'dist', 'nodes'))) throw new Error('dist/ is missing: run `npm run build` first (`npm run check` does).');
		work = mkdtempSync(join(tmpdir(), 'paysuite-install-'));
		const packed = spawnSync('npm', ['pack', '--ignore-scripts', '--pack-destination', work], { cwd: ROOT, encoding: 'utf8', timeout: 120_000 });
		if (packed.status !== 0) throw new Error(`npm pack failed:\n${packed.stderr}`);
		tarball = join(work, TARBALL);
	});

	afterAll(() => rmSync(work, { recursive: true, force: true }));

	it('declares no runtime dependency and n8n-workflow as an optional peer', () => {
		expect(pkg.dependencies ?? {}).toEqual({});
		expect(Object.keys(pkg.peerDependencies)).toEqual(['n8n-workflow']);
		expect(pkg.peerDependenciesMeta).toEqual({ 'n8n-workflow': { optional: true } });
	});

	it('the README shows the command these tests run', () => {
		expect(readmeInstallCommand()).toBe(`npm install /path/to/${TARBALL}`);
	});

	describe.each(runtimes.map((runtime) => [runtime.label, runtime] as const))('%s', (_label, runtime) => {
		it('the README\'s `npm install <tarball>` in an empty nodes folder: exit 0, the package alone, nothing native', () => {
			const place = freshPlace(work, `readme-${runtime.major}`);
			const args = readmeInstallCommand().replace(`/path/to/${TARBALL}`, tarball).split(' ').slice(1);
			const run = npmOn(runtime, args, place.nodes, place.home, place.tmp);
			expect({ status: run.status, said: run.said }).toEqual({ status: 0, said: expect.any(String) });
			expectPackageAlone(place.nodes, run.said);
		});

		it('n8n\'s Community Nodes installer steps: exit 0, the package alone, nothing native', () => {
			const place = freshPlace(work, `installer-${runtime.major}`);
			const download = join(place.tmp, 'download');
			mkdirSync(download);
			const packed = npmOn(runtime, ['pack', tarball, '--quiet'], download, place.home, place.tmp);
			expect({ status: packed.status, said: packed.said }).toEqual({ status: 0, said: expect.any(String) });
			const packageDir = join(place.nodes, 'node_modules', pkg.name);
			mkdirSync(packageDir, { recursive: true });
			const untar = spawnSync('tar', ['-xzf', join(download, TARBALL), '-C', packageDir, '--strip-components=1'], { encoding: 'utf8' });
			expect(untar.status).toBe(0);
			const manifest = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')) as Record<string, unknown>;
			for (const key of ['devDependencies', 'peerDependencies', 'optionalDependencies']) delete manifest[key];
			writeFileSync(join(packageDir, 'package.json'), JSON.stringify(manifest, null, 2));
			const flags = ['--audit=false', '--fund=false', '--bin-links=false', '--install-strategy=shallow', '--ignore-scripts=true', '--package-lock=false'];
			const run = npmOn(runtime, ['install', ...flags], packageDir, place.home, place.tmp);
			expect({ status: run.status, said: run.said }).toEqual({ status: 0, said: expect.any(String) });
			expectPackageAlone(place.nodes, run.said);
			expect(readdirSync(packageDir).filter((name) => name === 'node_modules' && readdirSync(join(packageDir, name)).some((entry) => !entry.startsWith('.')))).toEqual([]);
		});
	});
});
