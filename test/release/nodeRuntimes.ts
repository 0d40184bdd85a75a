/**
 * Node.js lines users run n8n on, for the install tests: the Node running the tests, plus the `node@<major>`
 * package from the npm registry (the only registry this project can count on), kept in the n8n cache folder so
 * a second run downloads nothing.
 */
/* eslint-disable @n8n/community-nodes/no-dangerous-functions, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- runs in Node, not in n8n: eslint.dev.config.mjs lints it */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

// The n8n harness's own cache folder and Node check.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { cacheRoot, checkNode } = require('../../scripts/n8n/install') as { cacheRoot(): string; checkNode(bin: string, major: number): string | undefined };

export interface NodeRuntime {
	/** What the test title says: "Node 22.23.3". */
	label: string;
	bin: string;
	major: number;
}

/** Node `major` from the registry's `node` package (its postinstall fetches the platform binary). */
export function registryNode(major: number): NodeRuntime {
	const prefix = join(cacheRoot(), `node${major}-runtime`);
	const bin = join(prefix, 'node_modules', 'node', 'bin', 'node');
	if (!checkNode(bin, major)) {
		mkdirSync(prefix, { recursive: true });
		writeFileSync(join(prefix, 'package.json'), JSON.stringify({ name: `node${major}-runtime`, private: true }));
		const npm = spawnSync('npm', ['install', '--ignore-scripts=false', '--no-audit', '--no-fund', '--no-package-lock', `node@${major}`], {
			cwd: prefix,
			encoding: 'utf8',
			timeout: 600_000,
		});
		if (npm.status !== 0 || !existsSync(bin)) throw new Error(`npm install node@${major} failed:\n${npm.stderr}`);
	}
	const version = checkNode(bin, major);
	if (!version) throw new Error(`${bin} is not a Node ${major} that runs`);
	return { label: `Node ${version.replace(/^v/, '')}`, bin, major };
}

/** The Node running the tests (CI: 20 and 22), then 22 and 24 from the registry when the tests' Node is not. */
export function installRuntimes(): NodeRuntime[] {
	const current: NodeRuntime = { label: `Node ${process.versions.node}`, bin: process.execPath, major: Number(process.versions.node.split('.')[0]) };
	return [current, ...[22, 24].filter((major) => major !== current.major).map(registryNode)];
}
