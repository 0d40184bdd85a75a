'use strict';
/**
 * The example workflows (examples/*.json) run headlessly in a real n8n against the sandbox: used by
 * `npm run demo` (scripts/demo.js) and by the e2e test test/e2e/examples.test.ts. Plain CommonJS.
 *
 * Every example has a "Try it" Manual Trigger next to its real trigger (schedule, webhook, form or a
 * PaySuite trigger), so `n8n execute-batch` can run them all in one n8n process. Before importing, the
 * copies (never the files) get:
 *  - the sample session's requestId in "Sample notification" / "Sample request" replaced by a session this
 *    module creates and pays in the sandbox (the examples ship with requestId 1);
 *  - the CRM URL (https://crm.example.com/...) pointed at a local capture server, when one is given.
 */
const crypto = require('crypto');
const fs = require('fs');
const path = require('path');
const env = require('./env');

const REPO_DIR = path.resolve(__dirname, '..', '..');
const EXAMPLES_DIR = path.join(REPO_DIR, 'examples');

/** Credential ids and names the examples refer to. */
const CREDENTIALS = {
	paySuiteApi: { id: 'psSandboxApiCred', name: 'PaySuite sandbox' },
	paySuiteOnboardingApi: { id: 'psSandboxOnbCred', name: 'PaySuite onboarding sandbox' },
};

function loadExamples(dir = EXAMPLES_DIR) {
	return fs
		.readdirSync(dir)
		.filter((f) => f.endsWith('.json'))
		.sort()
		.map((file) => ({ file, workflow: JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) }));
}

/** The two credentials of the examples, pointing at a sandbox. */
function sandboxCredentials(sandboxUrl, c) {
	return [
		{ ...CREDENTIALS.paySuiteApi, type: 'paySuiteApi', data: { login: c.login, secretKey: c.secretKey, algorithm: 'sha256', baseUrl: sandboxUrl } },
		{
			...CREDENTIALS.paySuiteOnboardingApi,
			type: 'paySuiteOnboardingApi',
			data: { baseUrl: sandboxUrl, accessToken: c.accessToken, notificationSecret: c.notificationSecret },
		},
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
	const json = env.parseJsonOrUndefined(text);
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

/** Copies of the examples, ready for a headless run (see the header). */
function prepareExamples(examples, { paidToCrmRequestId, refundRequestId, crmUrl } = {}) {
	return examples.map(({ file, workflow }) => {
		const wf = JSON.parse(JSON.stringify(workflow));
		for (const node of wf.nodes) {
			if (node.type === 'n8n-nodes-base.set' && node.parameters.mode === 'raw') {
				if (node.name === 'Sample notification' && paidToCrmRequestId !== undefined) {
					node.parameters.jsonOutput = JSON.stringify({ requestId: paidToCrmRequestId }, null, 2);
				}
				if (node.name === 'Sample request' && refundRequestId !== undefined) {
					const sample = JSON.parse(node.parameters.jsonOutput);
					sample.body.requestId = refundRequestId;
					node.parameters.jsonOutput = JSON.stringify(sample, null, 2);
				}
			}
			if (crmUrl && node.type === 'n8n-nodes-base.httpRequest' && /^https:\/\/crm\.example\.com\//.test(node.parameters.url)) {
				node.parameters.url = crmUrl;
			}
		}
		return { file, workflow: wf };
	});
}

/** The items a node output in a run (json only). */
function nodeItems(run, name) {
	const task = run && run.data && run.data.resultData && run.data.resultData.runData && run.data.resultData.runData[name];
	const main = task && task[0] && task[0].data && task[0].data.main && task[0].data.main[0];
	return (main || []).map((i) => i.json);
}

function nodeBinaries(run, name) {
	const task = run && run.data && run.data.resultData.runData[name];
	const main = task && task[0] && task[0].data && task[0].data.main && task[0].data.main[0];
	return (main || []).map((i) => i.binary).filter(Boolean);
}

/** A one-line, human summary of what an example did. */
function summarize(id, run) {
	const n = (name) => nodeItems(run, name);
	switch (id) {
		case 'psEx1DailyReport': {
			const rows = n("Yesterday's report");
			const file = nodeBinaries(run, 'Spreadsheet (CSV)')[0];
			return `${rows.length} report rows → ${file && file.data ? file.data.fileName : 'CSV'} (${file && file.data ? file.data.fileSize || '' : ''})`;
		}
		case 'psEx2DealLink': {
			const [link] = n('Create payment link');
			const [mail] = n('E-mail the link');
			return `payment link ${link && link.id} ${link && link.url} → e-mail accepted: ${mail && mail.accepted}`;
		}
		case 'psEx3PaidToCrm': {
			const [session] = n('Get session');
			const [crm] = n('Update CRM');
			return `session ${session && session.requestId} is ${session && session.status && session.status.status} → CRM answered ${JSON.stringify(crm)}`;
		}
		case 'psEx4Refund': {
			const payments = n('Payments of the session');
			const refunds = n('Refund');
			return `${payments.length} payment(s), ${n('Approved only').length} approved → ${refunds.length} refunded (${refunds
				.map((r) => (r.status && r.status.status) || '?')
				.join(', ')})`;
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
		default:
			return `${Object.keys((run && run.data && run.data.resultData.runData) || {}).length} nodes ran`;
	}
}

/**
 * Imports the credentials and the prepared examples into `userFolder` (a package already installed there)
 * and runs them with one `n8n execute-batch`. Resolves [{ file, id, name, status, error, output, summary }].
 */
async function runExamples({ userFolder, sandboxUrl, credentials, crmUrl, examples = loadExamples(), log = () => {} }) {
	log('seeding the sandbox: two paid checkout sessions');
	const paidToCrmRequestId = await paidSession(sandboxUrl, credentials, `DEMO-CRM-${Date.now() % 100000}`, 89.9);
	const refundRequestId = await paidSession(sandboxUrl, credentials, `DEMO-REFUND-${Date.now() % 100000}`, 45);
	const prepared = prepareExamples(examples, { paidToCrmRequestId, refundRequestId, crmUrl });
	log('importing the credentials and the examples');
	await env.importCredentials(userFolder, sandboxCredentials(sandboxUrl, credentials));
	await env.importWorkflows(userFolder, prepared.map((e) => e.workflow));
	log(`running ${prepared.length} examples with n8n execute-batch`);
	const batch = await env.executeBatch(
		userFolder,
		prepared.map((e) => e.workflow.id),
		{ timeoutMs: 10 * 60 * 1000 },
	);
	return {
		durationMs: batch.durationMs,
		stdout: batch.stdout,
		stderr: batch.stderr,
		seeds: { paidToCrmRequestId, refundRequestId },
		results: prepared.map((e, i) => {
			const r = batch.results[i];
			return {
				file: e.file,
				id: e.workflow.id,
				name: e.workflow.name,
				status: r.status,
				error: r.error,
				output: r.output,
				summary: r.status === 'success' ? summarize(e.workflow.id, r.output) : undefined,
			};
		}),
	};
}

module.exports = { EXAMPLES_DIR, CREDENTIALS, loadExamples, sandboxCredentials, prepareExamples, paidSession, signedAuth, runExamples, summarize, nodeItems, nodeBinaries };
