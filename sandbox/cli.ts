/**
 * `npm run sandbox [-- --port N] [--state FILE] [--quiet] [--max-body-bytes N] [--ledger-entries N]
 * [--history-days N | --empty]`: serves the sandbox on 127.0.0.1 (default port 8765) and prints the demo
 * credentials. The demo site starts with 62 days of past transactions (HISTORY_DAYS), none with --empty. The demo secret key and token stay the same between runs, so an n8n
 * credential made once keeps working.
 */
/* eslint-disable @n8n/community-nodes/no-restricted-globals, no-console -- runs in Node, not in n8n: eslint.dev.config.mjs lints it */
import { startSandbox } from './index';

function argument(name: string): string | undefined {
	const index = process.argv.indexOf(`--${name}`);
	return index > 0 ? process.argv[index + 1] : undefined;
}

/** A whole number of at least 1, or undefined (the default) when the argument is absent. */
function count(name: string): number | undefined {
	const value = argument(name);
	if (value === undefined) return undefined;
	if (!/^\d+$/.test(value) || Number(value) < 1) throw new Error(`--${name} must be a whole number of at least 1, not "${value}"`);
	return Number(value);
}

/** Days of past transactions: enough that "yesterday" and the whole of "last month" always have rows. */
const HISTORY_DAYS = 62;

async function main(): Promise<void> {
	const sandbox = await startSandbox({
		port: Number(argument('port') ?? process.env.SANDBOX_PORT ?? 8765),
		host: argument('host') ?? '127.0.0.1',
		stateFile: argument('state'),
		login: 'demo-site-login',
		secretKey: process.env.SANDBOX_SECRET_KEY ?? 'demo-secret-key-0123456789',
		accessToken: process.env.SANDBOX_ACCESS_TOKEN ?? 'sbx_demo_access_token_0123456789',
		processPendingPolls: Number(argument('pending-polls') ?? 2),
		retryAfterSeconds: Number(argument('retry-after') ?? 1),
		log: !process.argv.includes('--quiet'),
		maxBodyBytes: count('max-body-bytes'),
		ledgerEntries: count('ledger-entries'),
		historyDays: process.argv.includes('--empty') ? 0 : (count('history-days') ?? HISTORY_DAYS),
	});
	const c = sandbox.credentials;
	console.log(`Sandbox listening on ${sandbox.url}`);
	console.log(`  signed APIs: login ${c.login}, secret key ${c.secretKey}`);
	console.log(`  onboarding API: access token ${c.accessToken}, notification secret ${c.notificationSecret}`);
	console.log(`  control API: ${sandbox.url}/__sandbox/credentials (see docs/sandbox/*.md)`);
	console.log(`  past transactions: ${sandbox.world.options.historyDays ?? 0} days (${sandbox.url}/__sandbox/gateway/transactions; --empty for none)`);
	const stop = () => void sandbox.stop().then(() => process.exit(0));
	process.on('SIGINT', stop);
	process.on('SIGTERM', stop);
}

main().catch((error: Error) => {
	console.error(`The sandbox could not start: ${error.message}`);
	process.exit(1);
});
