/**
 * The house rules a newcomer relies on: no file over 400 lines and no function over 80 in the shipped code, the
 * simulator and the scripts; every node folder laid out the same way.
 */
/* eslint-disable @n8n/community-nodes/no-dangerous-functions, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- runs in Node, not in n8n: eslint.dev.config.mjs lints it */
import { execFileSync } from 'child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'fs';
import { dirname, join, sep } from 'path';

import { oversizes, oversizesOfFile } from '../helpers/codeShape';

const ROOT = join(__dirname, '..', '..');
const MAX_FILE_LINES = 400;
const MAX_FUNCTION_LINES = 80;

const tracked = (...patterns: string[]): string[] =>
	execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', ...patterns], { cwd: ROOT, encoding: 'utf8' })
		.split('\n')
		.filter((file) => file && !file.endsWith('.test.ts') && existsSync(join(ROOT, file)));

describe('sizes', () => {
	it('the size check finds a long function and a long file', () => {
		const body = Array.from({ length: 85 }, (_, index) => `\tconst v${index} = ${index};`).join('\n');
		const found = oversizes('x.ts', `export function tooLong() {\n${body}\n}\n`, 50, MAX_FUNCTION_LINES);
		expect(found).toEqual([
			{ file: 'x.ts', line: 1, lines: 88 },
			{ file: 'x.ts', name: 'tooLong', line: 1, lines: 87 },
		]);
		expect(oversizes('y.js', 'const short = () => 1;\n', MAX_FILE_LINES, MAX_FUNCTION_LINES)).toEqual([]);
	});

	it(`no file over ${MAX_FILE_LINES} lines and no function over ${MAX_FUNCTION_LINES} in nodes/, credentials/, sandbox/, scripts/`, () => {
		const files = tracked('nodes/*.ts', 'credentials/*.ts', 'sandbox/*.ts', 'scripts/*.js', 'scripts/*.mjs', 'scripts/*.ts');
		expect(files.length).toBeGreaterThan(100);
		const found = files.flatMap((file) => oversizesOfFile(join(ROOT, file), MAX_FILE_LINES, MAX_FUNCTION_LINES));
		expect(found.map(({ file, name, line, lines }) => `${file.slice(ROOT.length + 1)}:${line} ${name ?? '(file)'} ${lines} lines`)).toEqual([]);
	});
});

describe('node folders', () => {
	const nodesDir = join(ROOT, 'nodes');
	const nodeFolders = readdirSync(nodesDir).filter((name) => name.startsWith('PaySuite') && statSync(join(nodesDir, name)).isDirectory());

	it.each(nodeFolders)('%s declares itself in <Node>.node.ts with its codex, and maps answers in output.ts', (folder) => {
		expect(existsSync(join(nodesDir, folder, `${folder}.node.ts`))).toBe(true);
		expect(existsSync(join(nodesDir, folder, `${folder}.node.json`))).toBe(true);
		expect(existsSync(join(nodesDir, folder, 'output.ts'))).toBe(true);
	});

	it.each(nodeFolders)('%s: methods/ holds only listSearch.ts and loadOptions.ts; every operation file sits in actions/<resource>/', (folder) => {
		const methods = join(nodesDir, folder, 'methods');
		if (existsSync(methods)) {
			for (const file of readdirSync(methods).filter((name) => !name.endsWith('.test.ts'))) {
				expect(['listSearch.ts', 'loadOptions.ts']).toContain(file);
			}
		}
		const operations = tracked(`nodes/${folder}/*.operation.ts`);
		for (const file of operations) expect(file).toMatch(new RegExp(`^nodes/${folder}/actions/[a-zA-Z]+/[a-zA-Z]+\\.operation\\.ts$`));
	});

	it('no node folder imports another node folder (what two nodes share lives in nodes/shared/)', () => {
		const crossings: string[] = [];
		for (const file of tracked('nodes/PaySuite*')) {
			if (!file.endsWith('.ts')) continue;
			const own = file.split('/')[1];
			const text = readFileSync(join(ROOT, file), 'utf8');
			for (const [, specifier] of text.matchAll(/from '([^']+)'/g)) {
				if (!specifier.startsWith('.')) continue;
				const target = join(dirname(file), specifier).split(sep).join('/');
				const folder = /^nodes\/(PaySuite[^/]+)\//.exec(target)?.[1];
				if (folder && folder !== own) crossings.push(`${file} imports ${specifier}`);
			}
		}
		expect(crossings).toEqual([]);
	});
});

