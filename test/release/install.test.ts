/**
 * The README's install command, run literally as a user runs it: in an empty nodes folder, with HOME an empty
 * folder (no npm configuration at all), on the Node.js running the tests (CI runs them on 20 and 22; the e2e
 * tests install the same way under n8n's Node.js 24). It must exit 0, build nothing native and install the
 * package alone: n8n-workflow is a peer that n8n provides, declared optional so that npm does not pull a second
 * copy (and with it isolated-vm, which needs a native build and Node.js 24).
 */
/* eslint-disable @n8n/community-nodes/no-dangerous-functions, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- runs in Node, not in n8n: eslint.dev.config.mjs lints it */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

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

describe('installing the package as the README says', () => {
	let work: string;
	let tarball: string;

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

	it('`npm install <tarball>` in an empty nodes folder with no npm configuration: exit 0, the package alone, nothing native', () => {
		const command = readmeInstallCommand();
		expect(command).toBe(`npm install /path/to/${TARBALL}`);
		const home = join(work, 'home');
		const nodes = join(work, 'nodes');
		mkdirSync(home);
		mkdirSync(nodes);
		writeFileSync(join(nodes, 'package.json'), JSON.stringify({ name: 'installed-nodes', private: true }));
		const args = command.replace(`/path/to/${TARBALL}`, tarball).split(' ').slice(1);
		const env = { PATH: process.env.PATH ?? '', HOME: home, TMPDIR: work };
		const run = spawnSync('npm', args, { cwd: nodes, env, encoding: 'utf8', timeout: 300_000 });
		const said = `${run.stdout}\n${run.stderr}`;
		expect({ status: run.status, said }).toEqual({ status: 0, said: expect.any(String) });
		expect(said).not.toMatch(/gyp|node-pre-gyp|prebuild/);
		expect(readdirSync(join(nodes, 'node_modules')).filter((name) => !name.startsWith('.'))).toEqual([pkg.name]);
		expect(existsSync(join(nodes, 'node_modules', pkg.name, 'dist', 'nodes'))).toBe(true);
	});
});
