#!/usr/bin/env node
// Lints the way n8n's community package scanner does, with its own code and configuration (inline
// eslint-disable comments are not honoured):
//   node scripts/lint-package.mjs             the sources it reads: package.json, nodes/, credentials/ (npm run lint)
//   node scripts/lint-package.mjs <file.tgz>  a packed tarball, as users download it (CI, after `npm pack`)
//   node scripts/lint-package.mjs --pack      packs the built package into a temporary folder, then the same
//                                             (npm run check)
// A tarball must hold dist/ and nothing outside dist/, README.md, LICENSE, package.json and CHANGELOG.md.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

// The scanner publishes only a CLI that downloads a package from the registry; its analyser is the module behind
// that CLI, with no exports map. package.json pins the scanner to one exact version, and this guard names the
// pin when an update moves what we call.
import * as scanner from '@n8n/scan-community-package/scanner/scanner.mjs';

const { analyzePackage, SOURCE_FILE_PATTERNS } = scanner;
if (typeof analyzePackage !== 'function' || !Array.isArray(SOURCE_FILE_PATTERNS)) {
	console.error(
		'scanner rules: @n8n/scan-community-package no longer exports analyzePackage and SOURCE_FILE_PATTERNS from ' +
			'scanner/scanner.mjs. Pin the version this script was written for (0.32.0) or update the script.',
	);
	process.exit(1);
}

const root = process.cwd();
const SHIPPED = /^(dist\/|README\.md$|LICENSE(\.md)?$|package\.json$|CHANGELOG\.md$)/;

/** The scanner's analyser on one folder: true when it passes. */
async function check(label, dir, patterns) {
	const result = await analyzePackage(dir, patterns);
	if (result.passed) console.log(`scanner rules, ${label}: passed`);
	else console.error(`scanner rules, ${label}: ${result.message}\n${result.details ?? ''}`);
	return result.passed;
}

/** What the tarball holds, then the scanner on it as the scanner reads a downloaded package. */
async function checkTarball(tarball) {
	const files = execFileSync('tar', ['-tzf', tarball], { encoding: 'utf8' })
		.split('\n')
		.filter((f) => f && !f.endsWith('/'))
		.map((f) => f.replace(/^package\//, ''));
	let passed = true;
	if (!files.some((f) => f.startsWith('dist/'))) {
		passed = false;
		console.error('tarball: no dist/ in the package; run `npm run build` before packing');
	}
	const outside = files.filter((f) => !SHIPPED.test(f));
	if (outside.length) {
		passed = false;
		console.error(`tarball: unexpected files: ${outside.join(', ')}`);
	}
	const work = mkdtempSync(join(tmpdir(), 'paysuite-scan-'));
	try {
		execFileSync('tar', ['-xzf', tarball, '-C', work]);
		return (await check('packed tarball', join(work, 'package'), ['**/*.js', 'package.json'])) && passed;
	} finally {
		rmSync(work, { recursive: true, force: true });
	}
}

/** `npm pack` of the built package (no prepack: it would build again) into a temporary folder, then checked. */
async function packAndCheck() {
	const work = mkdtempSync(join(tmpdir(), 'paysuite-pack-'));
	try {
		const packed = JSON.parse(
			execFileSync('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', work], {
				cwd: root,
				encoding: 'utf8',
				stdio: ['ignore', 'pipe', 'ignore'],
			}),
		);
		return await checkTarball(join(work, packed[0].filename));
	} finally {
		rmSync(work, { recursive: true, force: true });
	}
}

const [arg] = process.argv.slice(2);
let passed;
if (!arg) {
	passed = await check('sources', root, SOURCE_FILE_PATTERNS);
} else if (arg === '--pack') {
	passed = await packAndCheck();
} else if (arg.endsWith('.tgz') && existsSync(arg)) {
	passed = await checkTarball(resolve(arg));
} else {
	console.error(`usage: node scripts/lint-package.mjs [--pack | <file.tgz>] (no such tarball: ${arg})`);
	passed = false;
}
process.exit(passed ? 0 : 1);
