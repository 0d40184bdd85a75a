#!/usr/bin/env node
// Lints the way n8n's community package scanner does, with its own code and configuration (inline
// eslint-disable comments are not honoured): the sources it reads (package.json, nodes/, credentials/),
// then the packed tarball as users download it.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

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
let failed = false;

async function check(label, dir, patterns) {
	const result = await analyzePackage(dir, patterns);
	if (result.passed) {
		console.log(`scanner rules, ${label}: passed`);
	} else {
		failed = true;
		console.error(`scanner rules, ${label}: ${result.message}\n${result.details ?? ''}`);
	}
}

await check('sources', root, SOURCE_FILE_PATTERNS);

const work = mkdtempSync(join(tmpdir(), 'paysuite-pack-'));
try {
	const packed = JSON.parse(execFileSync('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', work], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }));
	const files = packed[0].files.map((f) => f.path);
	const outside = files.filter((f) => !/^(dist\/|README\.md$|LICENSE(\.md)?$|package\.json$|CHANGELOG\.md$)/.test(f));
	if (!files.some((f) => f.startsWith('dist/'))) {
		failed = true;
		console.error('tarball: no dist/ in the package; run `npm run build` first');
	}
	if (outside.length) {
		failed = true;
		console.error(`tarball: unexpected files: ${outside.join(', ')}`);
	}
	execFileSync('tar', ['-xzf', join(work, packed[0].filename), '-C', work]);
	await check('packed tarball', join(work, 'package'), ['**/*.js', 'package.json']);
} finally {
	rmSync(work, { recursive: true, force: true });
}

process.exit(failed ? 1 : 0);
