'use strict';
/**
 * Runs of saved workflows by n8n's CLI (`n8n execute`, `n8n execute-batch`) on a user folder, and what they print.
 * Plain CommonJS, no dependencies.
 */
const fs = require('fs');
const path = require('path');

const { runN8n } = require('./env');

const DEFAULT_TIMEOUT_MS = 3 * 60 * 1000;

/**
 * Extracts the JSON document that `n8n execute --rawOutput` prints after its log lines. Returns undefined
 * when there is none.
 */
function parseRawOutput(stdout) {
	const lines = stdout.split('\n');
	for (let i = 0; i < lines.length; i++) {
		const t = lines[i].trimStart();
		if (!(t.startsWith('{') || t.startsWith('['))) continue;
		const rest = lines.slice(i).join('\n').trim();
		try {
			return JSON.parse(rest);
		} catch {
			// Maybe trailing log lines after the JSON: try shrinking from the end.
			for (let j = lines.length; j > i; j--) {
				try {
					return JSON.parse(lines.slice(i, j).join('\n'));
				} catch {
					/* keep trying */
				}
			}
		}
	}
	return undefined;
}

/**
 * `n8n execute --id=ID --rawOutput`. Resolves { exitCode, signal, crashedOnExit, output, stdout, stderr, durationMs };
 * `output` is the parsed JSON (the run data), undefined if n8n printed none. Exit 1 on node errors.
 */
async function executeWorkflow(userFolder, id, { timeoutMs = DEFAULT_TIMEOUT_MS, env } = {}) {
	const res = await runN8n(userFolder, ['execute', `--id=${id}`, '--rawOutput'], { timeoutMs, env });
	const output = parseRawOutput(res.stdout);
	let exitCode = res.exitCode;
	// n8n 2.40.7 on Node 24 here sometimes dies with SIGSEGV while shutting down, AFTER printing the
	// complete result. Then derive the exit code from the printed run's status (0 success, 1 otherwise).
	const crashedOnExit = exitCode === null && res.signal === 'SIGSEGV' && !!output && typeof output.status === 'string';
	if (crashedOnExit) exitCode = output.status === 'success' ? 0 : 1;
	return { exitCode, signal: res.signal, crashedOnExit, output, stdout: res.stdout, stderr: res.stderr, durationMs: res.durationMs };
}

/**
 * `n8n execute-batch --ids=a,b,c --output=FILE --snapshot=DIR --retries=0`: one n8n process for many
 * workflows (much faster than one `execute` each). Resolves { exitCode, summary, results, stdout, stderr,
 * durationMs } where summary is n8n's JSON summary and results[i] (same order as ids) is
 * { id, status: 'success' | 'warning' | 'error' | undefined, error?: string, output?: IRun }.
 * n8n writes the full run (`output`) only for SUCCESSFUL executions; for failures only the error message.
 */
async function executeBatch(userFolder, ids, { timeoutMs = 10 * 60 * 1000, concurrency = 1, env } = {}) {
	// n8n 2.40.7 silently drops --ids entries without a digit (it filters them with /\d+/).
	const noDigit = ids.filter((id) => !/\d/.test(id));
	if (noDigit.length) throw new Error(`execute-batch ignores workflow ids without a digit: ${noDigit.join(', ')}`);
	const io = fs.mkdtempSync(path.join(userFolder, 'batch-'));
	const out = path.join(io, 'summary.json');
	const snapDir = path.join(io, 'snapshots');
	fs.mkdirSync(snapDir);
	const res = await runN8n(
		userFolder,
		['execute-batch', `--ids=${ids.join(',')}`, `--output=${out}`, `--snapshot=${snapDir}`, `--concurrency=${concurrency}`, '--retries=0'],
		{ timeoutMs, env },
	);
	let summary;
	try {
		summary = JSON.parse(fs.readFileSync(out, 'utf8'));
	} catch {
		summary = undefined;
	}
	const byId = new Map(((summary && summary.executions) || []).map((e) => [e.workflowId, e]));
	const results = ids.map((id) => {
		const e = byId.get(id);
		let output;
		try {
			output = JSON.parse(fs.readFileSync(path.join(snapDir, `${id}-snapshot.json`), 'utf8'));
		} catch {
			output = undefined;
		}
		return { id, status: e ? e.executionStatus : undefined, error: e ? e.error : undefined, output };
	});
	return { exitCode: res.exitCode, summary, results, stdout: res.stdout, stderr: res.stderr, durationMs: res.durationMs };
}

module.exports = { parseRawOutput, executeWorkflow, executeBatch };
