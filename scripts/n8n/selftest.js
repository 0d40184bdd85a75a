#!/usr/bin/env node
'use strict';
/**
 * Self-test of the real-n8n infrastructure, independent of this repo's code: builds a throwaway community
 * package in a temp dir (one node that require()s zod WITHOUT declaring it, one credential type with a
 * function `authenticate` that adds a body field and a `test` request), installs it like users do, and
 * checks with the cached n8n that:
 *   1. `n8n execute` loads community packages from $N8N_USER_FOLDER/.n8n/nodes;
 *   2. `require('zod')` resolves inside such a package (n8n puts its own module paths on NODE_PATH);
 *   3. imported credentials of a community type are used, and `authenticate` runs;
 *   4. a credential `test` runs through the real server (owner setup + login + POST /rest/credentials/test).
 * Usage: node scripts/n8n/selftest.js   (installs n8n first when needed). Exit 0 when all checks pass.
 */
const fs = require('fs');
const os = require('os');
const path = require('path');
const http = require('http');
const env = require('./env');

const PKG = 'n8n-nodes-selftest';

function writePackage(dir) {
	const w = (f, s) => {
		fs.mkdirSync(path.dirname(path.join(dir, f)), { recursive: true });
		fs.writeFileSync(path.join(dir, f), s);
	};
	w('package.json', JSON.stringify({
		name: PKG, version: '0.0.1', license: 'MIT', keywords: ['n8n-community-node-package'], files: ['dist'],
		n8n: { n8nNodesApiVersion: 1, strict: true, credentials: ['dist/credentials/SelfTestApi.credentials.js'], nodes: ['dist/nodes/SelfTest/SelfTest.node.js'] },
		peerDependencies: { 'n8n-workflow': '*' },
	}, null, 2));
	w('dist/credentials/SelfTestApi.credentials.js', `"use strict";
class SelfTestApi {
  constructor() {
    this.name = 'selfTestApi'; this.displayName = 'Self Test API';
    this.properties = [
      { displayName: 'Base URL', name: 'baseUrl', type: 'string', default: '' },
      { displayName: 'Token', name: 'token', type: 'string', typeOptions: { password: true }, default: '' },
    ];
    this.test = { request: { baseURL: '={{$credentials.baseUrl}}', url: '/check', method: 'POST' } };
  }
  async authenticate(credentials, requestOptions) {
    const body = requestOptions.body && typeof requestOptions.body === 'object' ? requestOptions.body : {};
    requestOptions.body = { ...body, token: credentials.token };
    return requestOptions;
  }
}
exports.SelfTestApi = SelfTestApi;
`);
	w('dist/nodes/SelfTest/SelfTest.node.js', `"use strict";
let zodInfo;
try { const { z } = require('zod'); zodInfo = { ok: z.object({ n: z.number() }).safeParse({ n: 1 }).success, resolved: require.resolve('zod') }; }
catch (e) { zodInfo = { ok: false, error: String(e.message).split('\\n')[0] }; }
class SelfTest {
  constructor() {
    this.description = { displayName: 'Self Test', name: 'selfTest', group: ['transform'], version: 1, description: 'self test',
      defaults: { name: 'Self Test' }, inputs: ['main'], outputs: ['main'], credentials: [{ name: 'selfTestApi', required: true }],
      properties: [{ displayName: 'URL', name: 'url', type: 'string', default: '' }] };
  }
  async execute() {
    const url = this.getNodeParameter('url', 0);
    const echo = await this.helpers.httpRequestWithAuthentication.call(this, 'selfTestApi', { method: 'POST', url, body: { a: 1 }, json: true });
    return [[{ json: { hello: 'world', zod: zodInfo, echo } }]];
  }
}
exports.SelfTest = SelfTest;
`);
}

function echoServer() {
	return new Promise((resolve) => {
		const srv = http.createServer((req, res) => {
			let b = '';
			req.on('data', (d) => (b += d));
			req.on('end', () => {
				let body;
				try { body = JSON.parse(b); } catch { body = b; }
				const ok = req.url !== '/check' || (body && body.token === 'good');
				res.writeHead(ok ? 200 : 401, { 'content-type': 'application/json' });
				res.end(JSON.stringify({ url: req.url, body }));
			});
		});
		srv.listen(0, '127.0.0.1', () => resolve(srv));
	});
}

async function main() {
	const t = (label, t0) => console.log(`  ${label}: ${Date.now() - t0} ms`);
	let t0 = Date.now();
	await env.ensureN8n();
	t('ensureN8n', t0);
	const pkgDir = fs.mkdtempSync(path.join(os.tmpdir(), 'n8n-selftest-pkg-'));
	writePackage(pkgDir);
	const uf = env.createUserFolder('n8n-selftest-');
	const echo = await echoServer();
	const base = `http://127.0.0.1:${echo.address().port}`;
	const failures = [];
	const check = (ok, what) => { console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}`); if (!ok) failures.push(what); };
	try {
		t0 = Date.now(); await env.packAndInstall(pkgDir, uf); t('pack+install', t0);
		t0 = Date.now();
		const [cred] = await env.importCredentials(uf, [{ type: 'selfTestApi', name: 'Self', data: { baseUrl: base, token: 'good' } }]);
		t('import:credentials', t0);
		t0 = Date.now();
		const wf = await env.importWorkflow(uf, {
			nodes: [
				{ name: 'Start', type: 'n8n-nodes-base.manualTrigger' },
				{ name: 'Self', type: `${PKG}.selfTest`, parameters: { url: `${base}/echo` }, credentials: { selfTestApi: { id: cred.id, name: cred.name } } },
			],
			connections: { Start: { main: [[{ node: 'Self', type: 'main', index: 0 }]] } },
		});
		t('import:workflow', t0);
		t0 = Date.now();
		const run = await env.executeWorkflow(uf, wf.id);
		t(`execute (exit ${run.exitCode}${run.crashedOnExit ? ', SIGSEGV after output' : ''})`, t0);
		const json = run.output && run.output.data.resultData.runData.Self?.[0]?.data?.main?.[0]?.[0]?.json;
		check(run.exitCode === 0 && json && json.hello === 'world', 'n8n execute loads the community package and runs its node');
		check(json && json.zod && json.zod.ok === true, `require('zod') resolves without a dependency (${json && JSON.stringify(json.zod)})`);
		check(json && json.echo && json.echo.body && json.echo.body.token === 'good', 'imported credential used; authenticate() added the body field');
		t0 = Date.now();
		const srv = await env.startServer(uf);
		t('n8n start until /healthz/readiness', t0);
		try {
			const client = await env.setupOwnerAndLogin(srv.url);
			const good = await env.testCredential(client, 'selfTestApi', { baseUrl: base, token: 'good' });
			const bad = await env.testCredential(client, 'selfTestApi', { baseUrl: base, token: 'bad' });
			check(good.status === 'OK' && bad.status === 'Error', `credential test via REST (good: ${JSON.stringify(good)}, bad: ${JSON.stringify(bad)})`);
		} finally {
			await srv.stop();
		}
	} finally {
		echo.close();
		env.removeUserFolder(uf);
		fs.rmSync(pkgDir, { recursive: true, force: true });
	}
	console.log(failures.length ? `${failures.length} check(s) failed` : 'all checks passed');
	process.exit(failures.length ? 1 : 0);
}

main().catch((e) => { console.error(e); process.exit(1); });
