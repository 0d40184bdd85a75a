/**
 * The limit: a plain keep-alive Node loop that signs each request (a fresh nonce and seed, as the platform
 * requires) and posts it, with a given number in flight. It runs in a worker thread so that, like n8n, it
 * does not share the sandbox's event loop (the sandbox runs in the bench process).
 */
/* eslint-disable @n8n/community-nodes/no-restricted-imports -- runs in Node, not in n8n: eslint.dev.config.mjs lints it */
import { Worker } from 'worker_threads';

/** Plain JavaScript, evaluated in the worker (no TypeScript loader there). */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('worker_threads');
const http = require('http');
const crypto = require('crypto');
const { url, login, secretKey } = workerData;
const agents = new Map();

function sign() {
	const nonce = crypto.randomBytes(16);
	const seed = new Date().toISOString();
	const tranKey = crypto.createHash('sha256').update(Buffer.concat([nonce, Buffer.from(seed + secretKey, 'utf8')])).digest('base64');
	return { login, tranKey, nonce: nonce.toString('base64'), seed };
}

function post(agent, path, body) {
	return new Promise((resolve, reject) => {
		const request = http.request(url + path, { method: 'POST', agent, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } }, (response) => {
			const chunks = [];
			response.on('data', (chunk) => chunks.push(chunk));
			response.on('end', () => {
				const text = Buffer.concat(chunks).toString('utf8');
				if (response.statusCode !== 200) return reject(new Error('POST ' + path + ' answered ' + response.statusCode + ': ' + text.slice(0, 200)));
				JSON.parse(text);
				resolve();
			});
			response.on('error', reject);
		});
		request.on('error', reject);
		request.end(body);
	});
}

parentPort.on('message', async ({ paths, inFlight }) => {
	try {
		if (!agents.has(inFlight)) agents.set(inFlight, new http.Agent({ keepAlive: true, maxSockets: inFlight }));
		const agent = agents.get(inFlight);
		let next = 0;
		const started = process.hrtime.bigint();
		await Promise.all(Array.from({ length: inFlight }, async () => {
			while (next < paths.length) {
				const path = paths[next++];
				await post(agent, path, JSON.stringify({ auth: sign() }));
			}
		}));
		parentPort.postMessage({ ms: Number(process.hrtime.bigint() - started) / 1e6 });
	} catch (error) {
		parentPort.postMessage({ error: String(error && error.message || error) });
	}
});
`;

export interface KeepAliveLoop {
	/** Posts a signed `{auth}` to each path, `inFlight` at a time; resolves the wall time in ms. */
	run(paths: string[], inFlight: number): Promise<number>;
	stop(): Promise<void>;
}

export function startKeepAliveLoop(url: string, login: string, secretKey: string): KeepAliveLoop {
	const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { url, login, secretKey } });
	return {
		run: (paths, inFlight) =>
			new Promise((resolve, reject) => {
				worker.once('message', (message: { ms?: number; error?: string }) => (message.error ? reject(new Error(message.error)) : resolve(message.ms!)));
				worker.postMessage({ paths, inFlight });
			}),
		stop: async () => {
			await worker.terminate();
		},
	};
}
