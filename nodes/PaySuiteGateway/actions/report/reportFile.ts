/** Obtaining a report (once, or until it is ready) and turning its TSV into items, a binary file, or both. */
import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import { outputId } from '../../../shared/identifiers';
import type { OperationContext, Polling } from '../../../shared/operation';
import { timedOutWords, type PollOutcome } from '../../../shared/polling';
import { TsvReportParser, sliceBuffer } from '../../../shared/reportTsv';
import { headerValue, retryAfterSeconds } from '../../../shared/transport';

/**
 * One call of /gateway/report/obtain for the report whose ID has these digits: done with the file, or pending
 * with the platform's "not ready" answer (HTTP 425).
 */
export async function obtainReport(ctx: OperationContext, id: string): Promise<PollOutcome<Buffer, IDataObject>> {
	const response = await ctx.request<Buffer | IDataObject>({
		api: 'gateway',
		path: '/gateway/report/obtain',
		safety: 'read',
		// A bigint: sent as a bare integer with all its digits.
		body: { id: BigInt(id) } as unknown as IDataObject,
		headers: { Accept: 'text/tab-separated-values, text/plain, application/json', 'Accept-Encoding': 'gzip' },
		// The transport has no streaming mode: the (decompressed) file arrives as one buffer and is parsed in slices.
		encoding: 'arraybuffer',
		passThroughStatuses: [425],
		notFound: { what: `Report ${id}`, field: 'Report ID' },
	});
	if (response.statusCode === 425) {
		const answer = response.body && typeof response.body === 'object' && !Buffer.isBuffer(response.body) ? (response.body as IDataObject) : {};
		return { done: false, value: answer, retryAfterSeconds: retryAfterSeconds(headerValue(response.headers, 'retry-after')) };
	}
	const file = Buffer.isBuffer(response.body) ? response.body : Buffer.from(response.body as unknown as ArrayBuffer);
	const type = headerValue(response.headers, 'content-type') ?? '';
	if (/json/i.test(type)) {
		let answer: IDataObject = {};
		try {
			answer = JSON.parse(file.toString('utf8')) as IDataObject;
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
	return { done: true, value: file };
}

/** Waiting for a report: Obtain again until it is ready; at the timeout, the item fails naming the report. */
export const reportPolling: Polling<string, Buffer, IDataObject> = {
	check: obtainReport,
	intervalSeconds: 5,
	stillPending: (id, timedOut, timeoutSeconds) => ({
		message: `The report ${id} was not ready within the ${timeoutSeconds} s timeout`,
		description: `${timedOutWords(timedOut, timeoutSeconds)} Get it later with Report > Obtain and the report ID ${id}, or raise the Timeout (Seconds).`,
	}),
};

/** The item(s) of a ready report. */
export async function reportItems(ctx: OperationContext, id: string, file: Buffer): Promise<INodeExecutionData[]> {
	const output = ctx.param<string>('output', 'items');
	const items: INodeExecutionData[] = [];
	const parser = new TsvReportParser();
	if (output !== 'binary') {
		for (const chunk of sliceBuffer(file)) for (const row of parser.push(chunk)) items.push({ json: row as IDataObject });
		for (const row of parser.end()) items.push({ json: row as IDataObject });
	}
	if (output === 'items') return items;
	const property = ctx.param<string>('binaryPropertyName', 'data') || 'data';
	const binary = await ctx.fn.helpers.prepareBinaryData(file, `report-${id}.tsv`, 'text/tab-separated-values');
	if (items.length === 0) {
		const lines = file.length ? file.toString('utf8', 0, Math.min(file.length, 65536)).split('\n')[0] : '';
		items.push({ json: { reportId: outputId(id), bytes: file.length, columns: lines ? lines.replace(/\r$/, '').split('\t') : [] } });
	}
	items[0].binary = { [property]: binary };
	return items;
}
