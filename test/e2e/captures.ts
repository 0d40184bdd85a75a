/**
 * What the e2e trigger tests share: a server that receives what the workflows' last node posts, and a finished
 * merchant registration process for the Onboarding Trigger.
 */
/* eslint-disable @n8n/community-nodes/no-restricted-imports, @typescript-eslint/no-explicit-any -- runs in Node, not in n8n: eslint.dev.config.mjs lints it */
import { createServer } from 'http';
import type { AddressInfo } from 'net';

import type { RunningSandbox } from '../../sandbox';

export interface CaptureServer {
	url: string;
	/** What was posted, one entry per run, by the last path segment (the trigger kind). */
	runs: Record<string, any[]>;
	close(): void;
}

/** Receives what the workflows' last node posts: JSON parsed, anything else kept as text. */
export function captureServer(): Promise<CaptureServer> {
	const runs: Record<string, any[]> = {};
	const server = createServer((req, res) => {
		let body = '';
		req.on('data', (d) => (body += d));
		req.on('end', () => {
			const kind = (req.url ?? '/').split('/').pop() ?? '';
			let json: unknown = body;
			try {
				json = JSON.parse(body || 'null');
			} catch {
				/* keep the text */
			}
			(runs[kind] ??= []).push(json);
			res.writeHead(200, { 'content-type': 'application/json' });
			res.end('{"ok":true}');
		});
	});
	return new Promise((resolve) =>
		server.listen(0, '127.0.0.1', () =>
			resolve({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/capture`, runs, close: () => server.close() }),
		),
	);
}

/** A merchant creation on the sandbox; its process ID and final state, read once (as a poller would). */
export async function finishedProcess(sandbox: RunningSandbox, documentNumber: string, label: string): Promise<{ processId: string; final: any }> {
	const token = sandbox.credentials.accessToken;
	const accepted = await fetch(`${sandbox.url}/api/merchants`, {
		method: 'POST',
		headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'idempotency-key': `${label}-${documentNumber}-${Date.now()}` },
		body: JSON.stringify({
			name: 'Trigger Test S.A.S.',
			brand: 'TriggerTest',
			languages: ['es'],
			currencies: ['USD'],
			document: { type: 'NIT', number: documentNumber },
			address: { street: 'Calle 1 # 2-3', city: 'Bogota', state: 11, country: 'CO', phone: '+5712345678', postalCode: '110111' },
			legalRepresentative: { name: 'Ana', surname: 'Lopez', document: '52123456', documentType: 'CC' },
			control: { seller: 'direct' },
		}),
	});
	if (accepted.status !== 202) throw new Error(`merchant creation answered ${accepted.status}: ${await accepted.text()}`);
	const { processId } = (await accepted.json()) as { processId: string };
	const final = (await (await fetch(`${sandbox.url}/api/processes/${processId}`, { headers: { authorization: `Bearer ${token}` } })).json()) as any;
	return { processId, final };
}
