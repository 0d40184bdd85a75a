/**
 * The path control takes from a node to the wire, read from the call stack (not the imports) when n8n asks the
 * credential to sign a request: the package's files on it, outermost first. V8 lists the awaiting callers too, but
 * not across a callback or a `.then`: such a stack does not reach n8n's engine and shows only its last files. Each
 * path keeps to the files it has today, at most four (node file, router, operation, transport); one that reaches the
 * engine today must keep reaching it. One operation of each node signed by the `auth` credential (a bearer token is
 * added by n8n's generic authentication: no call of the package's to catch). Run by n8n's real engine against the
 * sandbox; the figures are printed.
 */
/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, no-console -- runs in Node, not in n8n: eslint.dev.config.mjs lints it */
import { relative, sep } from 'node:path';

import { PaySuiteApi } from '../../credentials/PaySuiteApi.credentials';
import { runNode } from '../helpers/engine';
import { gatewayProcessParameters } from '../helpers/fixtures';
import { paidSessionPayment } from '../helpers/payments';
import { control, paySuiteApi, withSandbox } from '../helpers/sandbox';
import { poller } from './pollHarness';
import { linkWaitParameters, startWaitingRun } from './waitHarness';

const sandbox = withSandbox({ retryAfterSeconds: 0, processPendingPolls: 0, reportPendingPolls: 0 });

/** Where a stack shows it was called from n8n's engine (or the harness that plays it for a poll or a resume). */
const ENGINE = /n8n-core\/src\/execution-engine\/workflow-execute\.ts|test\/engine\/(pollHarness|waitHarness)\.ts/;

/** The package's source files on a stack, outermost first, each once. Pure. */
function packageFilesOn(stack: string): string[] {
	const files: string[] = [];
	for (const line of stack.split('\n').reverse()) {
		const match = /\(?((?:\/|[A-Za-z]:\\)[^():]+\.ts):\d+:\d+\)?$/.exec(line.trim());
		if (!match) continue;
		const file = relative(process.cwd(), match[1]).split(sep).join('/');
		if (!file.startsWith('nodes/') && !file.startsWith('credentials/')) continue;
		if (!files.includes(file)) files.push(file);
	}
	return files;
}

/**
 * The stacks of the signed requests sent while `work` runs, taken where n8n asks the credential to sign each one
 * (the package's call into n8n's `httpRequestWithAuthentication` is then on the stack), by request path.
 */
async function stacksOf(work: () => Promise<unknown>): Promise<Array<{ path: string; files: string[]; reachesEngine: boolean }>> {
	const seen: Array<{ path: string; files: string[]; reachesEngine: boolean }> = [];
	const sign = PaySuiteApi.prototype.authenticate;
	const spy = jest.spyOn(PaySuiteApi.prototype, 'authenticate').mockImplementation(function (this: PaySuiteApi, ...args: Parameters<typeof sign>) {
		const limit = Error.stackTraceLimit;
		Error.stackTraceLimit = Infinity;
		const stack = new Error().stack ?? '';
		Error.stackTraceLimit = limit;
		seen.push({ path: String(args[1].url ?? ''), files: packageFilesOn(stack), reachesEngine: ENGINE.test(stack) });
		return sign.apply(this, args);
	});
	try {
		await work();
	} finally {
		spy.mockRestore();
	}
	return seen;
}

const SESSION = { name: 'Session', type: 'paySuiteSession', credentialType: 'paySuiteApi' };

const OPERATION = ['nodes/shared/operation/execute.ts'];
const TRANSPORT = 'nodes/shared/transport/request.ts';
/** A search: its pages are asked for from a callback in oneRequestOperation.ts (its `list` hook). */
const LIST = ['nodes/shared/operation/execute.ts', 'nodes/shared/operation/oneRequestOperation.ts', TRANSPORT];

interface Followed {
	/** The first request to this path (ending in `/`: below it). */
	endpoint: string;
	/** The package files on its stack today, outermost first. */
	files: string[];
	reachesEngine: boolean;
}

/** The paths a maintainer follows, each with what its stack shows today. */
const PATHS: Array<{ path: string; requests: Followed[]; run: () => Promise<unknown> }> = [
	{
		path: 'Gateway › Process',
		requests: [{ endpoint: '/gateway/process', files: [...OPERATION, TRANSPORT], reachesEngine: true }],
		run: () => runNode({ name: 'Gateway', type: 'paySuiteGateway', credentialType: 'paySuiteApi' }, gatewayProcessParameters({ reference: 'PATH-1' }), paySuiteApi(sandbox)),
	},
	{
		path: 'Session › Refund',
		// A write waits its turn in the item's queue (execute.ts, `oneAtATimeQueue`), awaited so the stack goes on past it.
		requests: [{ endpoint: '/api/reverse', files: [...OPERATION, TRANSPORT], reachesEngine: true }],
		run: async () => {
			const { internalReference } = await paidSessionPayment(sandbox, 'PATH');
			return await runNode(SESSION, { resource: 'transaction', operation: 'refund', internalReference: String(internalReference) }, paySuiteApi(sandbox));
		},
	},
	{
		path: 'Payment Link › Create and Wait',
		// The create is a write (above); the resume reads the link.
		requests: [
			{
				endpoint: '/api/payment-link',
				files: ['nodes/shared/operation/execute.ts', 'nodes/PaySuitePaymentLink/actions/paymentLink/createAndWait.operation.ts', TRANSPORT],
				reachesEngine: true,
			},
			{
				endpoint: '/api/payment-link/',
				files: ['nodes/PaySuitePaymentLink/PaySuitePaymentLink.node.ts', 'nodes/shared/operation/execute.ts', 'nodes/PaySuitePaymentLink/actions/paymentLink/createAndWait.operation.ts', TRANSPORT],
				reachesEngine: true,
			},
		],
		run: async () => {
			const waiting = await startWaitingRun({ node: { type: 'paySuitePaymentLink', parameters: linkWaitParameters() as never }, credentials: paySuiteApi(sandbox) });
			try {
				const [link] = waiting.output('Wait Node');
				await control(sandbox, `/__sandbox/payment-links/${String(link.id)}/pay`, {});
				await waiting.idle();
			} finally {
				await waiting.stop();
			}
		},
	},
	{
		path: 'Site › Payment Facilitator › Get Many',
		requests: [{ endpoint: '/core/tools/payment-facilitator/search', files: LIST, reachesEngine: true }],
		run: () => runNode({ name: 'Site', type: 'paySuiteSite', credentialType: 'paySuiteApi' }, { resource: 'paymentFacilitator', operation: 'getMany', limit: 1 }, paySuiteApi(sandbox)),
	},
	{
		path: 'Payment Method › Merchant Payment Method › Get Many',
		requests: [{ endpoint: '/core/merchant/payment-methods/search', files: LIST, reachesEngine: true }],
		run: () =>
			runNode({ name: 'Method', type: 'paySuitePaymentMethod', credentialType: 'paySuiteApi' }, { resource: 'merchantPaymentMethod', operation: 'getMany', merchantId: sandbox.credentials.customerId }, paySuiteApi(sandbox)),
	},
	{
		path: 'Transaction Trigger, poll',
		requests: [
			{
				endpoint: '/gateway/report',
				files: ['nodes/PaySuiteTransactionTrigger/PaySuiteTransactionTrigger.node.ts', 'nodes/PaySuiteTransactionTrigger/poll.ts', 'nodes/shared/reports/reportRequests.ts', TRANSPORT],
				reachesEngine: true,
			},
		],
		run: () => poller({ type: 'paySuiteTransactionTrigger', parameters: {} as never, credentials: paySuiteApi(sandbox) }).poll(),
	},
];

describe('the package files on the stack when a request leaves', () => {
	it.each(PATHS.map((entry) => [entry.path, entry] as const))('%s: no file more than today; a stack that reached the engine still does', async (path, entry) => {
		const seen = await stacksOf(entry.run);
		for (const followed of entry.requests) {
			const sent = seen.find((request) => (followed.endpoint.endsWith('/') ? request.path.startsWith(followed.endpoint) : request.path === followed.endpoint));
			expect({ path, endpoint: followed.endpoint, sent: Boolean(sent) }).toEqual({ path, endpoint: followed.endpoint, sent: true });
			console.log(`${path} (${followed.endpoint}): ${sent!.files.length} files${sent!.reachesEngine ? '' : ', the stack stops before the engine'}: ${sent!.files.join(' → ')}`);
			expect({ endpoint: followed.endpoint, more: sent!.files.filter((file) => !followed.files.includes(file)) }).toEqual({ endpoint: followed.endpoint, more: [] });
			expect({ endpoint: followed.endpoint, files: Math.min(sent!.files.length, 4) }).toEqual({ endpoint: followed.endpoint, files: sent!.files.length });
			if (followed.reachesEngine) expect({ endpoint: followed.endpoint, reachesEngine: sent!.reachesEngine }).toEqual({ endpoint: followed.endpoint, reachesEngine: true });
		}
	});
});
