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
		const r = await send(method, p, body);
		const setCookie = typeof r.headers.getSetCookie === 'function' ? r.headers.getSetCookie() : [];
		for (const c of setCookie) {
			const kv = c.split(';')[0];
			if (kv.startsWith('n8n-auth=')) cookie = kv;
		}
		const text = await r.text();
		return { status: r.status, json: parseJsonOrUndefined(text), text };
	}
	/**
	 * A read is sent again once when the connection it went out on was closed under it ("other side closed": a
	 * kept-alive socket the server ended just then, seen with n8n 1.123 under load); a write is never sent twice.
	 */
	async function send(method, p, body) {
		for (let attempt = 1; ; attempt++) {
			try {
				return await fetch(`${url}${p}`, {
					method,
					headers: {
						'content-type': 'application/json',
						'browser-id': browserId,
						...(cookie ? { cookie } : {}),
					},
					body: body === undefined ? undefined : JSON.stringify(body),
					signal: AbortSignal.timeout(60000),
				});
			} catch (e) {
				const closed = e && e.cause && e.cause.code === 'UND_ERR_SOCKET';
				if (method !== 'GET' || !closed || attempt > 1) throw e;
			}
		}
	}
	return { call, get cookie() { return cookie; }, browserId };
}

/**
 * Runs a credential's `test` through the real server: POST /rest/credentials/test.
 * Resolves n8n's answer, e.g. { status: 'OK', message: 'Connection successful!' } or { status: 'Error', message }.
 * `id`: a stored credential of the user (n8n 1.123 tests only those: 403 for an unsaved one; 2.x takes both).
 */
async function testCredential(client, type, data, { name, id = '' } = {}) {
	const r = await client.call('POST', '/rest/credentials/test', {
		credentials: { id, name: name || `${type} (e2e test)`, type, data },
	});
	if (r.status !== 200) throw new Error(`credential test request failed: ${r.status} ${r.text}`);
	return r.json && r.json.data !== undefined ? r.json.data : r.json;
}

module.exports = { parseJsonOrUndefined, restClient, testCredential };
