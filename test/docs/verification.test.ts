/**
 * The claims of docs/verification.md that no lint rule proves, over the code the package ships (every non-test
 * TypeScript file of nodes/ and credentials/, what tsconfig.build.json compiles, and the codex files):
 * - it imports only what n8n itself provides (n8n-workflow, zod, crypto) and its own shipped files: n8n's
 *   `no-restricted-imports` rule lets any devDependency through (axios, n8n-core...), which n8n would not have;
 * - it reads no environment variable and no file;
 * - only the transport and the credential test send requests (to the credential's Base URL);
 * - every text in it is written in English: no letter outside ASCII (a few typographic signs allowed).
 * It lives here, not under nodes/, because the community scanner forbids fs and path in every file of nodes/.
 */
/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- runs in Node, not in n8n: eslint.dev.config.mjs lints it */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import * as ts from 'typescript';

const ROOT = resolve(__dirname, '../..');

function filesOf(folder: string, keep: (path: string) => boolean): string[] {
	return readdirSync(folder).flatMap((entry) => {
		const path = join(folder, entry);
		if (statSync(path).isDirectory()) return filesOf(path, keep);
		return keep(path) ? [path] : [];
	});
}

const isShippedSource = (path: string) => path.endsWith('.ts') && !path.endsWith('.test.ts') && !path.endsWith('.d.ts');
const SHIPPED = ['nodes', 'credentials'].flatMap((folder) => filesOf(join(ROOT, folder), isShippedSource));
const CODEX = filesOf(join(ROOT, 'nodes'), (path) => path.endsWith('.node.json'));
const name = (path: string) => relative(ROOT, path).split(sep).join('/');

/** Every node of a file's syntax tree. */
function nodesOf(path: string): ts.Node[] {
	const source = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.ES2022, true);
	const all: ts.Node[] = [];
	const visit = (node: ts.Node) => {
		all.push(node);
		ts.forEachChild(node, visit);
	};
	visit(source);
	return all;
}

const PARSED = SHIPPED.map((path) => [path, nodesOf(path)] as const);

/** The modules a file loads: import and export ... from, require(...), import(...). */
function moduleSpecifiers(nodes: ts.Node[]): string[] {
	const found: string[] = [];
	for (const node of nodes) {
		if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
			found.push(node.moduleSpecifier.text);
		} else if (ts.isCallExpression(node) && node.arguments.length > 0) {
			const callee = node.expression;
			const loads = callee.kind === ts.SyntaxKind.ImportKeyword || (ts.isIdentifier(callee) && callee.text === 'require');
			const [first] = node.arguments;
			if (loads) found.push(ts.isStringLiteral(first) ? first.text : `<computed: ${first.getText()}>`);
		}
	}
	return found;
}

/**
 * What the package may load at run time inside n8n: n8n-workflow is its peer; zod, luxon and crypto come with n8n
 * (luxon is a dependency of n8n and of n8n-workflow, and on n8n's import allow-list for community nodes).
 */
const PROVIDED_BY_N8N = new Set(['n8n-workflow', 'zod', 'zod/v3', 'luxon', 'crypto', 'node:crypto']);

function unexpectedImport(file: string, specifier: string): string | undefined {
	if (!specifier.startsWith('.')) return PROVIDED_BY_N8N.has(specifier) ? undefined : specifier;
	// A relative import must stay in the shipped folders (dist/ holds nodes/ and credentials/ only).
	const target = name(resolve(dirname(file), specifier));
	return /^(nodes|credentials)\//.test(target) ? undefined : `${specifier} (${target} is not shipped)`;
}

describe('the shipped code', () => {
	it('is found (nodes and credentials sources, codex files)', () => {
		expect(SHIPPED.length).toBeGreaterThan(50);
		expect(SHIPPED.map(name)).toEqual(expect.arrayContaining(['nodes/shared/transport/request.ts', 'credentials/PaySuiteApi.credentials.ts']));
		expect(SHIPPED.some((path) => path.endsWith('.test.ts'))).toBe(false);
		expect(CODEX).toHaveLength(11);
	});

	it('imports only n8n-workflow, zod, luxon, crypto and its own shipped files', () => {
		const seen = new Set<string>();
		const unexpected: string[] = [];
		for (const [path, nodes] of PARSED) {
			for (const specifier of moduleSpecifiers(nodes)) {
				seen.add(specifier);
				const problem = unexpectedImport(path, specifier);
				if (problem) unexpected.push(`${name(path)}: ${problem}`);
			}
		}
		expect(unexpected).toEqual([]);
		// The walk sees imports at all: the peer and the validation library are among them.
		expect([...seen]).toEqual(expect.arrayContaining(['n8n-workflow', 'zod/v3', 'luxon']));
	});

	it('the import check refuses a dependency, a Node module and a file outside the package', () => {
		const file = join(ROOT, 'nodes/shared/transport/request.ts');
		expect(unexpectedImport(file, 'axios')).toBe('axios');
		expect(unexpectedImport(file, 'node:fs')).toBe('node:fs');
		expect(unexpectedImport(file, 'child_process')).toBe('child_process');
		expect(unexpectedImport(file, '../../../sandbox/http')).toMatch(/sandbox\/http is not shipped/);
		expect(unexpectedImport(file, './signing')).toBeUndefined();
		expect(moduleSpecifiers(nodesOf(file)).length).toBeGreaterThan(0);
	});

	it('reads no environment variable and no file', () => {
		const FORBIDDEN_GLOBALS = new Set(['__dirname', '__filename', 'globalThis']);
		const found: string[] = [];
		for (const [path, nodes] of PARSED) {
			for (const node of nodes) {
				const at = `${name(path)}:${node.getSourceFile().getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
				if (ts.isPropertyAccessExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'process' && ['env', 'cwd', 'argv'].includes(node.name.text)) {
					found.push(`${at} process.${node.name.text}`);
				}
				if (ts.isIdentifier(node) && FORBIDDEN_GLOBALS.has(node.text)) found.push(`${at} ${node.text}`);
			}
		}
		expect(found).toEqual([]);
	});

	it('sends requests only from the transport and the credential test', () => {
		const SENDERS = new Set(['request', 'requestWithAuthentication', 'httpRequest', 'httpRequestWithAuthentication', 'requestOAuth1', 'requestOAuth2', 'requestWithAuthenticationPaginated']);
		const callers = new Set<string>();
		for (const [path, nodes] of PARSED) {
			for (const node of nodes) {
				const sends =
					(ts.isPropertyAccessExpression(node) && SENDERS.has(node.name.text) && /\bhelpers$/.test(node.expression.getText())) ||
					(ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'fetch');
				if (sends) callers.add(name(path));
			}
		}
		expect([...callers].sort()).toEqual(['nodes/shared/transport/credentialTest.ts', 'nodes/shared/transport/request.ts']);
	});

	describe('is written in English', () => {
		// ASCII (key separators such as \u0000 included) and typographic signs the panel uses (Options › Requests in
		// Parallel, A → B, ...): no letter.
		const SIGNS = new Set([...'›→·…±–—“”‘’']);
		const outside = (text: string) => [...text].filter((char) => char.codePointAt(0)! > 0x7f && !SIGNS.has(char));

		it('every string of the code (panel text, hints, errors) has no letter outside ASCII', () => {
			const found: string[] = [];
			for (const [path, nodes] of PARSED) {
				for (const node of nodes) {
					if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateLiteralToken(node)) {
						const chars = outside(node.text);
						if (chars.length) found.push(`${name(path)}: ${chars.join('')} in "${node.text.slice(0, 60)}"`);
					}
				}
			}
			expect(found).toEqual([]);
		});

		it('every codex file (the node panel search words) too', () => {
			const found = CODEX.flatMap((path) => outside(readFileSync(path, 'utf8')).map((char) => `${name(path)}: ${char}`));
			expect(found).toEqual([]);
		});

		it('the check refuses accented and non-Latin letters', () => {
			expect(outside('Options › Requests in Parallel … ±5 → next')).toEqual([]);
			expect(outside('Fecha de creación')).toEqual(['ó']);
			expect(outside('Дата')).toHaveLength(4);
		});
	});
});
