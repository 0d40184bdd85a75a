/**
 * Every list the editor loads from a node (each `listSearch` of a resource locator's "From list", each
 * `loadOptions` of a dropdown), run as n8n's editor backend runs it (n8n-core's LoadOptionsContext, the node's
 * parameters as the panel holds them, its credential resolved) against the sandbox: each answers with the
 * sandbox's records. The table must name every method every node declares, so a new one cannot go untested.
 * (Search, paging and errors of each are tested beside their node: site, paymentMethod, gateway, session,
 * merchant.)
 */
import type { IDataObject, INodeListSearchResult, INodePropertyOptions, INodeType } from 'n8n-workflow';

import { runNode, runNodeMethod, type NodeUnderTest } from '../helpers/engine';
import { sessionCreateParameters } from '../helpers/fixtures';
import { packageNodeTypes } from '../helpers/nodeTypes';
import { control, onboardingApi, paySuiteApi, withSandbox } from '../helpers/sandbox';

const sandbox = withSandbox({}, 'clearLedger');

const byId = (value: unknown) => ({ __rl: true, mode: 'id', value: String(value) });
const signed = (name: string, type: string): NodeUnderTest => ({ name, type, credentialType: 'paySuiteApi' });

interface MethodCase {
	node: NodeUnderTest;
	kind: 'listSearch' | 'loadOptions';
	method: string;
	parameters: () => IDataObject;
	filter?: () => Promise<string> | string;
	/** What the list must show of the sandbox's records. */
	expected: () => Array<{ name?: RegExp; value: string; description?: RegExp }>;
}

/** A payment made through a session, so that the transaction search has one to find. */
async function paidPayment(): Promise<{ reference: string; internalReference: string }> {
	const reference = `METHODS-${Date.now() % 100000}`;
	const created = await runNode(
		signed('Session', 'paySuiteSession'),
		sessionCreateParameters({ userAgent: 'Mozilla/5.0', reference, description: 'Node methods', total: 42.5 }),
		paySuiteApi(sandbox),
	);
	const requestId = String(created.output('Session')[0].json.requestId);
	const paid = await control(sandbox, `/__sandbox/sessions/${requestId}/pay`, { status: 'APPROVED' });
	const internalReference = String(((paid.session as IDataObject).payments as IDataObject[])[0].internalReference);
	return { reference, internalReference };
}

let payment: { reference: string; internalReference: string };

const CASES: MethodCase[] = [
	{
		node: signed('Site', 'paySuiteSite'),
		kind: 'listSearch',
		method: 'searchPaymentFacilitators',
		parameters: () => ({ resource: 'paymentFacilitator', operation: 'getMany' }),
		expected: () => [{ name: /^Sandbox Facilitator 01 · [A-Z]{2} \(ID 1\)$/, value: '1' }],
	},
	{
		node: { name: 'Merchant', type: 'paySuiteMerchant', credentialType: 'paySuiteApi' },
		kind: 'listSearch',
		method: 'searchPaymentFacilitators',
		parameters: () => ({ resource: 'merchant', operation: 'create', specifyBody: 'fields' }),
		expected: () => [{ name: /^Sandbox Facilitator 01/, value: '1' }],
	},
	{
		node: signed('Method', 'paySuitePaymentMethod'),
		kind: 'listSearch',
		method: 'searchMerchantPaymentMethods',
		parameters: () => ({ resource: 'merchantPaymentMethod', operation: 'update', merchantId: byId(sandbox.credentials.customerId) }),
		expected: () => [
			{ name: /Credit card A · CRA \(ID 501\)/, value: '501' },
			{ name: /Debit card B · DBB \(ID 506\)/, value: '506' },
		],
	},
	{
		node: signed('Method', 'paySuitePaymentMethod'),
		kind: 'loadOptions',
		method: 'getPaymentMethodCodes',
		parameters: () => ({ resource: 'merchantPaymentMethod', operation: 'getMany', merchantId: byId(sandbox.credentials.customerId) }),
		expected: () => [{ value: 'CRA' }, { value: 'DBB' }],
	},
	{
		node: signed('Method', 'paySuitePaymentMethod'),
		kind: 'loadOptions',
		method: 'getFranchises',
		parameters: () => ({ resource: 'merchantPaymentMethod', operation: 'getMany', merchantId: byId(sandbox.credentials.customerId) }),
		expected: () => [{ value: 'CARD_A' }],
	},
	{
		node: signed('Gateway', 'paySuiteGateway'),
		kind: 'listSearch',
		method: 'searchTransactions',
		parameters: () => ({ resource: 'transaction', operation: 'get' }),
		filter: () => `${payment.reference} 42.50 USD`,
		expected: () => [{ name: new RegExp(`^${payment.internalReference} · ${payment.reference} · payment · APPROVED`), value: payment.internalReference }],
	},
	{
		node: signed('Session', 'paySuiteSession'),
		kind: 'listSearch',
		method: 'searchTransactions',
		parameters: () => ({ resource: 'transaction', operation: 'refund' }),
		filter: () => `${payment.reference} 42.5 usd`,
		expected: () => [{ value: payment.internalReference }],
	},
	{
		node: signed('Link', 'paySuitePaymentLink'),
		kind: 'loadOptions',
		method: 'getSiteTimeZones',
		parameters: () => ({ resource: 'paymentLink', operation: 'create', expirationDate: '2030-01-15T10:00:00' }),
		// Each zone says what the expiration picked would be sent as, in that zone's wall-clock time.
		expected: () => [{ value: 'America/Bogota', name: /^America\/Bogota$/, description: /^Sends 2030-01-1[45] \d\d:00:00$/ }],
	},
];

/** The Merchant node lists facilitators with its second, signed credential. */
const credentialsOf = (entry: MethodCase) =>
	entry.node.type === 'paySuiteMerchant' ? { ...onboardingApi(sandbox), ...paySuiteApi(sandbox) } : paySuiteApi(sandbox);

describe('every list the editor loads from a node', () => {
	beforeAll(async () => {
		payment = await paidPayment();
	});

	it('the table names every listSearch and loadOptions method of every node', () => {
		const declared = Object.values(packageNodeTypes()).flatMap((type: INodeType) =>
			(['listSearch', 'loadOptions'] as const).flatMap((kind) => Object.keys(type.methods?.[kind] ?? {}).map((method) => `${type.description.name} ${kind} ${method}`)),
		);
		const tabled = CASES.map((entry) => `${entry.node.type} ${entry.kind} ${entry.method}`);
		expect(declared.length).toBeGreaterThan(5);
		expect([...tabled].sort()).toEqual([...declared].sort());
	});

	it.each(CASES.map((entry) => [`${entry.node.type} ${entry.kind} ${entry.method}`, entry] as const))('%s answers with the sandbox records', async (_label, entry) => {
		const call = {
			node: entry.node.type === 'paySuiteMerchant' ? { ...entry.node, credentialType: 'paySuiteApi' } : entry.node,
			parameters: entry.parameters(),
			credentials: credentialsOf(entry),
			filter: entry.filter ? await entry.filter() : undefined,
		};
		const answer =
			entry.kind === 'listSearch'
				? (await runNodeMethod<INodeListSearchResult>('listSearch', entry.method, call)).results
				: await runNodeMethod<INodePropertyOptions[]>('loadOptions', entry.method, call);
		expect(answer.length).toBeGreaterThan(0);
		for (const wanted of entry.expected()) {
			const found = answer.find((option) => String(option.value) === wanted.value);
			expect(found).toBeDefined();
			if (wanted.name) expect(found!.name).toMatch(wanted.name);
			if (wanted.description) expect((found as INodePropertyOptions).description).toMatch(wanted.description);
		}
	});
});

/**
 * What n8n 2.40.7's editor shows of a list's error under "Could not load list": the thrown error's message only
 * (the server answers a NodeOperationError with its message, no description), split at every dash (or, without
 * one, between sentences) and joined with spaces, dropping a part that says "check your credentials". Source:
 * the editor's ResourceLocator.vue, the list's catch block, as the 2.40.7 bundle runs it.
 */
function shownUnderCouldNotLoadList(message: string): string {
	const parts = /[-–—]/.test(message) ? message.split(/\s*[-–—]\s*/) : message.split(/(?<=[.!?])\s+/);
	return parts
		.filter((part) => (part.trim() ? !/check\s+(your\s+)?credentials?/i.test(part) : false))
		.join(' ')
		.trim();
}

describe('a list says what to type, and what it cannot load, as the editor shows it', () => {
	const hintOf = (type: string, operation: string) => {
		const description = packageNodeTypes()[type].description;
		const field = description.properties.find((p) => p.name === 'internalReference' && p.displayOptions?.show?.operation?.includes(operation));
		return String(field?.hint ?? '');
	};

	it.each([
		['Gateway', 'paySuiteGateway', 'get'],
		['Session', 'paySuiteSession', 'refund'],
	])('%s Internal Reference (%s, %s): a reference alone is a search, not an error; the hint says what the list takes', async (name, type, operation) => {
		const found = await runNodeMethod<INodeListSearchResult>('listSearch', 'searchTransactions', {
			node: signed(name, type),
			parameters: { resource: 'transaction', operation },
			credentials: paySuiteApi(sandbox),
			filter: 'ORDER-1001',
		});
		expect(found.results).toEqual([]);
		expect(hintOf(type, operation)).toBe(
			'From List: type a reference (the last 10 days), e.g. ORDER-1001, or a reference, amount and currency for an older one, e.g. ORDER1001 50000 COP. It lists what this operation can take.',
		);
	});

	it('Payment Method From list without a merchant says to choose it first, and why', async () => {
		const thrown = await runNodeMethod<INodeListSearchResult>('listSearch', 'searchMerchantPaymentMethods', {
			node: signed('Method', 'paySuitePaymentMethod'),
			parameters: { resource: 'merchantPaymentMethod', operation: 'update' },
			credentials: paySuiteApi(sandbox),
		}).then(
			() => undefined,
			(error: Error) => error,
		);
		expect(shownUnderCouldNotLoadList(thrown!.message)).toBe('Choose the Merchant ID first: the list shows the payment methods of that merchant.');
	});

	it("the editor's rule is what this test thinks: a dash in a message reads as a space", () => {
		expect(shownUnderCouldNotLoadList('such as ORDER-1001 50000 COP')).toBe('such as ORDER 1001 50000 COP');
		expect(shownUnderCouldNotLoadList('Refused. Check your credentials. Try again.')).toBe('Refused. Try again.');
	});
});
