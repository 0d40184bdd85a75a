/**
 * The real n8n 2.40.7 the cases share: `n8n start` with the packed package and the PaySuite credentials pointing
 * at the bench's sandbox, logged in as the owner. Started on first use (scripts/n8n/env.js, as the e2e tests do).
 */
/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/require-node-api-error, @typescript-eslint/no-require-imports -- runs in Node, not in n8n: eslint.dev.config.mjs lints it */
import { mkdirSync, writeFileSync } from 'fs';
import { dirname, join } from 'path';

import type { RunningSandbox } from '../../sandbox';
import type { BenchN8n } from './types';

const env = require('../../scripts/n8n/env.js');
const examples = require('../../scripts/n8n/examples.js');

export interface StartedN8n extends BenchN8n {
	version: string;
	/** Process id of `n8n start` (its group leader). */
	pid: number;
	logs(): string;
	stop(): Promise<void>;
}

export const REPO_DIR = join(__dirname, '..', '..');

const CREDENTIAL_IDS = { paySuiteApi: 'benchPaySuiteApi01', paySuiteOnboardingApi: 'benchPaySuiteOnb01' };

/** n8n's own output of the last run, for when a case fails. */
export const N8N_LOG = join(REPO_DIR, 'test-results', 'bench-n8n.log');

/** With `cpuProfileDir`, n8n runs with --cpu-prof and writes its profile there when it stops. */
export async function startN8n(sandbox: RunningSandbox, log: (message: string) => void, options: { cpuProfileDir?: string } = {}): Promise<StartedN8n> {
	mkdirSync(dirname(N8N_LOG), { recursive: true });
	writeFileSync(N8N_LOG, '');
	const logFile = N8N_LOG;
	const paths = await env.ensureN8n();
	const userFolder: string = env.createUserFolder('paysuite-bench-');
	try {
		log(`n8n ${paths.version}: packing and installing the package`);
		await env.packAndInstall(REPO_DIR, userFolder);
		const credentials = examples.sandboxCredentials(sandbox.url, sandbox.credentials) as Array<{ type: keyof typeof CREDENTIAL_IDS; id?: string }>;
		await env.importCredentials(
			userFolder,
			credentials.map((credential) => ({ ...credential, id: CREDENTIAL_IDS[credential.type] })),
		);
		log('n8n: starting');
		const server = await env.startServer(userFolder, {
			env: {
				// The hand-built variants sign in a Code node, as a user would: it needs Node's crypto module.
				NODE_FUNCTION_ALLOW_BUILTIN: 'crypto',
				N8N_LOG_LEVEL: 'warn',
			},
			nodeArgs: options.cpuProfileDir ? ['--cpu-prof', `--cpu-prof-dir=${options.cpuProfileDir}`] : [],
			maxLifetimeMs: 2 * 60 * 60 * 1000,
			logFile,
		});
		try {
			const rest = await env.setupOwnerAndLogin(server.url);
			return {
				url: server.url,
				userFolder,
				rest,
				credentialIds: CREDENTIAL_IDS,
				version: paths.version,
				pid: server.pid,
				logs: server.logs,
				stop: async () => {
					await server.stop();
					env.removeUserFolder(userFolder);
				},
			};
		} catch (error) {
			await server.stop();
			throw error;
		}
	} catch (error) {
		env.removeUserFolder(userFolder);
		throw error;
	}
}
