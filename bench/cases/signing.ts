/**
 * Signing: the credential's `authenticate` (what n8n calls before every request: a fresh nonce, seed and tranKey
 * added to the JSON body) against a bare crypto loop computing the same tranKey. In the bench process, no n8n.
 */
/* eslint-disable @n8n/community-nodes/no-hardcoded-secrets, @n8n/community-nodes/no-restricted-globals -- runs in Node, not in n8n: eslint.dev.config.mjs lints it */
import { createHash, randomBytes } from 'crypto';

import { PaySuiteApi } from '../../credentials/PaySuiteApi.credentials';
import { median, type BenchCase } from '../lib/types';

export const benchCase: BenchCase = {
	id: 'signing',
	title: 'Signing (authenticate)',
	async run(ctx) {
		const calls = ctx.quick ? 2_000 : 50_000;
		const credential = new PaySuiteApi();
		const credentials = { login: 'demo-site-login', secretKey: 'demo-secret-key-0123456789', algorithm: 'sha256', baseUrl: 'http://127.0.0.1:8765' };
		// The body the transport sends: JSON text (large identifiers keep their digits).
		const body = '{"requestId":123456}';
		let sink = 0;
		const timeAuthenticate = async () => {
			const started = process.hrtime.bigint();
			for (let i = 0; i < calls; i++) {
				const signed = await credential.authenticate(credentials, { url: '/api/session/123456', method: 'POST', body });
				sink += (signed.body as string).length;
			}
			return Number(process.hrtime.bigint() - started) / 1e3 / calls;
		};
		const timeBare = () => {
			const started = process.hrtime.bigint();
			for (let i = 0; i < calls; i++) {
				const nonce = randomBytes(16);
				const seed = new Date().toISOString();
				const tranKey = createHash('sha256').update(Buffer.concat([nonce, Buffer.from(seed + credentials.secretKey, 'utf8')])).digest('base64');
				sink += tranKey.length + nonce.toString('base64').length;
			}
			return Number(process.hrtime.bigint() - started) / 1e3 / calls;
		};
		const authenticate: number[] = [];
		const bare: number[] = [];
		const rounds = ctx.quick ? 1 : Math.max(ctx.rounds, 5);
		await timeAuthenticate(); // warm-up (JIT)
		timeBare();
		for (let round = 0; round < rounds; round++) {
			authenticate.push(await timeAuthenticate());
			bare.push(timeBare());
		}
		if (sink === 0) throw new Error('nothing was signed');
		const pkg = median(authenticate);
		const limit = median(bare);
		return {
			id: this.id,
			title: this.title,
			variants: [
				{ name: 'the credential’s authenticate', role: 'package', median: pkg, unit: 'µs/call', samples: authenticate },
				{ name: 'bare crypto loop (nonce, seed, SHA-256, Base64)', role: 'limit', median: limit, unit: 'µs/call', samples: bare },
			],
			ratios: [{ name: 'authenticate / bare', value: pkg / limit }],
			notes: [`${calls.toLocaleString('en-US')} calls per round, ${rounds} round(s) after a warm-up, the two interleaved`],
		};
	},
};
