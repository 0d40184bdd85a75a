/** The settings every process of the queue cluster shares, and docs/scaling.md, which must list each of them. */
/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @typescript-eslint/no-require-imports -- runs in Node, not in n8n: eslint.dev.config.mjs lints it */
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';

const { clusterEnv, MAIN_ENV } = require('./queue') as {
	clusterEnv: (o: { redisPort: number; postgresPort: number; webhookUrl: string; editorUrl: string }) => Record<string, string>;
	MAIN_ENV: Record<string, string>;
};

const { reachableByOthers } = require('./queue') as { reachableByOthers: (dir: string) => boolean };

const settings = clusterEnv({ redisPort: 6380, postgresPort: 5433, webhookUrl: 'http://127.0.0.1:5679', editorUrl: 'http://127.0.0.1:5678' });

describe('clusterEnv', () => {
	it('is queue mode on Redis and PostgreSQL, manual runs on workers, binary data every process reads', () => {
		expect(settings).toMatchObject({
			EXECUTIONS_MODE: 'queue',
			QUEUE_BULL_REDIS_PORT: '6380',
			DB_TYPE: 'postgresdb',
			DB_POSTGRESDB_PORT: '5433',
			OFFLOAD_MANUAL_EXECUTIONS_TO_WORKERS: 'true',
			N8N_DEFAULT_BINARY_DATA_MODE: 'database',
			N8N_EXECUTIONS_QUEUE_KEEP_LAST_COMPLETED: '1000',
			N8N_EXECUTIONS_QUEUE_KEEP_LAST_FAILED: '1000',
			WEBHOOK_URL: 'http://127.0.0.1:5679/',
			N8N_EDITOR_BASE_URL: 'http://127.0.0.1:5678',
			NODE_ENV: 'production',
		});
		// N8N_WEBHOOK_URL would also move the test URLs (/webhook-test/, served by the main alone) to the webhook address.
		expect(settings).not.toHaveProperty('N8N_WEBHOOK_URL');
	});

	it('leaves production webhooks to the webhook processes: the main takes none', () => {
		expect(MAIN_ENV).toEqual({ N8N_DISABLE_PRODUCTION_MAIN_PROCESS: 'true' });
		expect(settings).not.toHaveProperty('N8N_DISABLE_PRODUCTION_MAIN_PROCESS');
	});

	it('names no setting that docs/scaling.md does not explain', () => {
		const doc = readFileSync(join(__dirname, '..', '..', 'docs', 'scaling.md'), 'utf8');
		// The table groups DB_POSTGRESDB_HOST, _PORT... in one row: a setting counts when its name or its suffix is there.
		const missing = [...Object.keys(settings), ...Object.keys(MAIN_ENV)].filter((name) => !doc.includes(`\`${name}\``) && !doc.includes(`\`_${name.split('_').at(-1)}\``));
		expect(missing).toEqual([]);
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
