/**
 * The house rules a newcomer relies on: no file over 400 lines and no function over 80 in the shipped code, the
 * simulator and the scripts; every node folder laid out the same way; inside nodes/shared/, imports only run down
 * the roles' order; state kept beside n8n's objects lives in one place, which lists every store a process keeps.
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


/**
 * The roles of nodes/shared/, highest first: a folder imports only from the folders below it (and its own). A new
 * folder takes its place here.
 */
const SHARED_ROLES = [
	'webhooks', // the triggers' delivery pipeline
	'methods', // the lists the panel offers (listSearch, loadOptions)
	'reports', // reading a transaction report: the Gateway's Report operations and the Transaction Trigger
	'operation', // the executor and the kinds of operation
	'output', // answers mapped to items
	'descriptions', // fields shared by several nodes, and how they are read
	'transport', // paySuiteRequest (request.ts): sent once, signed, retried, a lost answer settled, its errors worded
	'schemas', // input rules: amounts, IDs, URLs, dates
	'context', // what every role may name: the item being run, and what is kept beside n8n's objects (runMemory.ts)
];

/** The imports of `file` (under nodes/shared/) that go up the roles' order, or to a folder the order lacks. */
function arrowsUp(file: string, text: string, roles: readonly string[] = SHARED_ROLES): string[] {
	const own = file.split('/')[2];
	const up: string[] = [];
	for (const [, specifier] of text.matchAll(/from '([^']+)'/g)) {
		if (!specifier.startsWith('.')) continue;
		const target = join(dirname(file), specifier).split(sep).join('/');
		const role = /^nodes\/shared\/([^/]+)\//.exec(target)?.[1];
		if (!role || role === own) continue;
		if (!roles.includes(role) || !roles.includes(own) || roles.indexOf(role) < roles.indexOf(own)) up.push(`${file} imports ${specifier}`);
	}
	return up;
}

/** Module-level collections keyed by objects (n8n's context objects, its execute data): only runMemory.ts keeps them. */
const STATE_PLACE = 'nodes/shared/context/runMemory.ts';
const objectKeyedState = (text: string): string[] =>
	[...text.matchAll(/^(?:export )?(?:const|let|var) (\w+)\s*(?::[^=]+)?=\s*new (?:Weak(?:Map|Set)|(?:Map|Set)<\s*(?:object|I\w+Functions|OperationContext|IRunExecutionData|IExecuteData)\b)/gm)].map(([, name]) => name);

/**
 * Module-level stores: a binding made empty (`new Map()`, `new SomeMemory()`) to be filled, or a `let`. Sets of
 * constants built from values are not stores.
 */
const moduleStores = (text: string): string[] =>
	[...text.matchAll(/^(?:export )?(?:(?:const|let|var) (\w+)\s*(?::[^=\n]+)?=\s*new \w+(?:<.*>)?\(\)|(?:let|var) (\w+))/gm)].map(([, made, bound]) => made ?? bound);

describe('nodes/shared/ roles', () => {
	it('the check finds an import up the order and object-keyed state', () => {
		expect(arrowsUp('nodes/shared/transport/x.ts', "import { a } from '../operation/execute';\nimport { b } from '../schemas/url';\n")).toEqual([
			"nodes/shared/transport/x.ts imports ../operation/execute",
		]);
		expect(arrowsUp('nodes/shared/transport/x.ts', "import { a } from '../nowhere/y';\n")).toEqual(['nodes/shared/transport/x.ts imports ../nowhere/y']);
		expect(objectKeyedState('const known = new WeakMap<OperationContext, string>();\nconst names = new Set([1]);\nconst byRun = new Map<object, number>();\n')).toEqual([
			'known',
			'byRun',
		]);
	});

	it('every folder of nodes/shared/ has its place in the order', () => {
		const folders = readdirSync(join(ROOT, 'nodes', 'shared')).filter((name) => statSync(join(ROOT, 'nodes', 'shared', name)).isDirectory());
		expect([...folders].sort()).toEqual([...SHARED_ROLES].sort());
	});

	it('no import inside nodes/shared/ runs from a lower role to a higher one', () => {
		const files = tracked('nodes/shared/*.ts');
		expect(files.length).toBeGreaterThan(50);
		expect(files.flatMap((file) => arrowsUp(file, readFileSync(join(ROOT, file), 'utf8')))).toEqual([]);
	});

	it(`no module-level state keyed by n8n's objects outside ${STATE_PLACE}`, () => {
		const found = tracked('nodes/*.ts', 'credentials/*.ts')
			.filter((file) => file !== STATE_PLACE)
			.flatMap((file) => objectKeyedState(readFileSync(join(ROOT, file), 'utf8')).map((name) => `${file}: ${name}`));
		expect(found).toEqual([]);
		expect(objectKeyedState(readFileSync(join(ROOT, STATE_PLACE), 'utf8'))).toEqual(['kept']);
	});

	it('the check finds a store made empty or bound with let, not a set of constants', () => {
		const text = "const byKey = new Map<string, { at: number }>();\nconst memory = new DeliveryMemory();\nlet last: string | undefined;\nconst WORDS = new Set(['a']);\n\tconst inner = new Map();\n";
		expect(moduleStores(text)).toEqual(['byKey', 'memory', 'last']);
	});

	it(`every module-level store in nodes/ and credentials/ is listed in ${STATE_PLACE}'s header`, () => {
		const header = readFileSync(join(ROOT, STATE_PLACE), 'utf8').split('*/')[0];
		const found = tracked('nodes/*.ts', 'credentials/*.ts').flatMap((file) =>
			moduleStores(readFileSync(join(ROOT, file), 'utf8')).map((name) => `${file.replace(/^nodes\/(shared\/)?/, '')} \`${name}\``),
		);
		expect(found.length).toBeGreaterThan(5);
		expect(found.filter((entry) => !header.includes(`- ${entry}:`))).toEqual([]);
		// And the header lists nothing that is gone.
		expect([...header.matchAll(/^ \* - (\S+ `\w+`):/gm)].map(([, entry]) => entry).sort()).toEqual([...found].sort());
	});
});

describe('one way down', () => {
	it("only the transport (request.ts) calls n8n's HTTP helpers", () => {
		const callers: string[] = [];
		for (const file of tracked('nodes/*.ts', 'credentials/*.ts')) {
			const text = readFileSync(join(ROOT, file), 'utf8');
			// The credential test sends with n8n's credential-test helper: the dialog's context has no other.
			const http = /helpers\.(httpRequest\w*|request\w*)\b/.exec(text);
			if (http && !['nodes/shared/transport/request.ts', 'nodes/shared/transport/credentialTest.ts'].includes(file)) callers.push(`${file}: ${http[0]}`);
		}
		expect(callers).toEqual([]);
	});

	/** The walks of CONTRIBUTING.md's "From an operation to its HTTP request": each heading's numbered files. */
	const walks = (): Map<string, string[]> => {
		const text = readFileSync(join(ROOT, 'CONTRIBUTING.md'), 'utf8');
		const section = text.slice(text.indexOf('## From an operation to its HTTP request'), text.indexOf('## Adding an operation'));
		const found = new Map<string, string[]>();
		let walk: string[] | undefined;
		for (const line of section.split('\n')) {
			const heading = /^### (.+)$/.exec(line);
			if (heading) found.set(heading[1], (walk = []));
			const step = /^\d+\. `([^`]+)`/.exec(line);
			if (step && walk) walk.push(step[1]);
		}
		return found;
	};

	it("CONTRIBUTING's walks: four files from the node to the transport, each importing the next", () => {
		const found = walks();
		expect([...found.keys()]).toEqual([
			'Gateway › Transaction › Process',
			'Session › Transaction › Refund',
			'Payment Link › Create and Wait',
			'Payment Link › Create and Wait, resumed',
			'Transaction Trigger › poll',
		]);
		for (const [name, files] of found) {
			for (const file of files) expect(existsSync(join(ROOT, file))).toBe(true);
			expect({ name, files: files.length, first: /\.node\.ts$/.test(files[0]), last: files[files.length - 1] }).toEqual({
				name,
				files: 4,
				first: true,
				last: 'nodes/shared/transport/request.ts',
			});
			for (let i = 0; i + 1 < files.length; i++) {
				// The router finds the operation in the resource's list, not by an import.
				if (files[i] === 'nodes/shared/operation/execute.ts') continue;
				const imports = [...readFileSync(join(ROOT, files[i]), 'utf8').matchAll(/from '([^']+)'/g)].map(([, spec]) => join(dirname(files[i]), spec).split(sep).join('/'));
				expect({ file: files[i], imports: imports.includes(files[i + 1].replace(/\.ts$/, '')) }).toEqual({ file: files[i], imports: true });
			}
		}
		// n8n then asks the credential to sign: the credential uses signing.ts.
		expect(readFileSync(join(ROOT, 'credentials/PaySuiteApi.credentials.ts'), 'utf8')).toContain("from '../nodes/shared/transport/signing'");
	});
});
