/**
 * The table of documented fields (sandbox/documented/) is what the platform's documents show, not what the nodes
 * need: each entry (endpoint, answer class, key path, source) is recorded in test/sandbox/documented/<n>.json, and
 * an entry once recorded stays. The documents do not change, so neither does the table: a field the table lacked
 * is added in a new record file (`RECORD_DOCUMENTED_FIELDS=1 npx jest test/sandbox/documentedRecord.test.ts`),
 * and frozenRecords.test.ts fails on a record edited after its first commit.
 */
/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- runs in Node, not in n8n: eslint.dev.config.mjs lints it */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'fs';
import { join } from 'path';

import { ANSWERS, WEBHOOKS, type Fields } from '../../sandbox/documented';

const RECORDS = join(__dirname, 'documented');

const entries = (where: string, fields: Fields[]) => fields.flatMap((list) => list.paths.map((path) => `${where}: ${path} (${list.source.kind})`));

const current = [
	...ANSWERS.flatMap((answer) => [
		...entries(`${answer.endpoint} 2xx`, answer.success),
		...Object.entries(answer.refusal).flatMap(([status, fields]) => entries(`${answer.endpoint} ${status}`, fields)),
	]),
	...WEBHOOKS.flatMap((webhook) => entries(`webhook ${webhook.kind}`, webhook.body)),
];

const files = existsSync(RECORDS) ? readdirSync(RECORDS).filter((name) => /^\d+\.json$/.test(name)) : [];
const recorded = new Set(files.flatMap((name) => JSON.parse(readFileSync(join(RECORDS, name), 'utf8')) as string[]));

describe('the documented fields the sandbox holds its answers to', () => {
	it('keep every entry once recorded', () => {
		const now = new Set(current);
		expect([...recorded].filter((entry) => !now.has(entry))).toEqual([]);
	});

	it('are all recorded', () => {
		const unrecorded = [...new Set(current)].filter((entry) => !recorded.has(entry));
		if (unrecorded.length && process.env.RECORD_DOCUMENTED_FIELDS === '1') {
			mkdirSync(RECORDS, { recursive: true });
			const file = join(RECORDS, `${files.length + 1}.json`);
			if (existsSync(file)) throw new Error(`${file} exists: a record is never rewritten`);
			writeFileSync(file, `${JSON.stringify(unrecorded, null, '\t')}\n`);
			return;
		}
		expect(unrecorded).toEqual([]);
	});
});
