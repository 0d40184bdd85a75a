/**
 * deploy/: the settings every process reads, the nginx routes, and the files that cannot be started here (Docker
 * images: no engine on these machines) validated by the tools that read them: `nginx -t`, `docker compose config`
 * (Debian's `docker-compose` when the plugin is missing: it reads the file without an engine) and
 * `systemd-analyze verify`. A missing tool is installed from Debian's packages; one that cannot be had fails the
 * test (never skipped).
 */
/* eslint-disable @n8n/community-nodes/no-dangerous-functions, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @typescript-eslint/no-require-imports -- runs in Node, not in n8n: eslint.dev.config.mjs lints it */
import { spawnSync } from 'child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';

const deploy = require('./deploy');
const { aptInstall, have } = require('./apt');

const REPO = join(__dirname, '..', '..');
const run = (cmd: string, args: string[], cwd?: string) => spawnSync(cmd, args, { cwd, encoding: 'utf8', timeout: 120_000 });

/** Where the tool is: on the PATH, or in /usr/sbin or /sbin (Debian puts nginx there, off a user's PATH). */
function found(cmd: string): string | undefined {
	if (have(cmd)) return cmd;
	return ['/usr/sbin', '/sbin'].map((dir) => join(dir, cmd)).find((file) => existsSync(file));
}

/** The tool, installed from `pkg` when missing; throws saying why it cannot be had. */
function tool(cmd: string, pkg: string): string {
	const before = found(cmd);
	if (before) return before;
	const problem = aptInstall([pkg], () => {});
	const after = found(cmd);
	if (problem || !after) throw new Error(`${cmd} is needed to validate deploy/ and could not be installed: ${problem ?? 'not found after installing'}`);
	return after;
}

describe('deploy/env: the settings of each process', () => {
	const shared = deploy.sharedSettings();

	it('are plain KEY=VALUE lines that systemd, Docker Compose and the cluster read alike', () => {
		expect(() => deploy.parseEnvFile('A=1\nB="two"')).toThrow(/B="two"/);
		expect(() => deploy.parseEnvFile('A=1\nA=2')).toThrow(/set twice/);
		expect(deploy.parseEnvFile('# c\n\nA_B=x/y:1\n')).toEqual({ A_B: 'x/y:1' });
		for (const role of Object.keys(deploy.ROLES)) expect(Object.keys(deploy.roleSettings(role)).length).toBeGreaterThan(0);
	});

	it('queue mode on PostgreSQL and Redis, secrets from files, one public address, the main without production webhooks', () => {
		expect(shared).toMatchObject({
			EXECUTIONS_MODE: 'queue',
			DB_TYPE: 'postgresdb',
			OFFLOAD_MANUAL_EXECUTIONS_TO_WORKERS: 'true',
			N8N_DEFAULT_BINARY_DATA_MODE: 'database',
			NODE_ENV: 'production',
		});
		expect(shared.N8N_ENCRYPTION_KEY_FILE).toMatch(/^\//);
		expect(shared.DB_POSTGRESDB_PASSWORD_FILE).toMatch(/^\//);
		expect(Object.keys(shared).filter((k) => /KEY$|PASSWORD$|SECRET$|TOKEN$/.test(k))).toEqual([]);
		expect(shared.N8N_WEBHOOK_URL).toBe(`${shared.N8N_EDITOR_BASE_URL}/`);
		expect(shared).not.toHaveProperty('WEBHOOK_URL');
		expect(deploy.roleSettings('main')).toMatchObject({ N8N_DISABLE_PRODUCTION_MAIN_PROCESS: 'true' });
		expect(deploy.roleSettings('worker')).toMatchObject({ QUEUE_HEALTH_CHECK_ACTIVE: 'true' });
	});

	it('names no setting that docs/scaling.md does not explain', () => {
		const doc = readFileSync(join(REPO, 'docs', 'scaling.md'), 'utf8');
		const names = [shared, ...Object.keys(deploy.ROLES).map((r) => deploy.roleSettings(r))].flatMap((s) => Object.keys(s));
		expect([...new Set(names)].filter((name) => !doc.includes(`\`${name}\``))).toEqual([]);
	});
});

describe('deploy/nginx: the routes the cluster runs', () => {
	const site = readFileSync(deploy.FILES.nginxSite, 'utf8');
	const rendered = deploy.renderNginxSite(site, {
		listen: '127.0.0.1:9000',
		upstreams: { n8n_main: ['127.0.0.1:9001'], n8n_webhooks: ['127.0.0.1:9002', '127.0.0.1:9003'] },
		routesFile: '/x/n8n-routes.conf',
	});

	it("keeps the file's policy and routes, with this machine's addresses", () => {
		expect(rendered).toContain('hash $uri consistent;');
		expect(rendered).toContain('server 127.0.0.1:9002 max_fails=1 fail_timeout=5s;\n    server 127.0.0.1:9003 max_fails=1 fail_timeout=5s;\n    keepalive 32;');
		expect(rendered).toContain('server 127.0.0.1:9001;\n    keepalive 16;');
		expect(rendered).toMatch(/listen 127\.0\.0\.1:9000;/);
		expect(rendered).toContain('include /x/n8n-routes.conf;');
		expect(rendered).not.toMatch(/5678|5680|server_name/);
		expect(() => deploy.renderNginxSite(site, { listen: '1', upstreams: { n8n_main: ['a:1'] }, routesFile: 'r' })).toThrow(/n8n_webhooks/);
	});

	it('sends every production path to the webhook processes, sticky by path, and the rest to the main', () => {
		const routes = readFileSync(deploy.FILES.nginxRoutes, 'utf8');
		const production = /location ~ \^\/\(([^)]+)\)\/ \{[^}]*proxy_pass http:\/\/n8n_webhooks;/.exec(routes);
		expect(production?.[1].split('|').sort()).toEqual(['form', 'form-waiting', 'mcp', 'webhook', 'webhook-waiting']);
		expect(routes).toMatch(/location \/ \{[^}]*proxy_pass http:\/\/n8n_main;/);
		for (const file of [deploy.FILES.nginxSite, deploy.FILES.nginxDockerSite]) expect(readFileSync(file, 'utf8')).toMatch(/upstream n8n_webhooks \{[^}]*hash \$uri consistent;/);
	});

	it('the host install passes `nginx -t` as shipped, TLS included (a self-signed certificate in place of yours), and is the default server', () => {
		const nginx = tool('nginx', 'nginx');
		const openssl = tool('openssl', 'openssl');
		const prefix = mkdtempSync(join(tmpdir(), 'paysuite-nginx-tls-'));
		try {
			deploy.makeNginxFolders(prefix);
			const [cert, key] = [join(prefix, 'cert.pem'), join(prefix, 'key.pem')];
			const made = run(openssl, ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=n8n.example.com', '-keyout', key, '-out', cert]);
			expect(made.status).toBe(0);
			expect(site).toMatch(/listen 443 ssl default_server;/);
			expect(site).toMatch(/listen 80 default_server;/);
			const text = site
				.replace(/ssl_certificate \S+;/, `ssl_certificate ${cert};`)
				.replace(/ssl_certificate_key \S+;/, `ssl_certificate_key ${key};`)
				.replace(/include \S*n8n-routes\.conf;/, `include ${deploy.FILES.nginxRoutes};`);
			writeFileSync(join(prefix, 'nginx.conf'), deploy.nginxMainConfig({ prefix, site: text }));
			const r = run(nginx, ['-t', '-p', prefix, '-c', join(prefix, 'nginx.conf'), '-e', 'stderr']);
			expect({ status: r.status, output: r.stderr.trim().split('\n').filter((l) => !/syntax is ok|test is successful/.test(l)) }).toEqual({ status: 0, output: [] });
		} finally {
			rmSync(prefix, { recursive: true, force: true });
		}
	});

	it.each([
		['the host install', deploy.FILES.nginxSite],
		['Docker Compose (service names replaced by addresses: nginx resolves them at start)', deploy.FILES.nginxDockerSite],
	])('%s passes `nginx -t`', (_what, file) => {
		const nginx = tool('nginx', 'nginx');
		const prefix = mkdtempSync(join(tmpdir(), 'paysuite-nginx-t-'));
		try {
			deploy.makeNginxFolders(prefix);
			const text = deploy.renderNginxSite(readFileSync(file, 'utf8'), {
				listen: '127.0.0.1:9000',
				upstreams: { n8n_main: ['127.0.0.1:9001'], n8n_webhooks: ['127.0.0.1:9002', '127.0.0.1:9003'] },
				routesFile: deploy.FILES.nginxRoutes,
			});
			writeFileSync(join(prefix, 'nginx.conf'), deploy.nginxMainConfig({ prefix, site: text }));
			const r = run(nginx, ['-t', '-p', prefix, '-c', join(prefix, 'nginx.conf'), '-e', 'stderr']);
			expect({ status: r.status, output: r.stderr.trim().split('\n').filter((l) => !/syntax is ok|test is successful/.test(l)) }).toEqual({ status: 0, output: [] });
		} finally {
			rmSync(prefix, { recursive: true, force: true });
		}
	});
});

describe('deploy/docker and deploy/systemd: validated by the tools that read them', () => {
	it('the Compose file passes `docker compose config` (no engine needed), and each n8n service reads deploy/env', () => {
		const plugin = have('docker') && run('docker', ['compose', 'version']).status === 0;
		const [cmd, args] = plugin ? ['docker', ['compose']] : [tool('docker-compose', 'docker-compose'), []];
		const r = run(cmd, [...args, '-f', deploy.FILES.compose, 'config']);
		expect({ status: r.status, stderr: r.stderr.trim() }).toEqual({ status: 0, stderr: '' });
		const services = r.stdout;
		for (const name of ['n8n-main', 'n8n-worker-1', 'n8n-worker-2', 'n8n-webhook-1', 'n8n-webhook-2', 'nginx', 'postgres', 'redis']) expect(services).toContain(`  ${name}:`);
		// Settings from deploy/env/n8n.env reach every n8n service; the containers' own addresses override it.
		expect(services.match(/EXECUTIONS_MODE: queue/g)).toHaveLength(5);
		expect(services.match(/N8N_DISABLE_PRODUCTION_MAIN_PROCESS: ["']true["']/g)).toHaveLength(1);
		expect(services.match(/QUEUE_BULL_REDIS_HOST: redis/g)).toHaveLength(5);
		expect(services).not.toMatch(/N8N_ENCRYPTION_KEY:/);
		// Docker's 10 s before SIGKILL would cut n8n's graceful stop short.
		const grace = Number(/stop_grace_period: (\d+)s/.exec(readFileSync(deploy.FILES.compose, 'utf8'))?.[1]);
		expect(grace).toBeGreaterThan(Number(deploy.sharedSettings().N8N_GRACEFUL_SHUTDOWN_TIMEOUT));
	});

	const units = deploy.FILES.units.map((file: string) => readFileSync(file, 'utf8'));

	it("give each process its own user folder, link the host's one nodes folder into it, and outlast n8n's graceful stop", () => {
		const shutdown = Number(deploy.sharedSettings().N8N_GRACEFUL_SHUTDOWN_TIMEOUT);
		expect(shutdown).toBeGreaterThanOrEqual(60);
		for (const unit of units) {
			const folder = /^Environment=N8N_USER_FOLDER=(\S+)$/m.exec(unit)?.[1];
			expect(folder).toMatch(/^\/var\/lib\/n8n\/(main|worker-%i|webhook-%i)$/);
			expect(unit).toContain(`StateDirectory=${folder!.replace('/var/lib/', '')}\n`);
			expect(unit).toContain(`ExecStartPre=/bin/ln -sfnT /opt/n8n-nodes/current ${folder}/.n8n/nodes\n`);
			expect(Number(/^TimeoutStopSec=(\d+)$/m.exec(unit)?.[1])).toBeGreaterThan(shutdown);
		}
	});

	it.each([1024, 5680, 5690, 9999, 10000, 56900, 65535])("the templates' task-runner broker port is a valid other port for instance %i", (port) => {
		for (const unit of units.filter((u: string) => u.includes('%i'))) {
			const line = /^ExecStart=\/bin\/sh -c '(.*) exec n8n (worker|webhook)'$/m.exec(unit);
			expect(line).not.toBeNull();
			// As systemd passes it to sh: %i is the instance, $$ a dollar sign.
			const script = `${line![1].replaceAll('%i', String(port)).replaceAll('$$', '$')} exec env`;
			const r = run('/bin/sh', ['-c', script]);
			const broker = Number(/^N8N_RUNNERS_BROKER_PORT=(\d+)$/m.exec(r.stdout)?.[1]);
			expect(broker).toBeGreaterThanOrEqual(1024);
			expect(broker).toBeLessThanOrEqual(65535);
			expect(broker).not.toBe(port);
		}
	});

	it('the systemd units pass `systemd-analyze verify` without a warning', () => {
		const analyze = tool('systemd-analyze', 'systemd');
		const dir = mkdtempSync(join(tmpdir(), 'paysuite-units-'));
		try {
			for (const unit of deploy.FILES.units) cpSync(unit, join(dir, unit.split('/').pop()!));
			const r = run(analyze, ['verify', './n8n-main.service', './n8n-worker@5690.service', './n8n-webhook@5680.service'], dir);
			// Missing files the units name (/etc/n8n/*.env) are read at start, not by verify; any other word is a fault.
			expect({ status: r.status, output: `${r.stdout}${r.stderr}`.trim() }).toEqual({ status: 0, output: '' });
		} finally {
			rmSync(dir, { recursive: true, force: true });
		}
	});
});
