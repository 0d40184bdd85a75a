'use strict';
/**
 * The deployment files an operator copies (deploy/), read by this repository's own queue cluster so that what is
 * tested is what is shipped: the settings of each process (deploy/env/*.env) and nginx's routes
 * (deploy/nginx/n8n.conf and n8n-routes.conf), with this machine's addresses, ports and secret files in place of
 * the example ones. Also how the tools that read the Compose file, the systemd units and the nginx configuration
 * are asked to validate them (deploy.test.ts runs them). Plain CommonJS, no dependencies; the readers are pure.
 */
const fs = require('fs');
const path = require('path');

const DEPLOY_DIR = path.resolve(__dirname, '..', '..', 'deploy');

/** The roles of n8n's processes and the command each runs. */
const ROLES = { main: 'start', worker: 'worker', webhook: 'webhook' };

/**
 * The settings of an environment file (`KEY=VALUE` lines; `#` comments and blank lines skipped; no quoting, no
 * expansion: systemd, Docker Compose and this reader agree on that subset). Throws on any other line. Pure.
 */
function parseEnvFile(text, name = 'environment file') {
	const settings = {};
	text.split('\n').forEach((raw, index) => {
		const line = raw.trim();
		if (line === '' || line.startsWith('#')) return;
		const match = /^([A-Z][A-Z0-9_]*)=([^\s"'$`\\]*)$/.exec(line);
		if (!match) throw new Error(`${name}:${index + 1}: not a plain KEY=VALUE line: ${line}`);
		if (match[1] in settings) throw new Error(`${name}:${index + 1}: ${match[1]} is set twice`);
		settings[match[1]] = match[2];
	});
	return settings;
}

function readEnvFile(file) {
	return parseEnvFile(fs.readFileSync(file, 'utf8'), path.relative(DEPLOY_DIR, file));
}

/** deploy/env/n8n.env: what every process shares. */
function sharedSettings(dir = DEPLOY_DIR) {
	return readEnvFile(path.join(dir, 'env', 'n8n.env'));
}

/** deploy/env/<role>.env: what one role adds. */
function roleSettings(role, dir = DEPLOY_DIR) {
	if (!(role in ROLES)) throw new Error(`unknown role ${role}`);
	return readEnvFile(path.join(dir, 'env', `${role}.env`));
}

/** The `server` line parameters of an upstream block (`max_fails=1 fail_timeout=5s`), '' when none. */
function serverParameters(block) {
	const line = /^[ \t]*server[ \t]+[^\s;]+([^;\n]*);/m.exec(block);
	return line ? line[1].trim() : '';
}

/**
 * deploy/nginx/n8n.conf with this machine's addresses: each upstream's `server` lines replaced by `upstreams[name]`
 * (addresses `host:port`, keeping the original lines' parameters), and one plain-HTTP server: the one that includes
 * the routes, its `listen` lines replaced by `listen`, `server_name` and TLS (`ssl_*`) lines dropped, the routes'
 * `include` pointing at `routesFile`; any other server (the redirect to https) dropped. Everything else (the hash,
 * keep-alive, the routes) is the file's own. Throws when an upstream is missing on either side. Pure.
 */
function renderNginxSite(text, { listen, upstreams, routesFile }) {
	const seen = new Set();
	let out = text.replace(/upstream\s+(\w+)\s*\{([^}]*)\}/g, (whole, name, body) => {
		if (!upstreams[name]) throw new Error(`nginx: no addresses for upstream ${name}`);
		seen.add(name);
		const parameters = serverParameters(body);
		const kept = body.split('\n').filter((line) => !/^\s*server\s/.test(line));
		const servers = upstreams[name].map((address) => `    server ${address}${parameters ? ` ${parameters}` : ''};`);
		// The servers go right after the opening line's comments and policy, before keepalive.
		const at = kept.findIndex((line) => /^\s*keepalive\s/.test(line));
		kept.splice(at < 0 ? kept.length - 1 : at, 0, ...servers);
		return `upstream ${name} {${kept.join('\n')}}`;
	});
	for (const name of Object.keys(upstreams)) if (!seen.has(name)) throw new Error(`nginx: the site file has no upstream ${name}`);
	// Server blocks hold no braces of their own: the routes are included.
	out = out.replace(/^(?:#[^\n]*\n)*server\s*\{[^}]*\}\n?/gm, (block) => {
		if (!/include\s+\S*n8n-routes\.conf;/.test(block)) return '';
		const lines = block.split('\n').filter((line) => !/^\s*(server_name|ssl_\w+)\s/.test(line));
		const first = lines.findIndex((line) => /^\s*listen\s/.test(line));
		return lines
			.filter((line, i) => i === first || !/^\s*listen\s/.test(line))
			.map((line, i) => (i === first ? line.replace(/listen\s+[^;]+;/, `listen ${listen};`) : line))
			.join('\n');
	});
	return out.replace(/include\s+\S*n8n-routes\.conf;/, `include ${routesFile};`);
}

/**
 * A whole nginx configuration that runs the site in the foreground under `prefix` (its pid, temporary files), its
 * errors to stderr: for the cluster and for `nginx -t`. `user`: the workers' user when started as root.
 */
function nginxMainConfig({ prefix, site, user }) {
	const temp = (name) => path.join(prefix, 'temp', name);
	return [
		'daemon off;',
		'master_process on;',
		'worker_processes 1;',
		...(user ? [`user ${user};`] : []),
		`pid ${path.join(prefix, 'nginx.pid')};`,
		'error_log stderr warn;',
		'events { worker_connections 1024; }',
		'http {',
		'    access_log off;',
		`    client_body_temp_path ${temp('body')};`,
		`    proxy_temp_path ${temp('proxy')};`,
		`    fastcgi_temp_path ${temp('fastcgi')};`,
		`    uwsgi_temp_path ${temp('uwsgi')};`,
		`    scgi_temp_path ${temp('scgi')};`,
		site,
		'}',
		'',
	].join('\n');
}

/** The folders nginxMainConfig() names, created under `prefix`. */
function makeNginxFolders(prefix) {
	for (const name of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) fs.mkdirSync(path.join(prefix, 'temp', name), { recursive: true });
}

/** The deployment files the tools validate, by tool (deploy.test.ts). */
const FILES = {
	compose: path.join(DEPLOY_DIR, 'docker', 'compose.yaml'),
	nginxSite: path.join(DEPLOY_DIR, 'nginx', 'n8n.conf'),
	nginxDockerSite: path.join(DEPLOY_DIR, 'docker', 'nginx.conf'),
	nginxRoutes: path.join(DEPLOY_DIR, 'nginx', 'n8n-routes.conf'),
	units: ['n8n-main.service', 'n8n-worker@.service', 'n8n-webhook@.service'].map((f) => path.join(DEPLOY_DIR, 'systemd', f)),
};

module.exports = { DEPLOY_DIR, ROLES, FILES, parseEnvFile, readEnvFile, sharedSettings, roleSettings, renderNginxSite, nginxMainConfig, makeNginxFolders };
