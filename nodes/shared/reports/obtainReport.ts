/** Asking the platform for a requested report once: the file as it downloads, or "not ready yet". */
import type { IDataObject } from 'n8n-workflow';

import type { PollOutcome } from '../operation/polling';
import { headerValue } from '../transport/answerBody';
import { sendRequest } from '../operation/send';
import { retryAfterSeconds } from '../transport/retry';
import type { PaySuiteContext } from '../transport/types';

/** A ready report's file as it downloads: its (decompressed) bytes, chunk by chunk. Read once. */
export type ReportDownload = AsyncIterable<Buffer | Uint8Array | string> & { destroy?(error?: Error): void };

/** What obtaining a report needs of its caller: n8n's context, the item it is for, and how to fail it. */
export interface ReportReader {
	readonly fn: PaySuiteContext;
	readonly itemIndex: number;
	fail(message: string, description?: string): never;
}

async function readAll(download: ReportDownload): Promise<Buffer> {
	const chunks: Buffer[] = [];
	for await (const chunk of download) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength));
	return Buffer.concat(chunks);
}

/**
 * One call of /gateway/report/obtain for the report whose ID has these digits: done with the file as it
 * downloads (n8n's HTTP client undoes the gzip as the bytes arrive), or pending with the platform's "not
 * ready" answer (HTTP 425).
 */
export async function obtainReport(ctx: ReportReader, id: string): Promise<PollOutcome<ReportDownload, IDataObject>> {
	const response = await sendRequest(
		ctx,
		{
			api: 'gateway',
			path: '/gateway/report/obtain',
			safety: 'read',
			// A bigint: sent as a bare integer with all its digits.
			body: { id: BigInt(id) } as unknown as IDataObject,
			headers: { Accept: 'text/tab-separated-values, text/plain, application/json', 'Accept-Encoding': 'gzip' },
			encoding: 'stream',
			passThroughStatuses: [425],
			notFound: { what: `Report ${id}`, field: 'Report ID' },
		},
	);
	if (response.statusCode === 425) {
		const answer = response.body && typeof response.body === 'object' && !Buffer.isBuffer(response.body) ? (response.body as IDataObject) : {};
		return { done: false, value: answer, retryAfterSeconds: retryAfterSeconds(headerValue(response.headers, 'retry-after')) };
	}
	const download = response.body as unknown as ReportDownload;
	const type = headerValue(response.headers, 'content-type') ?? '';
	if (/json/i.test(type)) {
		let answer: IDataObject = {};
		try {
			answer = JSON.parse((await readAll(download)).toString('utf8')) as IDataObject;
		} catch {
			answer = {};
		}
		const status = (answer.status ?? {}) as IDataObject;
		const words = [status.status, status.message].filter((part) => part !== undefined && part !== null && part !== '').map(String).join(': ');
		ctx.fail(
			`The platform sent a message instead of the report ${id}${words ? ` (${words})` : ''}`,
			`Get it again later with Report > Obtain and the report ID ${id}; if it keeps happening, request the report again.`,
		);
	}
	return { done: true, value: download };
}
