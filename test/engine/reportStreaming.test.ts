/**
 * The report read as it downloads, in n8n's engine: a gzip report arriving in many small pieces (a relay between
 * the node and the sandbox cuts every answer into 7-byte writes) gives exactly the rows of the same report
 * arriving at once; a report of several windows written as one binary file has its header once; a download cut
 * in the middle fails the item with words, the report ID and what to do.
 */
/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- runs in Node, not in n8n: eslint.dev.config.mjs lints it */
import { createServer, request as httpRequest, type Server } from 'http';
import type { AddressInfo } from 'net';

import type { IDataObject } from 'n8n-workflow';

import { parseTsvChunks } from '../helpers/reportTsv';
import { outputJson, runNode } from '../helpers/engine';
import { control, paySuiteApi, withSandbox } from '../helpers/sandbox';

const ROWS = 1500;
const sandbox = withSandbox({ retryAfterSeconds: 0, reportPendingPolls: 0, reportRows: ROWS }, 'clearLedger');

/** Relays to the sandbox, writing each answer's body 7 bytes at a time (a turn of the event loop apart). */
let relay: Server;
let relayUrl = '';
let relayed = { writes: 0, gzip: 0 };
beforeAll(async () => {
	relay = createServer((incoming, outgoing) => {
		const target = new URL(sandbox.url);
		const forward = httpRequest(
			{ host: target.hostname, port: target.port, path: incoming.url, method: incoming.method, headers: incoming.headers },
			async (answer) => {
				if (answer.headers['content-encoding'] === 'gzip') relayed.gzip++;
				outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
				for await (const chunk of answer as AsyncIterable<Buffer>) {
					for (let at = 0; at < chunk.length; at += 7) {
						outgoing.write(chunk.subarray(at, at + 7));
						relayed.writes++;
						await new Promise((resolve) => setImmediate(resolve));
					}
				}
				outgoing.end();
			},
		);
		incoming.pipe(forward);
	});
	await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
	relayUrl = `http://127.0.0.1:${(relay.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => relay.close(resolve)));
beforeEach(() => {
	relayed = { writes: 0, gzip: 0 };
});

const GATEWAY = { name: 'Gateway', type: 'paySuiteGateway', credentialType: 'paySuiteApi' };
const direct = () => paySuiteApi(sandbox);
const trickled = () => ({ paySuiteApi: { ...paySuiteApi(sandbox).paySuiteApi, gatewayUrl: relayUrl } });
const run = (parameters: IDataObject, credentials = direct()) => runNode(GATEWAY, { resource: 'report', pollInterval: 0, ...parameters }, credentials);

const THREE_DAYS = { startDate: '2025-03-01T00:00:00+00:00', endDate: '2025-03-03T23:59:59+00:00' };
const MONTH = { startDate: '2025-03-01T00:00:00+00:00', endDate: '2025-03-31T23:59:59+00:00' };

describe('A report downloaded in many small pieces', () => {
	it('gives the same rows as the same report arriving at once (gzip undone as it arrives)', async () => {
		const requested = await run({ operation: 'request', ...THREE_DAYS });
		expect(requested.error).toBeUndefined();
		const reportId = outputJson(requested, 'Gateway')[0].id;
		const obtain = { operation: 'obtain', reportId: { __rl: true, mode: 'id', value: String(reportId) } };

		const atOnce = await run(obtain);
		expect(atOnce.error).toBeUndefined();
		const inPieces = await run(obtain, trickled());
		expect(inPieces.error).toBeUndefined();

		expect(relayed.gzip).toBe(1);
		expect(relayed.writes).toBeGreaterThan(1000);
		const rows = outputJson(inPieces, 'Gateway');
		expect(rows).toHaveLength(ROWS);
		expect(rows).toEqual(outputJson(atOnce, 'Gateway'));
		expect(rows[0]).toMatchObject({ id: 1, amount: expect.any(Number), refunded: false, line_number: 1 });
	});

	it('written as one file for Output Both over 4 windows: the header once, one line per item', async () => {
		const result = await run({ operation: 'requestAndWait', ...MONTH, output: 'both' }, trickled());
		expect(result.error).toBeUndefined();
		const items = result.output('Gateway');
		expect(items).toHaveLength(4 * ROWS);
		const file = Buffer.from(items[0].binary!.data.data, 'base64');
		const lines = file.toString('utf8').trimEnd().split('\n');
		expect(lines.filter((line) => line.startsWith('id\tdate\t'))).toHaveLength(1);
		expect(lines).toHaveLength(4 * ROWS + 1);
		// The file's rows are the items, in order.
		expect([...parseTsvChunks([file])]).toEqual(items.map((item) => item.json));
		expect(items[0].binary!.data.fileName).toMatch(/^report-\d+-to-\d+\.tsv$/);
	});

	it('cut in the middle: the item fails naming the report and saying what to do', async () => {
		const requested = await run({ operation: 'request', ...THREE_DAYS });
		const reportId = String(outputJson(requested, 'Gateway')[0].id);
		await control(sandbox, '/__sandbox/faults', { rules: [{ path: '/gateway/report/obtain', kind: 'truncate', keepBytes: 4000 }] });
		try {
			const result = await run({ operation: 'obtain', reportId: { __rl: true, mode: 'id', value: reportId } });
			expect(result.error?.message).toMatch(new RegExp(`^The download of the report ${reportId} broke after \\d+ row\\(s\\)`));
			expect(result.error?.description).toMatch(`Report > Obtain and the report ID ${reportId}`);
		} finally {
			await control(sandbox, '/__sandbox/faults', { rules: [] });
		}
	});
});
