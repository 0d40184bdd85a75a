#!/usr/bin/env node
'use strict';
// `npm run screenshots`: refreshes the pictures in docs/screenshots/ on purpose. The editor tests (editor.test.ts,
// financeViews.test.ts, editorRefund.test.ts) take them in a real n8n in Chromium; during `npm run check` they write them to the ignored
// test-results/screenshots/.
const path = require('path');

const { runChild } = require('./n8n/lifecycle');

const root = path.join(__dirname, '..');
runChild(process.execPath, [require.resolve('jest/bin/jest'), '--selectProjects', 'e2e', '--runInBand', '--', 'test/e2e/editor.test.ts', 'test/e2e/financeViews.test.ts', 'test/e2e/editorRefund.test.ts'], {
	cwd: root,
	env: { ...process.env, PAYSUITE_SCREENSHOTS_DIR: path.join('docs', 'screenshots'), PAYSUITE_REQUIRE_BROWSER: '1' },
}).then(
	(run) => process.exit(run.status ?? 1),
	() => process.exit(1),
);
