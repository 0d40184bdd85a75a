// Merges the parts the reliability suite wrote (test-results/reliability/*.json) into test-results/reliability.json
// and renders the tables test/RELIABILITY.md quotes (test-results/reliability.md).
const fs = require('fs');
const path = require('path');

const { renderReport } = require('./renderReport');

module.exports = async () => {
	const results = path.join(__dirname, '..', '..', 'test-results');
	const dir = path.join(results, 'reliability');
	if (!fs.existsSync(dir)) return;
	const parts = Object.fromEntries(
		fs
			.readdirSync(dir)
			.filter((file) => file.endsWith('.json'))
			.sort()
			.map((file) => [file.replace(/\.json$/, ''), JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8'))]),
	);
	// Nonces across the parts (each part checked its own): none may have been sent twice anywhere.
	const seen = new Set();
	let checked = 0;
	let reused = 0;
	for (const part of Object.values(parts)) {
		for (const nonce of part.nonces?.list ?? []) {
			checked++;
			if (seen.has(nonce)) reused++;
			seen.add(nonce);
		}
		if (part.nonces) delete part.nonces.list;
	}
	const report = { generatedAt: new Date().toISOString(), command: 'npx jest --selectProjects reliability', nonces: { checked, reused }, parts };
	fs.writeFileSync(path.join(results, 'reliability.json'), `${JSON.stringify(report, null, 2)}\n`);
	fs.writeFileSync(path.join(results, 'reliability.md'), renderReport(report));
	if (reused) throw new Error(`${reused} nonce(s) were sent twice across the parts of the reliability suite (test-results/reliability.json)`);
};
