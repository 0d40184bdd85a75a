/**
 * Each part of the reliability suite writes what it measured to test-results/reliability/<part>.json; the
 * project's global teardown (globalTeardown.js) merges the parts into test-results/reliability.json and renders
 * the table test/RELIABILITY.md quotes (test-results/reliability.md).
 */
/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- runs in Node, not in n8n: eslint.dev.config.mjs lints it */
import { mkdirSync, writeFileSync } from 'fs';
import { join } from 'path';

export const REPORT_DIR = join(__dirname, '..', '..', 'test-results', 'reliability');

export function writePart(part: string, data: Record<string, unknown>): void {
	mkdirSync(REPORT_DIR, { recursive: true });
	writeFileSync(join(REPORT_DIR, `${part}.json`), `${JSON.stringify(data, null, 2)}\n`);
}
