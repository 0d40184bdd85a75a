'use strict';
/**
 * The example workflows (examples/*.json and examples/offline/*.json) run in a real n8n against the sandbox:
 * used by `npm run demo` (scripts/demo.js) and by the e2e test test/e2e/examples.test.ts. Plain CommonJS.
 *
 * Three kinds of example:
 *  - runnable: the package's nodes and n8n's core nodes only;
 *  - realNodes: a third-party node (HubSpot, Pipedrive, Google Sheets, Slack) that needs the user's own
 *    credential: listed, never run here; its offline twin runs instead;
 *  - offline: examples/offline/, the same chain with n8n's Data Table node in place of the third-party step.
 *
 * Every example has a "Try it" Manual Trigger next to its real trigger. The Data Table node runs only in a
 * running `n8n start` (`n8n execute` and `execute-batch` do not start n8n's modules), so the examples are
 * imported with the CLI, then the server starts and each runs from "Try it" through the editor's REST API.
 * Before importing, the copies (never the files) get the sample session's requestId in "Sample notification"
 * / "Sample request" replaced by a session this module creates and pays in the sandbox (the examples ship
 * with requestId 1). An example that waits for a payment (Payment Link › Create and Wait for Payment) is paid as a
 * buyer would: its link's page is opened and the approving test card chosen, and the run goes on from there.
 */
const crypto = require('crypto');
const fs = require('fs');
const path = require('path');
const env = require('./env');
const { parseJsonOrUndefined } = require('./rest');
const { payOnPage, waitingLink } = require('./buyer');

const REPO_DIR = path.resolve(__dirname, '..', '..');
const EXAMPLES_DIR = path.join(REPO_DIR, 'examples');
const OFFLINE_DIR = 'offline';

/** Credential ids and names the examples refer to. */
const CREDENTIALS = {
	paySuiteApi: { id: 'psSandboxApiCred', name: 'PaySuite sandbox' },
	paySuiteOnboardingApi: { id: 'psSandboxOnbCred', name: 'PaySuite onboarding sandbox' },
};

/** Each real-node variant and the offline twin that runs its chain here. */
const TWINS = {
	'paid-checkout-to-hubspot.json': 'offline/paid-checkout-to-data-table.json',
	'paid-checkout-to-pipedrive.json': 'offline/paid-checkout-to-data-table.json',
	'daily-report-to-google-sheets.json': 'offline/daily-report-to-data-table.json',
	'autopay-failure-to-slack.json': 'offline/autopay-failure-to-data-table.json',
	'approved-payment-to-hubspot.json': 'offline/approved-payment-to-data-table.json',
	'weekly-totals-to-google-sheets.json': 'offline/weekly-totals-to-data-table.json',
	'payment-link-for-deal.json': 'offline/payment-link-for-deal-to-data-table.json',
	'monthly-card-charge.json': 'offline/monthly-card-charge-to-data-table.json',
};

/** A runnable example whose "Try it" needs a paid session (the demo puts one in), and its twin that makes one itself. */
const TRY_IT_TWINS = { 'refund-on-request.json': 'offline/refund-on-request-to-data-table.json' };

/** Run twice in a row: the second run does nothing twice (no duplicate row, no month charged twice, no refund twice). */
const RUN_TWICE = new Set(['psExOff2ReportTable', 'psExOff5WeeklyTable', 'psExOff6MonthlyTable', 'psExOff7RefundTable']);

const TRY_IT = 'Try it';

/** A third-party node: a node of n8n's that needs a credential (the package's nodes and core nodes need none). */
function isThirdPartyNode(node) {
	return String(node.type).startsWith('n8n-nodes-base.') && Object.keys(node.credentials || {}).length > 0;
}

function kindOf(file, workflow) {
	if (file.startsWith(`${OFFLINE_DIR}/`)) return 'offline';
	return workflow.nodes.some(isThirdPartyNode) ? 'realNodes' : 'runnable';
}

/**
 * Every example, sorted by file: { file (relative to examples/, e.g. 'offline/x.json'), kind, workflow }.
 * Pictures and imports name an offline twin `offline-<name>` (see pictureName).
 */
function loadExamples(dir = EXAMPLES_DIR) {
	const list = (sub) =>
		fs.existsSync(path.join(dir, sub))
			? fs
					.readdirSync(path.join(dir, sub))
					.filter((f) => f.endsWith('.json'))
					.map((f) => (sub ? `${sub}/${f}` : f))
			: [];
	return [...list(''), ...list(OFFLINE_DIR)].sort().map((file) => {
		const workflow = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8'));
		return { file, kind: kindOf(file, workflow), workflow };
	});
}

/** Two versions `major.minor.patch` compared as numbers: negative, 0 or positive. */
function compareVersions(a, b) {
	const pa = String(a).split('.').map(Number);
	const pb = String(b).split('.').map(Number);
	for (let i = 0; i < 3; i++) if ((pa[i] || 0) !== (pb[i] || 0)) return (pa[i] || 0) - (pb[i] || 0);
	return 0;
}

/**
 * The examples this n8n version opens: one whose `meta.minN8nVersion` is newer (a node version 1.123 lacks) is left
 * out, with a log line saying why.
 */
function examplesFor(n8nVersion, { examples = loadExamples(), log = () => {} } = {}) {
	return examples.filter(({ file, workflow }) => {
		const min = workflow.meta && workflow.meta.minN8nVersion;
		if (!min || compareVersions(n8nVersion, min) >= 0) return true;
		log(`not importing examples/${file} into n8n ${n8nVersion}: ${workflow.meta.note || `it needs n8n ${min} or newer`}`);
		return false;
	});
}

/** 'offline/x.json' → 'offline-x': the example's name in file names (pictures). */
function pictureName(file) {
	return file.replace(/\.json$/, '').replace(/\//g, '-');
}

/** The two credentials of the examples, pointing at a sandbox. */
function sandboxCredentials(sandboxUrl, c) {
	return [
		{ ...CREDENTIALS.paySuiteApi, type: 'paySuiteApi', data: { login: c.login, secretKey: c.secretKey, algorithm: 'sha256', timeZone: 'America/Bogota', baseUrl: sandboxUrl } },
		{ ...CREDENTIALS.paySuiteOnboardingApi, type: 'paySuiteOnboardingApi', data: { baseUrl: sandboxUrl, accessToken: c.accessToken, notificationSecret: c.notificationSecret } },
	];
}

/** The signed `auth` block (Base64(SHA-256(rawNonce + seed + secretKey))), for seeding the sandbox. */
function signedAuth(login, secretKey) {
	const rawNonce = crypto.randomBytes(16);
	const seed = new Date().toISOString();
	const tranKey = crypto.createHash('sha256').update(Buffer.concat([rawNonce, Buffer.from(seed + secretKey, 'utf8')])).digest('base64');
	return { login, tranKey, nonce: rawNonce.toString('base64'), seed };
}

async function postJson(url, body, headers = {}) {
	const r = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
	const text = await r.text();
	const json = parseJsonOrUndefined(text);
	if (r.status >= 300) throw new Error(`POST ${url} answered ${r.status}: ${text.slice(0, 300)}`);
	return json;
}

/** Creates a checkout session in the sandbox and pays it (as a buyer would). Resolves its requestId. */
async function paidSession(sandboxUrl, c, reference, total) {
	const session = await postJson(`${sandboxUrl}/api/session`, {
		auth: signedAuth(c.login, c.secretKey),
		payment: { reference, description: 'Demo order', amount: { currency: 'USD', total } },
		buyer: { name: 'Ana', surname: 'Lopez', email: 'ana@example.com' },
		expiration: new Date(Date.now() + 3_600_000).toISOString().replace('Z', '+00:00'),
		returnUrl: 'https://shop.example.com/return',
		ipAddress: '127.0.0.1',
		userAgent: 'paysuite-demo',
	});
	await postJson(`${sandboxUrl}/__sandbox/sessions/${session.requestId}/pay`, { status: 'APPROVED' });
	return session.requestId;
}

/** Copies of the examples, ready for a run here (see the header). */
function prepareExamples(examples, { paidToCrmRequestId, refundRequestId } = {}) {
	return examples.map((example) => {
		const wf = JSON.parse(JSON.stringify(example.workflow));
		for (const node of wf.nodes) {
			if (node.type !== 'n8n-nodes-base.set' || node.parameters.mode !== 'raw') continue;
			if (node.name === 'Sample notification' && paidToCrmRequestId !== undefined) {
				node.parameters.jsonOutput = JSON.stringify({ requestId: paidToCrmRequestId }, null, 2);
			}
			if (node.name === 'Sample request' && refundRequestId !== undefined) {
				const sample = JSON.parse(node.parameters.jsonOutput);
				sample.body.requestId = refundRequestId;
				node.parameters.jsonOutput = JSON.stringify(sample, null, 2);
			}
		}
		return { ...example, workflow: wf };
	});
}

/** The items of a node's first output in a run; `run` is { data: IRunExecutionData }. */
function firstOutput(run, name) {
	const task = run && run.data && run.data.resultData && run.data.resultData.runData && run.data.resultData.runData[name];
	const main = task && task[0] && task[0].data && task[0].data.main && task[0].data.main[0];
	return main || [];
}
const nodeItems = (run, name) => firstOutput(run, name).map((i) => i.json);
const nodeBinaries = (run, name) => firstOutput(run, name).map((i) => i.binary).filter(Boolean);

/** The rows of a Data Table the examples wrote ([] when it does not exist). */
const tableRows = (tables, name) => ((tables || []).find((t) => t.name === name) || { rows: [] }).rows;

/** "opens in the editor; needs your <credential>; its offline twin ran" (or was left out of this n8n). */
function realNodesSummary(example, given) {
	const names = [...new Set(example.workflow.nodes.filter(isThirdPartyNode).flatMap((n) => Object.values(n.credentials).map((c) => c.name)))];
	const twin = TWINS[example.file];
	const ran = !twin || given.some((e) => e.file === twin) ? 'its offline twin ran' : 'its offline twin needs a newer n8n';
	return `opens in the editor; needs your ${names.map((n) => `"${n}"`).join(' and ')} credential; ${ran} (examples/${twin || 'offline/'})`;
}

/** A one-line, human summary of what an example did. `extra`: { tables, runs } of the whole demo. */
function summarize(id, run, { tables = [], runs = [] } = {}) {
	const n = (name) => nodeItems(run, name);
	switch (id) {
		case 'psEx1DailyReport': {
			const rows = n("Yesterday's report");
			const file = nodeBinaries(run, 'Spreadsheet (CSV)')[0];
			return `${rows.length} report rows${windowsOf(runs)} → ${file && file.data ? file.data.fileName : 'CSV'} (${file && file.data ? file.data.fileSize || '' : ''})`;
		}
		case 'psExOff5DealLink': {
			const [paid] = n('Payment link, wait for payment');
			const rows = tableRows(tables, 'PaySuite deal payments');
			const row = paid && rows.find((entry) => entry.reference === paid.reference);
			return `payment link ${paid && paid.linkId} paid on its page → resumed ${paid && `${paid.status} ${paid.amount} ${paid.currency}`} → Data Table "PaySuite deal payments": ${row ? `${row.reference} stage "${row.stage}", internal reference ${row.internalReference}` : 'no row'}`;
		}
		case 'psEx4Refund': {
			const payments = n('Payments of the session');
			const refunds = n('Refund');
			// The refund's status: a field of the simplified output, a block of the platform's answer.
			const status = (r) => (r.status && typeof r.status === 'object' ? r.status.status : r.status) || '?';
			return `${payments.length} payment(s), ${n('Approved only').length} approved → ${refunds.length} refunded (${refunds.map(status).join(', ')})`;
		}
		case 'psExOff7RefundTable': {
			const said = runs.map((r) => {
				const [order] = nodeItems(r.output, 'A paid order');
				const rows = nodeItems(r.output, 'Refund row').map((row) => `${row.outcome} ${row.amountRefunded} ${row.currency} (left ${row.refundableAmount})`);
				return `order ${order && order.requestId} paid, its refund asked twice → ${rows.join(', ') || 'no refund'}`;
			});
			return `${said.join('; then ')} → Data Table "PaySuite refunds": ${tableRows(tables, 'PaySuite refunds').length} row(s) after ${runs.length} run(s)`;
		}
		case 'psEx5Onboarding': {
			const [merchant] = n('Create merchant');
			const [site] = n('Create store');
			const [method] = n('Register payment method');
			const [mail] = n('Welcome e-mail');
			return `merchant ${merchant && merchant.merchantId} → store (site) ${site && site.id} → payment method ${method && method.id} enabled → welcome e-mail accepted: ${mail && mail.accepted}`;
		}
		case 'psEx6AutopayAlert': {
			const [alert] = n('Alert the team');
			return `alert sent on ${alert && alert.channels ? alert.channels.join(' + ') : '?'}: accepted ${alert && alert.accepted}`;
		}
		case 'psExOff1DealTable': {
			const [payment] = n('Paid payment');
			const deals = tableRows(tables, 'PaySuite deals');
			const deal = payment && deals.find((row) => row.reference === payment.reference);
			return `session ${payment && payment.requestId} paid ${payment && `${payment.amount} ${payment.currency}`} → Data Table "PaySuite deals": deal ${deal ? `${deal.reference} stage "${deal.stage}", amount ${deal.amount}` : 'not found'} (${deals.length} row(s))`;
		}
		case 'psExOff2ReportTable': {
			const report = n("Yesterday's report");
			const written = runs.map((r) => nodeItems(r.output, 'Add or update rows').length);
			const rows = tableRows(tables, 'PaySuite transactions');
			return `${report.length} report rows${windowsOf(runs)} → Data Table "PaySuite transactions": ${written.join(' then ')} row(s) written by ${written.length} run(s), ${rows.length} row(s) in the table (one per internal reference)`;
		}
		case 'psExOff5WeeklyTable': {
			const report = n("Approved transactions of the week");
			const totals = n("Week's row");
			const rows = tableRows(tables, 'PaySuite weekly totals');
			const said = totals.map((t) => `${t.kind} ${t.total} ${t.currency}`).join(', ');
			return `${report.length} approved rows${windowsOf(runs)} → totals by currency and kind: ${said || 'none'} → Data Table "PaySuite weekly totals": ${rows.length} row(s) after ${runs.length} run(s)`;
		}
		case 'psExOff6MonthlyTable': {
			const charged = n('Charge the saved card');
			const made = runs.map((r) => r.calls.filter((c) => c.path === '/gateway/process').length);
			const failed = tableRows(tables, 'PaySuite failed charges');
			const outcomes = n('Outcome');
			const said = charged.map((t, i) => `${t.reference} ${t.status || 'error'}${outcomes[i] ? ` (${outcomes[i].outcome})` : ''}`).join(', ');
			return `${said || 'no card'} (${made.join(' then ')} charge request(s) by ${runs.length} run(s), each month's key answered once) → Data Table "PaySuite failed charges": ${failed.length} row(s)`;
		}
		case 'psExOff3AutopayTable': {
			const [charge] = n('Failed charge');
			const rows = tableRows(tables, 'PaySuite autopay alerts');
			return `autopay ${charge && charge.reference} failed (attempt ${charge && charge.attempt}) → Data Table "PaySuite autopay alerts": ${rows.length} row(s)`;
		}
		default:
			return `${Object.keys((run && run.data && run.data.resultData.runData) || {}).length} nodes ran`;
	}
}

/** " in 1 window (2026-03-01T05:00:00Z → 2026-03-02T04:59:59Z)": the report windows the first run asked the sandbox for. */
function windowsOf(runs) {
	const asked = ((runs[0] && runs[0].calls) || []).filter((c) => c.path === '/gateway/report' && c.body && c.body.filters);
	if (!asked.length) return '';
	const shown = asked.map((c) => `${c.body.filters.startDate} → ${c.body.filters.endDate}`);
	return ` in ${shown.length} window${shown.length === 1 ? '' : 's'} (${shown.join(', ')})`;
}

// ---------------------------------------------------------------------------------------------------------
// Running them in `n8n start`
// ---------------------------------------------------------------------------------------------------------

/** n8n stores an execution's data in the "flatted" format (references as indexes): its own copy reads it. */
function parseFlatted(text) {
	const flatted = require(path.join(env.n8nPaths().dir, 'node_modules', 'flatted'));
	return flatted.parse(text);
}

/**
 * Runs a workflow from its "Try it" start and waits for the execution; one that waits for a link's payment gets it
 * paid on the link's page (once). Resolves { status, error, output, paidLink? }.
 */
async function runTryIt(rest, workflowId, { timeoutMs = 5 * 60 * 1000 } = {}) {
	const got = await rest.call('GET', `/rest/workflows/${workflowId}`);
	if (got.status !== 200) throw new Error(`GET /rest/workflows/${workflowId} answered ${got.status}: ${got.text.slice(0, 300)}`);
	const started = await rest.call('POST', `/rest/workflows/${workflowId}/run`, { workflowData: got.json.data, triggerToStartFrom: { name: TRY_IT } });
	const executionId = started.json && started.json.data && started.json.data.executionId;
	if (!executionId) throw new Error(`running ${workflowId} answered ${started.status}: ${started.text.slice(0, 300)}`);
	const deadline = Date.now() + timeoutMs;
	let paidLink;
	for (;;) {
		const r = await rest.call('GET', `/rest/executions/${executionId}`);
		const execution = r.json && r.json.data;
		if (execution && execution.status === 'waiting' && !paidLink) {
			const link = waitingLink(typeof execution.data === 'string' ? parseFlatted(execution.data) : execution.data);
			if (link) paidLink = { ...link, pageStatus: await payOnPage(link.url) };
		}
		if (execution && !['new', 'running', 'waiting'].includes(execution.status)) {
			const data = typeof execution.data === 'string' ? parseFlatted(execution.data) : execution.data;
			const output = { status: execution.status, data };
			const error = data && data.resultData && data.resultData.error;
			return { executionId, status: execution.status, error: error ? `${error.message}${error.node ? ` (node ${error.node.name})` : ''}` : undefined, output, paidLink };
		}
		if (Date.now() > deadline) throw new Error(`execution ${executionId} of ${workflowId} did not finish within ${timeoutMs} ms`);
		await new Promise((resolve) => setTimeout(resolve, 300));
	}
}

/** Every Data Table of the instance with its rows: [{ id, name, rows }]. */
async function dataTables(rest) {
	const listed = await rest.call('GET', '/rest/data-tables-global?take=100&skip=0');
	const tables = (listed.json && listed.json.data && (listed.json.data.data || listed.json.data)) || [];
	const out = [];
	for (const table of tables) {
		const r = await rest.call('GET', `/rest/projects/${table.projectId}/data-tables/${table.id}/rows?take=1000&skip=0`);
		const rows = (r.json && r.json.data && (r.json.data.data || r.json.data)) || [];
		out.push({ id: table.id, name: table.name, rows });
	}
	return out;
}

/**
 * Imports the credentials and the prepared examples into `userFolder` (a package already installed there),
 * starts `n8n start` and runs every runnable example and offline twin from "Try it" (real-node variants are
 * listed, not run). `ledger`: the sandbox's ledger, to give each run the API calls it made (`runs[i].calls`).
 * Resolves { results: [{ file, kind, id, name, status, error, output, runs, summary }],
 * tables: [{ name, rows }], seeds, durationMs, logs }.
 */
async function runExamples({ userFolder, sandboxUrl, credentials, examples, ledger = () => [], log = () => {} }) {
	const started = Date.now();
	examples = examples || examplesFor(env.n8nPaths().version, { log });
	log('seeding the sandbox: two paid checkout sessions');
	// The deal of payment-link-for-deal (reference DEAL-D-1042, 1200 USD), paid.
	const paidToCrmRequestId = await paidSession(sandboxUrl, credentials, 'DEAL-D-1042', 1200);
	const refundRequestId = await paidSession(sandboxUrl, credentials, `DEMO-REFUND-${Date.now() % 100000}`, 45);
	const prepared = prepareExamples(examples, { paidToCrmRequestId, refundRequestId });
	log('importing the credentials and the examples');
	await env.importCredentials(userFolder, sandboxCredentials(sandboxUrl, credentials));
	await env.importWorkflows(userFolder, prepared.map((e) => e.workflow));
	log('starting n8n (the Data Table node runs only in a running n8n)');
	const server = await env.startServer(userFolder);
	try {
		const rest = await env.setupOwnerAndLogin(server.url);
		const results = [];
		for (const example of prepared) {
			const base = { file: example.file, kind: example.kind, id: example.workflow.id, name: example.workflow.name };
			if (example.kind === 'realNodes') {
				results.push({ ...base, status: 'listed', summary: realNodesSummary(example, prepared), runs: [] });
				continue;
			}
			const runs = [];
			const times = RUN_TWICE.has(example.workflow.id) ? 2 : 1;
			for (let i = 0; i < times; i++) {
				log(`running examples/${example.file}${i ? ' again (a second run does nothing twice)' : ''}`);
				const before = ledger().length;
				const run = await runTryIt(rest, example.workflow.id);
				runs.push({ ...run, calls: ledger().slice(before) });
			}
			const last = runs[runs.length - 1];
			const failed = runs.find((r) => r.status !== 'success');
			results.push({ ...base, status: (failed || last).status, error: (failed || last).error, output: last.output, runs });
		}
		const tables = await dataTables(rest);
		for (const r of results) if (r.status === 'success') r.summary = summarize(r.id, r.output, { tables, runs: r.runs });
		return { results, tables, seeds: { paidToCrmRequestId, refundRequestId }, durationMs: Date.now() - started, logs: server.logs() };
	} finally {
		await server.stop();
	}
}

module.exports = {
	EXAMPLES_DIR,
	CREDENTIALS,
	TWINS,
	TRY_IT_TWINS,
	loadExamples,
	examplesFor,
	compareVersions,
	pictureName,
	isThirdPartyNode,
	sandboxCredentials,
	prepareExamples,
	paidSession,
	signedAuth,
	runExamples,
	runTryIt,
	dataTables,
	tableRows,
	summarize,
	nodeItems,
	nodeBinaries,
};
