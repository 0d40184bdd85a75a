// Removes the n8n user folder that setup-env.js made for this test file, so the run leaves nothing in the temp dir.
const fs = require('fs');
const os = require('os');

const folder = process.env.N8N_USER_FOLDER;
afterAll(() => {
	if (folder && folder.startsWith(os.tmpdir()) && /paysuite-engine-/.test(folder)) fs.rmSync(folder, { recursive: true, force: true });
});

// A hang guard, not a performance check: a file's first run (code transformed, sandbox started) takes more than
// jest's 5 s on a loaded 2-core machine (a clean-clone check failed that way once).
jest.setTimeout(30_000);
