#!/usr/bin/env node
// Installs the dev dependencies when they are missing or older than package-lock.json, so that the
// README's commands work on a fresh clone. `--ignore-scripts`: n8n-core pulls optional native packages
// whose install scripts download prebuilt binaries; none of them is needed here. PAYSUITE_DEPS_READY=1 skips the
// check: the interruption test (test/e2e/interrupt.test.ts) runs `npm start` from jest, whose dependencies are there.
const { execSync } = require('child_process');
const { existsSync, lstatSync, realpathSync, statSync } = require('fs');
const { join } = require('path');

const root = join(__dirname, '..');
const marker = join(root, 'node_modules', '.package-lock.json');
const lock = join(root, 'package-lock.json');
const fresh = existsSync(marker) && statSync(marker).mtimeMs >= statSync(lock).mtimeMs;

const modules = join(root, 'node_modules');
const linked = existsSync(modules) && lstatSync(modules).isSymbolicLink();

if (process.argv.includes('--force') || (!fresh && !process.env.PAYSUITE_DEPS_READY)) {
	// A node_modules that links to another clone's is shared: `npm ci` here would empty the folder it links to.
	if (linked) {
		console.log(`node_modules links to ${realpathSync(modules)}: not reinstalling it from here (run npm ci there if it is out of date).`);
		process.exit(0);
	}
	console.log('Installing dependencies (npm ci --ignore-scripts)...');
	execSync('npm ci --ignore-scripts --no-audit --no-fund', { cwd: root, stdio: 'inherit' });
}
