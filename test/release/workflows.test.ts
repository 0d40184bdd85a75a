/**
 * The GitHub Actions workflows (.github/workflows/ci.yml and publish.yml): valid workflows as actionlint checks
 * them (YAML, GitHub's workflow schema, expressions, job needs, action inputs, runner labels), and the facts that
 * matter: CI runs the README's test command on every push and pull request, the fast checks on Node 20 and 22,
 * the compatibility smoke test in each n8n line, and publishing happens only after those checks, with provenance.
 */
/* eslint-disable @n8n/community-nodes/no-dangerous-functions, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @typescript-eslint/no-explicit-any, @typescript-eslint/no-require-imports -- runs in Node, not in n8n: eslint.dev.config.mjs lints it */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parse } from 'yaml';

const ROOT = resolve(__dirname, '../..');
const CI = join(ROOT, '.github/workflows/ci.yml');
const PUBLISH = join(ROOT, '.github/workflows/publish.yml');

type Step = { id?: string; name?: string; uses?: string; run?: string; with?: Record<string, any>; env?: Record<string, string>; if?: string };
type Job = {
	name?: string;
	'runs-on'?: string;
	'timeout-minutes'?: number;
	needs?: string | string[];
	uses?: string;
	permissions?: Record<string, string>;
	strategy?: { matrix?: Record<string, unknown> };
	env?: Record<string, string>;
	steps?: Step[];
};
type Workflow = { on: Record<string, any>; permissions: Record<string, string>; jobs: Record<string, Job> };

const load = (file: string) => parse(readFileSync(file, 'utf8')) as Workflow;
const ci = load(CI);
const publish = load(PUBLISH);

/** actionlint (scripts/actionlint.js) on the given files: its exit code and its findings, one per line. */
function actionlint(...files: string[]) {
	const r = spawnSync(process.execPath, [join(ROOT, 'scripts/actionlint.js'), ...files], { cwd: ROOT, encoding: 'utf8', timeout: 120_000 });
	return { status: r.status, output: `${r.stdout}${r.stderr}` };
}

const runs = (job: Job) => (job.steps ?? []).map((s) => s.run?.trim()).filter((r): r is string => !!r);
const needsOf = (job: Job) => (Array.isArray(job.needs) ? job.needs : job.needs ? [job.needs] : []);

/** The README's test command: the command of the "Run every test" row of "Try it in two commands". */
function readmeTestCommand(): string {
	const row = readFileSync(join(ROOT, 'README.md'), 'utf8')
		.split('\n')
		.find((line) => /^\| Run every test\b/.test(line));
	const command = row?.match(/\|\s*`([^`]+)`\s*\|\s*$/)?.[1];
	if (!command) throw new Error('README.md has no "| Run every test ... | `command` |" row');
	return command;
}

describe('workflow files are valid GitHub workflows (actionlint)', () => {
	it('ci.yml and publish.yml pass', () => {
		expect(actionlint(CI, PUBLISH)).toEqual({ status: 0, output: '' });
	});

	describe('a broken copy fails', () => {
		let dir: string;
		beforeAll(() => {
			dir = mkdtempSync(join(tmpdir(), 'paysuite-workflows-'));
		});
		afterAll(() => rmSync(dir, { recursive: true, force: true }));

		const broken = (name: string, from: string, edit: (text: string) => string) => {
			const text = readFileSync(from, 'utf8');
			const changed = edit(text);
			expect(changed).not.toBe(text); // the edit found what it changes
			const file = join(dir, name);
			writeFileSync(file, changed);
			return file;
		};

		it('not YAML', () => {
			const file = broken('ci.yml', CI, (t) => t.replace('jobs:\n', 'jobs:\n  [unclosed\n'));
			const r = actionlint(file);
			expect(r.status).toBe(1);
			expect(r.output).toMatch(/ci\.yml:\d+:\d+: .*\[syntax-check\]/);
		});

		it('YAML, but not a valid workflow: a job needing one that does not exist, an unknown action input', () => {
			const file = broken('publish.yml', PUBLISH, (t) => t.replace('needs: checks', 'needs: check').replace('cache: npm', 'cache-npm: true'));
			const r = actionlint(file);
			expect(r.status).toBe(1);
			expect(r.output).toMatch(/needs job "check" which does not exist.*\[job-needs\]/);
			expect(r.output).toMatch(/input "cache-npm" is not defined in action "actions\/setup-node@v4".*\[action\]/);
		});
	});
});

describe.each([
	['ci.yml', ci],
	['publish.yml', publish],
])('%s: least privilege, time limits, pinned actions', (_name, workflow) => {
	it('reads the repository and nothing more by default', () => {
		expect(workflow.permissions).toEqual({ contents: 'read' });
	});

	it.each(Object.entries(workflow.jobs))('job %s has a time limit (or is a called workflow, with its own)', (_id, job) => {
		if (job.uses) expect(job.uses).toBe('./.github/workflows/ci.yml');
		else expect(job['timeout-minutes']).toEqual(expect.any(Number));
	});

	it('every action is pinned to a major version (or a commit)', () => {
		const actions = Object.values(workflow.jobs).flatMap((job) => (job.steps ?? []).flatMap((s) => (s.uses ? [s.uses] : [])));
		expect(actions.length).toBeGreaterThan(0);
		for (const action of actions) expect(action).toMatch(/^[\w.-]+\/[\w.-]+(\/[\w.-]+)*@(v\d+(\.\d+){0,2}|[0-9a-f]{40})$/);
	});
});

describe('ci.yml', () => {
	it('runs on every push to a branch, every pull request, and when publish.yml calls it', () => {
		expect(ci.on.push).toEqual({ branches: ['**'] });
		expect(Object.keys(ci.on).sort()).toEqual(['pull_request', 'push', 'workflow_call']);
	});

	it('builds, typechecks, lints, scans the packed tarball and runs `npm test` (the offline projects) on Node 20 and 22', () => {
		const matrixJobs = Object.values(ci.jobs).filter((job) => job.strategy?.matrix && !runs(job).some((r) => r.includes('test/e2e/compat.test.ts')));
		expect(matrixJobs).toHaveLength(1);
		const [job] = matrixJobs;
		expect(job.strategy!.matrix!.node).toEqual([20, 22]);
		const setupNode = job.steps!.find((s) => s.uses?.startsWith('actions/setup-node@'));
		expect(setupNode?.with).toMatchObject({ 'node-version': '${{ matrix.node }}', cache: 'npm' });
		expect(runs(job)).toEqual([
			'npm ci --ignore-scripts --no-audit --no-fund',
			'npm run build',
			'npm run typecheck',
			'npm run lint',
			'npm pack --ignore-scripts --pack-destination "$RUNNER_TEMP"',
			'node scripts/lint-package.mjs "$RUNNER_TEMP"/n8n-nodes-paysuite-*.tgz',
			'npm test',
		]);
	});

	it("runs the README's test command whole, on one Node version", () => {
		const command = readmeTestCommand();
		expect(command).toBe('npm run check');
		const whole = Object.values(ci.jobs).filter((job) => runs(job).includes(command));
		expect(whole).toHaveLength(1);
		expect(whole[0].strategy).toBeUndefined();
		const setupNode = whole[0].steps!.find((s) => s.uses?.startsWith('actions/setup-node@'));
		expect(setupNode?.with?.['node-version']).toEqual(expect.any(Number));
		// .ci/run, the project's own CI, runs the same command.
		expect(readFileSync(join(ROOT, '.ci/run'), 'utf8')).toMatch(new RegExp(`^${command}$`, 'm'));
	});

	it('caches the n8n install in the folder scripts/n8n/install.js uses, keyed on that script, saved before the tests', () => {
		const job = Object.values(ci.jobs).find((j) => runs(j).includes('npm run check'))!;
		const steps = job.steps!;
		const at = (predicate: (s: Step) => boolean) => steps.findIndex(predicate);
		const restore = at((s) => !!s.uses?.startsWith('actions/cache/restore@'));
		const install = at((s) => s.run === 'node scripts/n8n/install.js');
		const save = at((s) => !!s.uses?.startsWith('actions/cache/save@'));
		const check = at((s) => s.run === 'npm run check');
		expect([restore, install, save, check].every((i, n, all) => i >= 0 && (n === 0 || i > all[n - 1]))).toBe(true);
		expect(steps.filter((s) => s.uses?.startsWith('actions/cache'))).toHaveLength(2);

		const { path, key } = steps[restore].with!;
		expect(steps[save].with).toEqual({ path, key: '${{ steps.n8n-cache.outputs.cache-primary-key }}' });
		expect(steps[restore]).toMatchObject({ id: 'n8n-cache' });
		for (const i of [install, save]) expect(steps[i].if).toBe("steps.n8n-cache.outputs.cache-hit != 'true'");
		const { cacheRoot } = require('../../scripts/n8n/install.js');
		const saved = process.env.PAYSUITE_N8N_CACHE;
		delete process.env.PAYSUITE_N8N_CACHE;
		try {
			expect(path.replace(/^~/, homedir())).toBe(cacheRoot());
		} finally {
			if (saved !== undefined) process.env.PAYSUITE_N8N_CACHE = saved;
		}
		expect(key).toContain("hashFiles('scripts/n8n/install.js', 'scripts/n8n/n8nVersions.js')");
		expect(key).toContain('runner.os');
	});

	it('runs the compatibility smoke test in n8n 1.123, 2.40 and 2.41, each with its own cached install', () => {
		const jobs = Object.values(ci.jobs).filter((job) => runs(job).includes('npx jest --ci --selectProjects e2e -- test/e2e/compat.test.ts'));
		expect(jobs).toHaveLength(1);
		const [job] = jobs;
		const include = (job.strategy!.matrix as { include: Array<{ n8n: string }> }).include;
		expect(include.map((entry) => entry.n8n.split('.').slice(0, 2).join('.'))).toEqual(['1.123', '2.40', '2.41']);
		expect(job.env).toEqual({ PAYSUITE_N8N_VERSION: '${{ matrix.n8n }}' });
		const { runtimeFor } = require('../../scripts/n8n/n8nVersions.js');
		for (const entry of include as Array<{ n8n: string; 'n8n-node': number }>) expect(runtimeFor(entry.n8n).nodeMajor).toBe(entry['n8n-node']);
		const restore = job.steps!.find((s) => s.uses?.startsWith('actions/cache/restore@'))!;
		expect(restore.with!.path).toBe('~/.cache/n8n-nodes-paysuite/n8n-${{ matrix.n8n }}');
		expect(restore.with!.key).toContain('${{ matrix.n8n }}');
		expect(runs(job)).toEqual(['npm ci --ignore-scripts --no-audit --no-fund', 'npm run build', 'node scripts/n8n/install.js', 'npx jest --ci --selectProjects e2e -- test/e2e/compat.test.ts']);
	});
});

describe('publish.yml', () => {
	const publishJobs = Object.entries(publish.jobs).filter(([, job]) => runs(job).some((r) => /^npm publish\b/.test(r)));

	it('runs on a version tag only', () => {
		expect(publish.on).toEqual({ push: { tags: ['v*.*.*'] } });
	});

	it('runs the same checks as every push, by calling ci.yml', () => {
		const called = Object.values(publish.jobs).filter((job) => job.uses === './.github/workflows/ci.yml');
		expect(called).toHaveLength(1);
	});

	it('publishes in one job, only after the checks, with provenance and the OIDC token', () => {
		expect(publishJobs).toHaveLength(1);
		const [, job] = publishJobs[0];
		const checks = Object.entries(publish.jobs).find(([, j]) => j.uses === './.github/workflows/ci.yml')![0];
		expect(needsOf(job)).toContain(checks);
		expect(job.permissions).toEqual({ 'id-token': 'write', contents: 'read' });
		const step = job.steps!.find((s) => /^npm publish\b/.test(s.run ?? ''))!;
		expect(step.run!.trim()).toBe('npm publish --provenance --access public');
		expect(step.env).toEqual({ NODE_AUTH_TOKEN: '${{ secrets.NPM_TOKEN }}' });
	});

	it("checks that the tag is package.json's version before publishing", () => {
		const [, job] = publishJobs[0];
		const steps = job.steps!;
		const tagCheck = steps.findIndex((s) => s.env?.TAG === '${{ github.ref_name }}' && /"\$TAG" != "v\$version"/.test(s.run ?? ''));
		const publishStep = steps.findIndex((s) => /^npm publish\b/.test(s.run ?? ''));
		expect(tagCheck).toBeGreaterThanOrEqual(0);
		expect(tagCheck).toBeLessThan(publishStep);
	});

	it('the tag check accepts the matching tag and refuses another', () => {
		const [, job] = publishJobs[0];
		const script = job.steps!.find((s) => s.env?.TAG)!.run!;
		const version = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;
		const check = (tag: string) => spawnSync('bash', ['-e', '-c', script], { cwd: ROOT, encoding: 'utf8', env: { ...process.env, TAG: tag } });
		expect(check(`v${version}`).status).toBe(0);
		const wrong = check('v99.0.0');
		expect(wrong.status).toBe(1);
		expect(wrong.stdout).toContain(`Tag v99.0.0 does not match package.json's version ${version}`);
	});
});
