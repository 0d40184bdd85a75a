/**
 * Each part of the reliability suite writes what it measured to test-results/reliability/<part>.json; the
 * project's global teardown (globalTeardown.js) merges the parts into test-results/reliability.json and renders
 * the table test/RELIABILITY.md quotes (test-results/reliability.md).
 */
import { mkdirSync, writeFileSync } from 'fs';
import { join } from 'path';

export const REPORT_DIR = join(__dirname, '..', '..', 'test-results', 'reliability');

export function writePart(part: string, data: Record<string, unknown>): void {
	mkdirSync(REPORT_DIR, { recursive: true });
	writeFileSync(join(REPORT_DIR, `${part}.json`), `${JSON.stringify(data, null, 2)}\n`);
}
