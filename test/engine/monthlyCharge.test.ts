/**
 * The monthly charge job (examples/monthly-card-charge.json and its offline twin), its PaySuite steps run by n8n's
 * real engine against the sandbox: a card registered once in a subscription session (Session › Create, the buyer
 * finishes, Session › Get with Include Secrets gives the token), then charged by the example's own Gateway ›
 * Process node. A second run in the same month, in another execution and with the customers in another order,
 * charges nothing: the sandbox holds one transaction per customer and month. The core nodes around it (Schedule
 * Trigger, Set, Split Out, IF, Data Table) run in the e2e test of the examples (test/e2e/examples.test.ts).
 */
/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- runs in Node, not in n8n: eslint.dev.config.mjs lints it */
import { readFileSync } from 'fs';
import { join } from 'path';
import type { IDataObject } from 'n8n-workflow';

import { outputJson, runNode, runWorkflow, type RunResult } from '../helpers/engine';
import { apiCallsOf, control, paySuiteApi, withSandbox } from '../helpers/sandbox';

const sandbox = withSandbox();

interface ExampleNode {
	name: string;
	type: string;
	typeVersion: number;
	parameters: IDataObject;
	onError?: string;
}

const example = (file: string) => JSON.parse(readFileSync(join(__dirname, '..', '..', 'examples', file), 'utf8')) as { nodes: ExampleNode[] };
const EXAMPLE = example('monthly-card-charge.json');
const nodeOf = (name: string) => EXAMPLE.nodes.find((node) => node.name === name)!;
const CHARGE = nodeOf('Charge the saved card');
const MONTHS_CHARGE = nodeOf("This month's charge");
const SAMPLE_CARDS = (JSON.parse(String(nodeOf('Sample saved cards').parameters.jsonOutput)) as { cards: IDataObject[] }).cards;

/** This month on the site's clock (the example's Timezone, America/Bogota). */
const MONTH = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Bogota' }).format(new Date()).slice(0, 7);

/** What "This month's charge" makes of a saved card (its assignments, checked below). */
const monthsCharge = (card: IDataObject, month = MONTH): IDataObject => ({
	customer: String(card.customer),
	name: card.name,
	surname: card.surname,
	email: card.email,
	token: card.token,
	subtoken: String(card.subtoken ?? ''),
	amount: card.amount,
	currency: card.currency,
	month,
	reference: `SUB-${String(card.customer)}-${month}`,
});

/** The example's Gateway node, as it is saved (its version, parameters and On Error setting), on these items. */
function charge(items: IDataObject[], executionId: string, parameters = CHARGE.parameters, workflowId = 'monthly-card-charge'): Promise<RunResult> {
	return runWorkflow({
		items,
		nodes: [
			{
				name: CHARGE.name,
				type: 'paySuiteGateway',
				typeVersion: CHARGE.typeVersion,
				credentials: ['paySuiteApi'],
				parameters: parameters as never,
				continueOnFail: CHARGE.onError === 'continueRegularOutput',
			},
		],
		credentials: paySuiteApi(sandbox),
		executionId,
		timezone: 'America/Bogota',
		workflowId,
	});
}

/** The sandbox's transactions of these references. */
async function transactionsOf(references: string[]): Promise<IDataObject[]> {
	const { transactions } = (await control(sandbox, '/__sandbox/gateway/transactions')) as { transactions: IDataObject[] };
	return transactions.filter((txn) => references.includes(String(txn.reference)));
}

describe('the monthly charge example', () => {
	it("charges each card with reference and Idempotency Key SUB-<customer>-<YYYY-MM>, going on when one fails", () => {
		const assigned = Object.fromEntries(
			((MONTHS_CHARGE.parameters.assignments as IDataObject).assignments as IDataObject[]).map((entry) => [entry.name, entry.value]),
		);
		expect(assigned.reference).toBe("=SUB-{{ $json.customer }}-{{ $now.toFormat('yyyy-MM') }}");
		expect(assigned.month).toBe("={{ $now.toFormat('yyyy-MM') }}");
		expect(CHARGE).toMatchObject({
			type: 'n8n-nodes-paysuite.paySuiteGateway',
			onError: 'continueRegularOutput',
			parameters: { operation: 'process', instrumentType: 'token', reference: '={{ $json.reference }}', additionalFields: { idempotencyKey: '={{ $json.reference }}' } },
		});
		expect(SAMPLE_CARDS.map((card) => card.token)).toEqual(['demo-token-approves-0001', 'demo-token-declines-0002']);
	});

	it('runs twice in the same month: one transaction per customer, the second run charges nothing, whatever the order', async () => {
		const items = SAMPLE_CARDS.map((card) => monthsCharge(card));
		const first = await charge(items, 'monthly-run-1');
		expect(first.error).toBeUndefined();
		const [ana, ben] = outputJson(first, CHARGE.name);
		expect(ana).toMatchObject({ reference: `SUB-C-1001-${MONTH}`, status: 'APPROVED', approved: true, amount: 29.9, currency: 'USD', lastDigits: '1111' });
		expect(ben).toMatchObject({ reference: `SUB-C-1002-${MONTH}`, status: 'REJECTED', reason: '05', approved: false, lastDigits: '0002' });

		// Another execution (the schedule's next run, or Try it clicked again), the customers in another order.
		const second = await charge([...items].reverse(), 'monthly-run-2');
		expect(second.error).toBeUndefined();
		const again = outputJson(second, CHARGE.name);
		expect(again.map((txn) => [txn.reference, txn.internalReference, txn.status])).toEqual([
			[ben.reference, ben.internalReference, 'REJECTED'],
			[ana.reference, ana.internalReference, 'APPROVED'],
		]);
		const sent = apiCallsOf(sandbox).filter((entry) => entry.path === '/gateway/process');
		expect(sent.map((entry) => (entry.body as IDataObject).idempotenceKey)).toEqual([ana.reference, ben.reference, ben.reference, ana.reference]);
		expect(await transactionsOf([String(ana.reference), String(ben.reference)])).toHaveLength(2);

		// The next month is a new reference and a new key: charged.
		const next = await charge([monthsCharge(SAMPLE_CARDS[0], '2099-01')], 'monthly-run-3');
		expect(outputJson(next, CHARGE.name)[0]).toMatchObject({ reference: 'SUB-C-1001-2099-01', status: 'APPROVED' });
		expect((await transactionsOf(['SUB-C-1001-2099-01']))).toHaveLength(1);
	});

	it('a second run says so above its output: the platform returned the transaction already made for that key, nothing new charged', async () => {
		const items = SAMPLE_CARDS.map((card) => monthsCharge({ ...card, customer: `${String(card.customer)}-H` }));
		const hints = (result: RunResult) => (result.run.data.resultData.runData[CHARGE.name]?.[0]?.hints ?? []).map((hint) => hint.message);
		const first = await charge(items, 'monthly-hint-1');
		expect(hints(first)).toEqual([]);
		const charged = outputJson(first, CHARGE.name);
		const second = await charge(items, 'monthly-hint-2');
		// Items may be in flight together: their hints come as each ends.
		expect(hints(second).sort()).toEqual(
			charged.map((txn, item) => `Item ${item}: the platform returned transaction ${String(txn.internalReference)}, already returned to this workflow for this idempotency key (an earlier item or run): nothing new was charged. Additional Fields › Mark a Charge Returned Again says it in the item`).sort(),
		);
		// The output stays the transaction, as the first run gave it.
		expect(outputJson(second, CHARGE.name)).toEqual(charged);
	});

	it('Mark a Charge Returned Again puts it in the item: false when charged, true when the same key returns it, in any run of the workflow', async () => {
		const marked = { ...CHARGE.parameters, additionalFields: { ...(CHARGE.parameters.additionalFields as IDataObject), markReturned: true } };
		const run = (items: IDataObject[], executionId: string) => charge(items, executionId, marked);
		const items = SAMPLE_CARDS.map((card) => monthsCharge({ ...card, customer: `${String(card.customer)}-M` }));
		const first = outputJson(await run(items, 'monthly-mark-1'), CHARGE.name);
		expect(first.map((txn) => [txn.reference, txn.status, txn.alreadyProcessed])).toEqual(items.map((item, i) => [item.reference, i === 0 ? 'APPROVED' : 'REJECTED', false]));
		const second = outputJson(await run([...items].reverse(), 'monthly-mark-2'), CHARGE.name);
		expect(second.map((txn) => [txn.internalReference, txn.alreadyProcessed])).toEqual([...first].reverse().map((txn) => [txn.internalReference, true]));
		expect(await transactionsOf(items.map((item) => String(item.reference)))).toHaveLength(2);
	});

	it('Mark a Charge Returned Again in another workflow (a copy, an import): true once the platform dates the charge more than 5 minutes before the request; null (cannot tell) when dated before it within those minutes; false when dated as it was sent', async () => {
		const marked = { ...CHARGE.parameters, additionalFields: { ...(CHARGE.parameters.additionalFields as IDataObject), markReturned: true } };
		const hints = (result: RunResult) => (result.run.data.resultData.runData[CHARGE.name]?.[0]?.hints ?? []).map((hint) => hint.message);
		const items = [monthsCharge({ ...SAMPLE_CARDS[0], customer: 'C-1001-W' })];
		const [made] = outputJson(await charge(items, 'monthly-copy-1', marked, 'monthly-card-charge-w'), CHARGE.name);
		expect(made).toMatchObject({ status: 'APPROVED', alreadyProcessed: false });
		// A copy run at once: the platform's date cannot tell it from a new charge (the stated bound).
		const soon = await charge(items, 'monthly-copy-2', marked, 'monthly-card-charge-w-copy');
		expect(outputJson(soon, CHARGE.name).map((txn) => [txn.internalReference, txn.alreadyProcessed])).toEqual([[made.internalReference, false]]);
		expect(hints(soon)).toEqual([]);
		// Another copy, the charge made a minute before: the earlier one, or this one if the clocks differ: n8n cannot tell.
		await control(sandbox, `/__sandbox/gateway/transactions/${String(made.internalReference)}/earlier`, { minutes: 1 });
		const minuteLater = await charge(items, 'monthly-copy-2b', marked, 'monthly-card-charge-w-copy-2');
		expect(outputJson(minuteLater, CHARGE.name).map((txn) => [txn.internalReference, txn.alreadyProcessed])).toEqual([[made.internalReference, null]]);
		expect(hints(minuteLater)).toEqual([
			expect.stringMatching(
				new RegExp(`^Item 0: the platform returned transaction ${String(made.internalReference)}, dated .+, before this request by n8n's clock: it may have been made earlier for this idempotency key \\(by another workflow or a copy of this one: then nothing new was charged\\), or by this request if the platform's clock is behind \\(by up to 5 minutes\\); n8n cannot tell`),
			),
		]);
		// An import of it, the charge made 6 minutes before.
		await control(sandbox, `/__sandbox/gateway/transactions/${String(made.internalReference)}/earlier`, { minutes: 5 });
		const imported = await charge(items, 'monthly-copy-3', marked, 'monthly-card-charge-w-import');
		expect(outputJson(imported, CHARGE.name).map((txn) => [txn.internalReference, txn.alreadyProcessed])).toEqual([[made.internalReference, true]]);
		expect(hints(imported)).toEqual([
			expect.stringMatching(
				new RegExp(`^Item 0: the platform returned transaction ${String(made.internalReference)}, made before this request \\(dated .+\\) for this idempotency key, by another workflow or a copy of this one: nothing new was charged`),
			),
		]);
		expect(await transactionsOf([String(made.reference)])).toHaveLength(1);
	});

	it('a card registered once in a subscription session (Session › Get, Include Secrets) is charged by the example', async () => {
		const session = { name: 'Session', type: 'paySuiteSession', credentialType: 'paySuiteApi' };
		const created = await runNode(
			session,
			{
				resource: 'session',
				operation: 'create',
				sessionType: 'subscription',
				subscriptionReference: 'SUB-C-2001',
				subscriptionDescription: 'Monthly plan',
				returnUrl: 'https://shop.example.com/return',
				ipAddress: '203.0.113.7',
				userAgent: 'Mozilla/5.0',
				buyer: { name: 'Carla', surname: 'Diaz', email: 'carla@example.com' },
			},
			paySuiteApi(sandbox),
		);
		expect(created.error).toBeUndefined();
		const { requestId } = outputJson(created, 'Session')[0];
		// The customer registers a card on the session's page.
		await control(sandbox, `/__sandbox/sessions/${String(requestId)}/pay`, { card: '5500000000000004' });
		const read = await runNode(session, { resource: 'session', operation: 'get', requestId: { __rl: true, mode: 'id', value: String(requestId) }, includeSecrets: true }, paySuiteApi(sandbox));
		const [registered] = outputJson(read, 'Session');
		expect(registered).toMatchObject({ status: 'APPROVED', subscriptionStatus: 'OK', lastDigits: '0004', token: expect.stringMatching(/^[0-9a-f]{64}$/) });

		const card = { customer: 'C-2001', name: 'Carla', surname: 'Diaz', email: 'carla@example.com', token: registered.token, subtoken: registered.subtoken, amount: 49, currency: 'USD' };
		const charged = outputJson(await charge([monthsCharge(card)], 'monthly-register-1'), CHARGE.name)[0];
		expect(charged).toMatchObject({ reference: `SUB-C-2001-${MONTH}`, status: 'APPROVED', approved: true, amount: 49, lastDigits: '0004' });
		const sent = apiCallsOf(sandbox).find((entry) => entry.path === '/gateway/process')!.body as IDataObject;
		expect(sent).toMatchObject({ instrument: { token: { token: registered.token, subtoken: registered.subtoken } }, payment: { reference: `SUB-C-2001-${MONTH}`, amount: { currency: 'USD', total: 49 } }, payer: { name: 'Carla', email: 'carla@example.com' } });
		// Charged again the same month: the same transaction.
		const again = outputJson(await charge([monthsCharge(card)], 'monthly-register-2'), CHARGE.name)[0];
		expect(again.internalReference).toBe(charged.internalReference);
		expect(await transactionsOf([`SUB-C-2001-${MONTH}`])).toHaveLength(1);
	});

	it("a second run says so: the search before the charge finds this month's transaction, the very one the charge then returns", async () => {
		const SEARCH = nodeOf('Earlier charge this month');
		const search = (items: IDataObject[], executionId: string) =>
			runWorkflow({
				items,
				nodes: [{ name: SEARCH.name, type: 'paySuiteGateway', typeVersion: SEARCH.typeVersion, credentials: ['paySuiteApi'], parameters: SEARCH.parameters as never, continueOnFail: SEARCH.onError === 'continueRegularOutput' }],
				credentials: paySuiteApi(sandbox),
				executionId,
				timezone: 'America/Bogota',
				workflowId: 'monthly-card-charge',
			});
		const items = SAMPLE_CARDS.map((card) => monthsCharge({ ...card, customer: `${String(card.customer)}-S` }));
		// First run: nothing yet this month.
		const before = outputJson(await search(items, 'monthly-search-1'), SEARCH.name);
		expect(before.map((found) => [found.found, found.reference])).toEqual(items.map((item) => [0, item.reference]));
		const charged = outputJson(await charge(items, 'monthly-search-charge-1'), CHARGE.name);
		// Second run: the search finds each charge, with the internal reference the charge answers again.
		const found = outputJson(await search(items, 'monthly-search-2'), SEARCH.name);
		expect(found.map((txn) => [txn.reference, txn.internalReference, txn.status])).toEqual(charged.map((txn) => [txn.reference, txn.internalReference, txn.status]));
		const again = outputJson(await charge(items, 'monthly-search-charge-2'), CHARGE.name);
		expect(again.map((txn) => txn.internalReference)).toEqual(found.map((txn) => txn.internalReference));
		expect(await transactionsOf(items.map((item) => String(item.reference)))).toHaveLength(2);
	});

	it('both examples search before they charge (a Merge waits for the search) and word the outcome the same way', () => {
		for (const file of ['monthly-card-charge.json', 'offline/monthly-card-charge-to-data-table.json']) {
			const workflow = example(file) as { nodes: ExampleNode[]; connections: Record<string, { main: Array<Array<{ node: string; index: number }>> }> };
			const named = (name: string) => workflow.nodes.find((node) => node.name === name)!;
			expect(named('Earlier charge this month')).toMatchObject({
				type: 'n8n-nodes-paysuite.paySuiteGateway',
				onError: 'continueRegularOutput',
				parameters: { operation: 'search', reference: '={{ $json.reference }}', currency: '={{ $json.currency }}', total: '={{ $json.amount }}' },
			});
			const after = (name: string) => workflow.connections[name].main.map((out) => out.map((to) => `${to.node}:${to.index}`));
			expect(after("This month's charge")).toEqual([['Then charge:0', 'Earlier charge this month:0']]);
			expect(after('Earlier charge this month')).toEqual([['Then charge:1']]);
			expect(named('Then charge').parameters).toEqual({ mode: 'chooseBranch' });
			expect(after('Then charge')).toEqual([['Charge the saved card:0']]);
			expect(after('Charge the saved card')).toEqual([['Outcome:0']]);
			expect(after('Outcome')).toEqual([['Charged?:0']]);
			const [outcome] = ((named('Outcome').parameters.assignments as IDataObject).assignments as IDataObject[]).filter((entry) => entry.name === 'outcome');
			expect(outcome.value).toBe(((nodeOf('Outcome').parameters.assignments as IDataObject).assignments as IDataObject[])[0].value);
			expect(outcome.value).toContain("$('Earlier charge this month').all()");
		}
	});

	it('a token the platform refuses is an item with its error (On Error: continue), not approved, and nothing charged', async () => {
		const result = await charge([monthsCharge({ ...SAMPLE_CARDS[0], customer: 'C-9', token: 'no-such-token' })], 'monthly-refused');
		expect(result.error).toBeUndefined();
		const [item] = outputJson(result, CHARGE.name);
		expect(item.error).toEqual(expect.stringContaining('token'));
		expect(item.approved).toBeUndefined();
		expect(await transactionsOf([`SUB-C-9-${MONTH}`])).toHaveLength(0);
	});
});
