/**
 * n8n's deduplication record ("processed data") as n8n 2.40.7 keeps it in its database
 * (packages/cli/src/deduplication/deduplication-helper.ts), for the engine tests: one row per workflow (and per
 * node for scope 'node'), its 'entries' an array of MD5 hashes, read whole and written whole with the database's
 * delay in between (so that two processes' calls can erase each other's additions, as n8n's can), an absent row
 * inserted (a second insert fails on the primary key), the oldest cut past `maxEntries`, and a row written in
 * another mode refused. The real one is exercised by the e2e tests.
 */
/* eslint-disable @n8n/community-nodes/no-restricted-globals -- runs in Node, not in n8n: eslint.dev.config.mjs lints it */
import { createHash } from 'crypto';
import { DataDeduplicationService } from 'n8n-core';
import type { DeduplicationItemTypes, DeduplicationScope, ICheckProcessedContextData, ICheckProcessedOptions, IDataDeduplicator } from 'n8n-workflow';

const hash = (value: DeduplicationItemTypes) => createHash('md5').update(value.toString()).digest('base64');
/** A database round trip: another call may run between the read and the write. */
const roundTrip = () => new Promise((resolve) => setImmediate(resolve));

interface Row {
	mode: string;
	data: string[];
}

export class ProcessedData implements IDataDeduplicator {
	readonly rows = new Map<string, Row>();
	/** Every call made, in order (tests look at what the nodes asked of n8n). */
	readonly calls: Array<{ call: string; workflowId: string; scope: DeduplicationScope; items: string[] }> = [];
	/** The strings behind the hashes, to read a row back in tests. */
	private readonly strings = new Map<string, string>();

	private rowKey = (scope: DeduplicationScope, data: ICheckProcessedContextData) => `${data.workflow.id}|${scope === 'node' ? `n:${data.node!.id}` : ''}`;

	private async read(scope: DeduplicationScope, data: ICheckProcessedContextData): Promise<Row | undefined> {
		if (!data.workflow.id) throw new Error('AssertionError: workflow id');
		const row = this.rows.get(this.rowKey(scope, data));
		await roundTrip();
		return row && { mode: row.mode, data: [...row.data] };
	}

	/**
	 * As n8n: a row read as absent is inserted, and the insert fails on the primary key when another got there first;
	 * a row read as present is updated, which does nothing when the row was deleted since.
	 */
	private async write(scope: DeduplicationScope, data: ICheckProcessedContextData, row: Row, inserting: boolean): Promise<void> {
		await roundTrip();
		const key = this.rowKey(scope, data);
		if (inserting && this.rows.has(key)) throw new Error('SQLITE_CONSTRAINT: UNIQUE constraint failed: processed_data.workflowId, processed_data.context');
		if (!inserting && !this.rows.has(key)) return;
		this.rows.set(key, row);
	}

	async checkProcessedAndRecord(items: DeduplicationItemTypes[], scope: DeduplicationScope, data: ICheckProcessedContextData, options: ICheckProcessedOptions) {
		this.calls.push({ call: 'checkProcessedAndRecord', workflowId: data.workflow.id, scope, items: items.map(String) });
		const read = await this.read(scope, data);
		const row = read ?? { mode: options.mode, data: [] };
		if (row.mode !== options.mode) throw new Error('Deduplication data was originally saved with an incompatible setting');
		for (const item of items) this.strings.set(hash(item), String(item));
		const held = new Set(row.data);
		const found = { new: [] as DeduplicationItemTypes[], processed: [] as DeduplicationItemTypes[] };
		for (const item of items) {
			if (held.has(hash(item))) found.processed.push(item);
			else {
				found.new.push(item);
				row.data.push(hash(item));
			}
		}
		if (options.maxEntries) row.data.splice(0, row.data.length - options.maxEntries);
		await this.write(scope, data, row, !read);
		return found;
	}

	async removeProcessed(items: DeduplicationItemTypes[], scope: DeduplicationScope, data: ICheckProcessedContextData) {
		this.calls.push({ call: 'removeProcessed', workflowId: data.workflow.id, scope, items: items.map(String) });
		const row = await this.read(scope, data);
		if (!row) return;
		for (const item of items) {
			const index = row.data.indexOf(hash(item));
			if (index !== -1) row.data.splice(index, 1);
		}
		await this.write(scope, data, row, false);
	}

	async clearAllProcessedItems(scope: DeduplicationScope, data: ICheckProcessedContextData) {
		this.calls.push({ call: 'clearAllProcessedItems', workflowId: data.workflow.id, scope, items: [] });
		await roundTrip();
		this.rows.delete(this.rowKey(scope, data));
	}

	async getProcessedDataCount(scope: DeduplicationScope, data: ICheckProcessedContextData) {
		this.calls.push({ call: 'getProcessedDataCount', workflowId: data.workflow.id, scope, items: [] });
		await roundTrip();
		return this.rows.get(this.rowKey(scope, data))?.data.length ?? 0;
	}

	/** The strings a workflow's row holds (scope 'workflow'), oldest first. */
	held(workflowId = 'engine-test'): string[] {
		return (this.rows.get(`${workflowId}|`)?.data ?? []).map((digest) => this.strings.get(digest) ?? digest);
	}

	/** Puts `to` where the row holds `from` (a test moving a record back in time). */
	replace(from: string, to: string, workflowId = 'engine-test'): void {
		const row = this.rows.get(`${workflowId}|`);
		if (!row) return;
		this.strings.set(hash(to), to);
		row.data = row.data.map((digest) => (digest === hash(from) ? hash(to) : digest));
	}

	/** Forgets everything: the next run sends on purpose what an earlier one sent. */
	clear(): void {
		this.rows.clear();
		this.calls.length = 0;
	}
}

/** The record every engine test's n8n uses (set up once per test file, test/engine/processed-data-setup.ts). */
export const processedData = new ProcessedData();

export async function useProcessedData(): Promise<void> {
	await DataDeduplicationService.init(processedData);
}
