/**
 * Transaction Triggers saved at version 1 poll as they did: each fixture (test/fixtures/saved/transaction-trigger-
 * v1-*.json) polls the sandbox with its saved parameters at its saved version, through n8n-core's real PollContext,
 * and outputs items of the recorded structure after asking for the recorded reports (`<fixture>.sent.json`, dates
 * aside). Simplify off (`simplify: false`, version 1's name) gives the report's rows as they come.
 */
/* eslint-disable @n8n/community-nodes/no-restricted-imports -- runs in Node, not in n8n: eslint.dev.config.mjs lints it */
import { join } from 'path';
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { outputJson, runNode } from '../helpers/engine';
import { sessionCreateParameters } from '../helpers/fixtures';
import { apiCallsOf, control, paySuiteApi, withoutAuth, withSandbox } from '../helpers/sandbox';
import { recordedOnce, structure } from '../helpers/savedRecords';
import { packageNodesOf, SAVED_FIXTURES, savedWorkflows } from '../helpers/savedWorkflows';
import { poller } from './pollHarness';

const sandbox = withSandbox({ retryAfterSeconds: 0, reportPendingPolls: 1, siteTimeZone: 'America/Bogota' });

/** A buyer pays a checkout session: the payment's internal reference. */
async function pay(reference: string): Promise<number> {
	const created = await runNode({ name: 'Session', type: 'paySuiteSession', credentialType: 'paySuiteApi' }, sessionCreateParameters({ reference, total: 42 }), paySuiteApi(sandbox));
	expect(created.error).toBeUndefined();
	const requestId = outputJson(created, 'Session')[0].requestId;
	const paid = await control(sandbox, `/__sandbox/sessions/${String(requestId)}/pay`, { status: 'APPROVED' });
	return Number(((paid.session as IDataObject).payments as IDataObject[])[0].internalReference);
}

/** A date of the day the test runs, as `<date>`: the record keeps what was asked, not when. */
const withoutDates = (value: unknown): unknown =>
	JSON.parse(JSON.stringify(value), (_key, entry: unknown) => (typeof entry === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(entry) ? '<date>' : entry));

const fixtures = savedWorkflows()
	.filter((workflow) => /transaction-trigger-v\d+-.*\.json$/.test(workflow.file))
	.map((workflow) => [workflow.file, packageNodesOf(workflow)[0]] as const);

describe('Transaction Triggers saved with an older version poll as they did', () => {
	it('Simplify off and on are both held at version 1', () => {
		expect(fixtures.map(([, node]) => [node.typeVersion, node.parameters.simplify ?? true])).toEqual(expect.arrayContaining([[1, false], [1, true]]));
	});

	it.each(fixtures)('%s', async (file, node) => {
		const credentials = { paySuiteApi: { ...paySuiteApi(sandbox).paySuiteApi, timeZone: 'America/Bogota' } };
		const trigger = poller({ type: node.shortType, parameters: node.parameters as INodeParameters, credentials, typeVersion: node.typeVersion });
		sandbox.clearLedger();
		expect(await trigger.poll()).toEqual([]);
		const payment = await pay(`SAVED-TT-${node.typeVersion}-${String(node.parameters.simplify ?? true)}`);
		const items = [...(await trigger.poll()), ...(await trigger.poll())];
		expect(items.map((item) => item.json.internal_reference)).toEqual([payment]);
		const queries = apiCallsOf(sandbox)
			.filter((call) => call.path.startsWith('/gateway/report'))
			.map((call) => ({ method: call.method, path: call.path, body: withoutDates(withoutAuth(call.body)) }));
		const now = { output: items.map((item) => structure(item.json)), queries };
		const path = join(SAVED_FIXTURES, file.replace(/^.*\//, '').replace(/\.json$/, '.sent.json'));
		expect(now).toEqual(recordedOnce(path, 'poll', now));
	});
});
