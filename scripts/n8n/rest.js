'use strict';
/** A client of n8n's internal REST API (/rest, as the editor calls it), keeping the session cookie. Plain CommonJS. */
const crypto = require('crypto');

/** The JSON of an answer, or undefined when it is not JSON (an HTML error page, an empty body). */
function parseJsonOrUndefined(text) {
	try {
		return JSON.parse(text);
	} catch {
		return undefined;
	}
}

function restClient(url) {
	let cookie = '';
	const browserId = crypto.randomBytes(10).toString('hex');
	async function call(method, p, body) {
		const r = await fetch(`${url}${p}`, {
			method,
			headers: {
				'content-type': 'application/json',
				'browser-id': browserId,
				...(cookie ? { cookie } : {}),
			},
			body: body === undefined ? undefined : JSON.stringify(body),
			signal: AbortSignal.timeout(60000),
		});
		const setCookie = typeof r.headers.getSetCookie === 'function' ? r.headers.getSetCookie() : [];
		for (const c of setCookie) {
			const kv = c.split(';')[0];
			if (kv.startsWith('n8n-auth=')) cookie = kv;
		}
		const text = await r.text();
		return { status: r.status, json: parseJsonOrUndefined(text), text };
	}
	return { call, get cookie() { return cookie; }, browserId };
}

/**
 * Runs a credential's `test` through the real server: POST /rest/credentials/test.
 * Resolves n8n's answer, e.g. { status: 'OK', message: 'Connection successful!' } or { status: 'Error', message }.
 */
async function testCredential(client, type, data, { name } = {}) {
	const r = await client.call('POST', '/rest/credentials/test', {
		credentials: { id: '', name: name || `${type} (e2e test)`, type, data },
	});
	if (r.status !== 200) throw new Error(`credential test request failed: ${r.status} ${r.text}`);
	return r.json && r.json.data !== undefined ? r.json.data : r.json;
}

module.exports = { parseJsonOrUndefined, restClient, testCredential };
