// n8n-core writes its instance settings under N8N_USER_FOLDER: keep them out of the home folder.
const fs = require('fs');
const os = require('os');
const path = require('path');

if (!process.env.N8N_USER_FOLDER) {
	process.env.N8N_USER_FOLDER = fs.mkdtempSync(path.join(os.tmpdir(), 'paysuite-engine-'));
}
process.env.N8N_ENCRYPTION_KEY = process.env.N8N_ENCRYPTION_KEY || 'engine-test-key';
process.env.N8N_DIAGNOSTICS_ENABLED = 'false';
process.env.N8N_LOG_LEVEL = process.env.N8N_LOG_LEVEL || 'silent';
