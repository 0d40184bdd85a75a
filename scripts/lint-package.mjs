#!/usr/bin/env node
// Lints the way n8n's community package scanner does, with its own code and configuration (inline
// eslint-disable comments are not honoured): the sources it reads (package.json, nodes/, credentials/),
// then the packed tarball as users download it.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { analyzePackage, SOURCE_FILE_PATTERNS } from '@n8n/scan-community-package/scanner/scanner.mjs';

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
	const packed = JSON.parse(execFileSync('npm', ['pack', '--json', '--pack-destination', work], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }));
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
