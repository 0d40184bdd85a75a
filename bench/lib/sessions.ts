/** Checkout sessions made directly on the sandbox (signed like the platform wants), for the cases that read them. */
/* eslint-disable @n8n/community-nodes/no-restricted-imports, @typescript-eslint/no-explicit-any -- runs in Node, not in n8n: eslint.dev.config.mjs lints it */
import { createHash, randomBytes } from 'crypto';
import { Agent, request } from 'http';

import type { RunningSandbox } from '../../sandbox';

export function signedAuth(login: string, secretKey: string): Record<string, string> {
	const nonce = randomBytes(16);
	const seed = new Date().toISOString();
	const tranKey = createHash('sha256').update(Buffer.concat([nonce, Buffer.from(seed + secretKey, 'utf8')])).digest('base64');
	return { login, tranKey, nonce: nonce.toString('base64'), seed };
}

function postJson(agent: Agent, url: string, body: unknown): Promise<any> {
	const text = JSON.stringify(body);
	return new Promise((resolve, reject) => {
		const sent = request(url, { method: 'POST', agent, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) } }, (response) => {
			const chunks: Buffer[] = [];
			response.on('data', (chunk: Buffer) => chunks.push(chunk));
			response.on('end', () => {
				const answer = Buffer.concat(chunks).toString('utf8');
				if (response.statusCode !== 200) reject(new Error(`POST ${url} answered ${response.statusCode}: ${answer.slice(0, 300)}`));
				else resolve(JSON.parse(answer));
			});
		});
		sent.on('error', reject);
		sent.end(text);
	});
}

/** Creates `count` payment sessions (10 at a time); resolves their requestIds. */
export async function createSessions(sandbox: RunningSandbox, count: number, prefix = 'BENCH'): Promise<Array<number | string>> {
	const agent = new Agent({ keepAlive: true, maxSockets: 10 });
	const ids: Array<number | string> = new Array(count);
	let next = 0;
	const { login, secretKey } = sandbox.credentials;
	await Promise.all(
		Array.from({ length: 10 }, async () => {
			while (next < count) {
				const index = next++;
				const session = await postJson(agent, `${sandbox.url}/api/session`, {
					auth: signedAuth(login, secretKey),
					payment: { reference: `${prefix}-${index}`, description: 'Bench order', amount: { currency: 'USD', total: 10 } },
					expiration: new Date(Date.now() + 24 * 3_600_000).toISOString().replace('Z', '+00:00'),
					returnUrl: 'https://shop.example.com/return',
					ipAddress: '127.0.0.1',
					userAgent: 'paysuite-bench',
				});
				ids[index] = session.requestId;
			}
		}),
	);
	agent.destroy();
	return ids;
}
