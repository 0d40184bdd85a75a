/** The settings of each process of the queue cluster: deploy/env/ with this machine's addresses, ports and secret files. */
/* eslint-disable @n8n/community-nodes/no-restricted-imports, @typescript-eslint/no-require-imports -- runs in Node, not in n8n: eslint.dev.config.mjs lints it */
import { chmodSync, mkdirSync, mkdtempSync, rmSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';

const { processEnv, reachableByOthers } = require('./queue') as {
	processEnv: (role: string, o: Record<string, unknown>) => Record<string, string>;
	reachableByOthers: (dir: string) => boolean;
};
const deploy = require('./deploy');

const machine = { redisPort: 6380, postgresPort: 5433, publicUrl: 'http://127.0.0.1:5679', passwordFile: join('/c', 'secrets', 'db-password'), keyFile: join('/c', 'secrets', 'encryption-key') };

describe('processEnv: deploy/env with this machine in place of the examples', () => {
	it("is deploy/env/n8n.env and the role's file, only the lines marked per machine replaced", () => {
		for (const role of ['main', 'worker', 'webhook']) {
			const settings = processEnv(role, { ...machine, ports: { N8N_RUNNERS_BROKER_PORT: 7001, QUEUE_HEALTH_CHECK_PORT: 7002, N8N_PORT: 7003 } });
			const shipped = { ...deploy.sharedSettings(), ...deploy.roleSettings(role) };
			const replaced = Object.keys(shipped).filter((name) => settings[name] !== shipped[name]);
			expect({ role, replaced: replaced.sort() }).toEqual({
				role,
				replaced: [
					'DB_POSTGRESDB_DATABASE',
					'DB_POSTGRESDB_PASSWORD_FILE',
					'DB_POSTGRESDB_PORT',
					'N8N_EDITOR_BASE_URL',
					'N8N_ENCRYPTION_KEY_FILE',
					'N8N_PORT',
					'N8N_RUNNERS_BROKER_PORT',
					'N8N_WEBHOOK_URL',
					'QUEUE_BULL_REDIS_PORT',
					...(role === 'worker' ? ['QUEUE_HEALTH_CHECK_PORT'] : []),
				]
					.filter((name) => name in shipped)
					.sort(),
			});
			expect(settings).toMatchObject({ QUEUE_BULL_REDIS_PORT: '6380', DB_POSTGRESDB_PORT: '5433', N8N_WEBHOOK_URL: 'http://127.0.0.1:5679/', N8N_EDITOR_BASE_URL: 'http://127.0.0.1:5679' });
			expect(settings).not.toHaveProperty('N8N_ENCRYPTION_KEY');
			expect(settings).not.toHaveProperty('DB_POSTGRESDB_PASSWORD');
		}
	});

	it('names the public address as this n8n version reads it: WEBHOOK_URL for 1.123', () => {
		const settings = processEnv('webhook', { ...machine, webhookUrlVariable: 'WEBHOOK_URL' });
		expect(settings).toMatchObject({ WEBHOOK_URL: 'http://127.0.0.1:5679/' });
		expect(settings).not.toHaveProperty('N8N_WEBHOOK_URL');
	});

	it('the main alone takes no production webhook', () => {
		expect(processEnv('main', machine).N8N_DISABLE_PRODUCTION_MAIN_PROCESS).toBe('true');
		expect(processEnv('webhook', machine)).not.toHaveProperty('N8N_DISABLE_PRODUCTION_MAIN_PROCESS');
	});
});

describe('reachableByOthers (where user postgres can keep its data)', () => {
	it('is false under a private folder (mode 700, as a private TMPDIR), true once every folder lets others through', () => {
		const base = mkdtempSync(join(tmpdir(), 'reach-'));
		try {
			const inner = join(base, 'inner');
			mkdirSync(inner, { mode: 0o711 });
			chmodSync(base, 0o700);
			expect(reachableByOthers(inner)).toBe(false);
			chmodSync(base, 0o711);
			expect(reachableByOthers(inner)).toBe(reachableByOthers(tmpdir()));
		} finally {
			rmSync(base, { recursive: true, force: true });
		}
	});
});
