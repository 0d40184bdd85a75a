/**
 * The secret sweep: every operation of every action node, run by n8n's real engine against the sandbox on its
 * succeeding path (as the node and as its AI-tool variant, default options) and on its failing paths (the
 * platform refuses the credential, the platform errs with 500 everywhere, the answer is cut short after the work,
 * a required field gets a bad value), each failure with and without Continue On Fail. Then every output item,
 * every error message, description and stored error, and every node description is searched for the secrets of
 * the file: the sandbox's and its sites' secret keys, the wrong keys used, the access token, the notification
 * secret, every tranKey signed, the card numbers and CVVs sent, and the tokens the sandbox issued. 0 hits.
 *
 * Card numbers, CVVs and tokens reach the nodes through expressions over the input items (`$json.card`), as in
 * a workflow: the start node is input, not output, and is not scanned.
 */
import { randomBytes } from 'crypto';
import type { IDataObject, INodeProperties, IRun } from 'n8n-workflow';

import { expectedTranKey } from '../../sandbox/auth';
import type { LedgerEntry } from '../../sandbox';

import { requestDefaults } from '../../nodes/shared/transport/retry';
import { outputJson, runNode, type RunResult, type TestCredentials } from '../helpers/engine';
import { merchantCreateParameters, sessionCreateParameters } from '../helpers/fixtures';
import { packageNodeTypes } from '../helpers/nodeTypes';
import { processedData } from '../helpers/processedData';
import { control, onboardingApi, paySuiteApi, withSandbox } from '../helpers/sandbox';
import { SecretScan } from '../reliability/evidence';

jest.setTimeout(120_000);

// One sandbox for the file, never reset: the runs' setups build on each other and the tokens stay readable.
const sandbox = withSandbox({ processPendingPolls: 1, retryAfterSeconds: 0, reportPendingPolls: 1 }, () => undefined);

interface NodeKind {
	name: string;
	type: string;
	credentialType: 'paySuiteApi' | 'paySuiteOnboardingApi';
}
const node = (name: string, type: string, credentialType: NodeKind['credentialType'] = 'paySuiteApi'): NodeKind => ({ name, type, credentialType });
const SITE = node('Site', 'paySuiteSite');
const METHOD = node('Payment Method', 'paySuitePaymentMethod');
const GATEWAY = node('Gateway', 'paySuiteGateway');
const SESSION = node('Session', 'paySuiteSession');
const LINK = node('Payment Link', 'paySuitePaymentLink');
const MERCHANT = node('Merchant', 'paySuiteMerchant', 'paySuiteOnboardingApi');
const NOTIFICATION = node('Notification', 'paySuiteNotification', 'paySuiteOnboardingApi');

const CARDS = { approved: '4111111111111111', interest: '5500000000000004', balance: '6011000000000004' };
const CVV = '987';
const WRONG_SECRET_KEY = randomBytes(24).toString('base64url');
const WRONG_ACCESS_TOKEN = `sbx_${randomBytes(24).toString('base64url')}`;

const goodCredentials = (): TestCredentials => ({ ...paySuiteApi(sandbox), ...onboardingApi(sandbox) });
const wrongCredentials = (kind: NodeKind): TestCredentials =>
	kind.credentialType === 'paySuiteApi'
		? { ...paySuiteApi(sandbox, { secretKey: WRONG_SECRET_KEY }), ...onboardingApi(sandbox) }
		: { ...paySuiteApi(sandbox), ...onboardingApi(sandbox, { accessToken: WRONG_ACCESS_TOKEN }) };

// ---------------------------------------------------------------------------------------------------------
// Every run of the file, and every request the sandbox received
// ---------------------------------------------------------------------------------------------------------
const runs: Array<{ label: string; run: IRun }> = [];
const ledger: LedgerEntry[] = [];
const tally = new Map<string, { succeeded: number; failed: number }>();

/** The requests of the run just made (the ledger is kept for the tranKeys, then cleared). */
function takeCalls(): LedgerEntry[] {
	const entries = sandbox.ledger();
	ledger.push(...entries);
	sandbox.clearLedger();
	return entries.filter((entry) => !entry.path.startsWith('/__sandbox'));
}

/** The errors a run ended with: the error it stopped on, or its error items (Continue On Fail). */
function failuresOf(result: RunResult, nodeName: string): string[] {
	if (result.error) return [result.error.message];
	return outputJson(result, nodeName)
		.filter((item) => item.error !== undefined)
		.map((item) => String(item.error));
}

interface Prepared {
	parameters: IDataObject;
	items?: IDataObject[];
}

interface RunSpec extends Prepared {
	label: string;
	asTool?: boolean;
	credentials?: TestCredentials;
	continueOnFail?: boolean;
}

async function exec(kind: NodeKind, spec: RunSpec): Promise<{ result: RunResult; calls: LedgerEntry[]; failures: string[] }> {
	takeCalls();
	// Every run here sends on purpose what an earlier one sent: the repeat guard's memory starts empty.
	processedData.clear();
	const result = await runNode({ ...kind, type: spec.asTool ? `${kind.type}Tool` : kind.type }, spec.parameters, spec.credentials ?? goodCredentials(), {
		items: spec.items,
		continueOnFail: spec.continueOnFail,
	});
	runs.push({ label: spec.label, run: result.run });
	return { result, calls: takeCalls(), failures: failuresOf(result, kind.name) };
}

/** A setup run (good credentials, no fault) that must succeed; its output is scanned too. */
async function setup(kind: NodeKind, parameters: IDataObject, items?: IDataObject[]): Promise<IDataObject[]> {
	const { result, failures } = await exec(kind, { label: `setup ${kind.name} ${parameters.resource} > ${parameters.operation}`, parameters, items });
	expect(failures).toEqual([]);
	return outputJson(result, kind.name);
}

// ---------------------------------------------------------------------------------------------------------
// What the succeeding runs need
// ---------------------------------------------------------------------------------------------------------
let counter = 0;
const unique = (prefix: string) => `${prefix}-${++counter}-${Date.now() % 100000}`;
const byId = (value: unknown) => ({ __rl: true, mode: 'id', value: String(value) });

const sessionParameters = (overrides: IDataObject = {}): IDataObject =>
	sessionCreateParameters({ reference: unique('SWEEP'), description: 'Shoes', ...overrides });

/** A paid session's approved payment (a preauthorization for a check-in session): its internal reference. */
async function paidPayment(sessionType: 'payment' | 'checkin' = 'payment'): Promise<number> {
	const [created] = await setup(SESSION, sessionParameters({ sessionType }));
	const paid = await control(sandbox, `/__sandbox/sessions/${created.requestId}/pay`, {});
	return Number(((paid.session as IDataObject).payments as IDataObject[])[0].internalReference);
}

const processParameters = (): IDataObject => ({
	resource: 'transaction',
	operation: 'process',
	cardNumber: '={{ $json.card }}',
	expiration: '12/30',
	cvv: '={{ $json.cvv }}',
	reference: unique('SWEEP-PAY'),
	description: 'Shoes',
	currency: 'USD',
	total: 42.1,
	payer: { name: 'Ana', surname: 'Gomez', email: 'ana@example.com', document: '1020304050', documentType: 'CC' },
});
const cardItems = (card: string) => [{ card, cvv: CVV }];


const nextYear = new Date().getUTCFullYear() + 1;
const linkParameters = (): IDataObject => ({
	resource: 'paymentLink',
	operation: 'create',
	name: 'Spring sale',
	reference: unique('SWEEP-LINK'),
	description: 'Concert ticket',
	currency: 'COP',
	total: 150000,
	expirationDate: `${nextYear}-03-01T10:15:00`,
	paymentExpiration: 30,
});

const methodParameters = (): IDataObject => ({
	resource: 'merchantPaymentMethod',
	operation: 'create',
	merchantId: sandbox.credentials.customerId,
	code: 'CRA',
	commissionModel: 'F',
	commissionValue: 0.35,
	accountType: 2,
	accountNumber: '00123456789012345678',
});

/** What several operations read, made once (in the first test that needs it). */
interface Fixtures {
	processed: { internalReference: number; reference: string; total: number };
	payment: number;
	subscriptionRequestId: number;
	linkId: number;
	reportId: number;
	validationRequestId: string;
	token: { token: string; subtoken: string };
	merchantId: number;
	processId: string;
}
let fixtures: Fixtures | undefined;

async function fixturesOnce(): Promise<Fixtures> {
	if (fixtures) return fixtures;
	const process = processParameters();
	const [processed] = await setup(GATEWAY, process, cardItems(CARDS.approved));
	const [subscription] = await setup(
		SESSION,
		sessionParameters({ sessionType: 'subscription', subscriptionReference: unique('SUB'), subscriptionDescription: 'Monthly plan' }),
	);
	await control(sandbox, `/__sandbox/sessions/${subscription.requestId}/pay`, {});
	const [link] = await setup(LINK, linkParameters());
	const start = new Date(Date.now() - 3600_000).toISOString();
	const end = new Date(Date.now() + 3600_000).toISOString();
	const [report] = await setup(GATEWAY, { resource: 'report', operation: 'request', startDate: start, endDate: end });
	const [validation] = await setup(GATEWAY, {
		resource: 'accountValidation',
		operation: 'createSession',
		email: 'ana@example.com',
		returnUrl: 'https://shop.example.com/accounts/done',
	});
	const validationRequestId = String((validation.data as IDataObject).requestId);
	const completed = await control(sandbox, `/__sandbox/gateway/account-validations/${validationRequestId}/complete`, { balance: 250 });
	const token = (completed.data as IDataObject).token as { token: string; subtoken: string };
	const [merchant] = await setup(MERCHANT, merchantCreateParameters());
	const [accepted] = await setup(MERCHANT, merchantCreateParameters({ brand: 'Acme Two', waitForCompletion: false }));
	fixtures = {
		processed: { internalReference: Number(processed.internalReference), reference: String(process.reference), total: 42.1 },
		payment: await paidPayment(),
		subscriptionRequestId: Number(subscription.requestId),
		linkId: Number(link.id),
		reportId: Number(report.id),
		validationRequestId,
		token: { token: token.token, subtoken: token.subtoken },
		merchantId: Number(merchant.merchantId),
		processId: String(accepted.processId),
	};
	return fixtures;
}

// ---------------------------------------------------------------------------------------------------------
// The table: one entry per operation of every action node
// ---------------------------------------------------------------------------------------------------------
interface Entry {
	node: NodeKind;
	resource: string;
	operation: string;
	/** The parameters (and input items) of a succeeding run; called before each run, for what a run uses up. */
	prepare: (f: Fixtures) => Promise<Prepared> | Prepared;
	/** A required field given a bad value by an expression: refused before anything is sent. */
	refused?: IDataObject;
	/** An operation an AI agent cannot use (it waits for a payment): its tool variant refuses it, sending nothing. */
	notForTools?: true;
}

const ENTRIES: Entry[] = [
	// Site
	{ node: SITE, resource: 'site', operation: 'create', prepare: () => ({ parameters: { resource: 'site', operation: 'create', merchantId: sandbox.credentials.customerId, name: unique('Shop') } }), refused: { merchantId: '={{ 0 }}' } },
	{ node: SITE, resource: 'site', operation: 'updateAll', prepare: () => ({ parameters: { resource: 'site', operation: 'updateAll', siteId: byId(sandbox.credentials.siteId), updateFields: { name: 'Demo store' } } }), refused: { siteId: '={{ "abc" }}' } },
	{ node: SITE, resource: 'site', operation: 'updateBranding', prepare: () => ({ parameters: { resource: 'site', operation: 'updateBranding', siteId: byId(sandbox.credentials.siteId), branding: { sidebarColor: '#abcdef' } } }), refused: { siteId: '={{ 0 }}' } },
	{ node: SITE, resource: 'paymentFacilitator', operation: 'getMany', prepare: () => ({ parameters: { resource: 'paymentFacilitator', operation: 'getMany', limit: 3 } }) },
	// Payment Method
	{ node: METHOD, resource: 'merchantPaymentMethod', operation: 'create', prepare: () => ({ parameters: methodParameters() }), refused: { merchantId: '={{ 0 }}' } },
	{
		node: METHOD,
		resource: 'merchantPaymentMethod',
		operation: 'delete',
		prepare: async () => {
			const [created] = await setup(METHOD, methodParameters());
			return { parameters: { resource: 'merchantPaymentMethod', operation: 'delete', paymentMethodId: created.id } };
		},
		refused: { paymentMethodId: '={{ "abc" }}' },
	},
	{ node: METHOD, resource: 'merchantPaymentMethod', operation: 'getMany', prepare: () => ({ parameters: { resource: 'merchantPaymentMethod', operation: 'getMany', merchantId: sandbox.credentials.customerId, limit: 3 } }), refused: { merchantId: '={{ 0 }}' } },
	{ node: METHOD, resource: 'merchantPaymentMethod', operation: 'update', prepare: () => ({ parameters: { resource: 'merchantPaymentMethod', operation: 'update', paymentMethodId: 501, updateFields: { commissionValue: 1 } } }), refused: { paymentMethodId: '={{ "abc" }}' } },
	{
		node: METHOD,
		resource: 'sitePaymentMethod',
		operation: 'addToSite',
		prepare: async () => {
			const [created] = await setup(METHOD, methodParameters());
			return { parameters: { resource: 'sitePaymentMethod', operation: 'addToSite', siteId: byId(sandbox.credentials.siteId), paymentMethodId: created.id } };
		},
		refused: { siteId: '={{ 0 }}' },
	},
	// Gateway
	{ node: GATEWAY, resource: 'transaction', operation: 'process', prepare: () => ({ parameters: processParameters(), items: cardItems(CARDS.approved) }), refused: { reference: '={{ "" }}' } },
	{ node: GATEWAY, resource: 'transaction', operation: 'get', prepare: (f) => ({ parameters: { resource: 'transaction', operation: 'get', internalReference: byId(f.processed.internalReference) } }), refused: { internalReference: byId('={{ "abc" }}') } },
	{
		node: GATEWAY,
		resource: 'transaction',
		operation: 'search',
		prepare: (f) => ({ parameters: { resource: 'transaction', operation: 'search', reference: f.processed.reference, currency: 'USD', total: f.processed.total } }),
		refused: { reference: '={{ "" }}' },
	},
	{
		node: GATEWAY,
		resource: 'transaction',
		operation: 'findByReference',
		prepare: (f) => ({ parameters: { resource: 'transaction', operation: 'findByReference', reference: f.processed.reference, searchPeriod: 'last7Days', options: { pollInterval: 0 } } }),
		refused: { reference: '={{ "" }}' },
	},
	{ node: GATEWAY, resource: 'card', operation: 'getInformation', prepare: () => ({ parameters: { resource: 'card', operation: 'getInformation', cardNumber: '={{ $json.card }}', expiration: '11/29' }, items: cardItems(CARDS.interest) }), refused: { cardNumber: '={{ "" }}' } },
	{
		node: GATEWAY,
		resource: 'card',
		operation: 'calculateInterests',
		prepare: () => ({
			parameters: { resource: 'card', operation: 'calculateInterests', cardNumber: '={{ $json.card }}', expiration: '11/29', creditCode: '1', installment: 6, reference: unique('INT'), currency: 'USD', total: 1000 },
			items: cardItems(CARDS.interest),
		}),
		refused: { creditCode: '={{ "" }}' },
	},
	{ node: GATEWAY, resource: 'card', operation: 'getBalance', prepare: () => ({ parameters: { resource: 'card', operation: 'getBalance', cardNumber: '={{ $json.card }}', expiration: '10/29' }, items: cardItems(CARDS.balance) }), refused: { cardNumber: '={{ "" }}' } },
	{ node: GATEWAY, resource: 'report', operation: 'request', prepare: () => ({ parameters: { resource: 'report', operation: 'request', startDate: '2025-01-01T00:00:00Z', endDate: '2025-01-10T00:00:00Z' } }), refused: { startDate: '={{ "" }}' } },
	{ node: GATEWAY, resource: 'report', operation: 'obtain', prepare: (f) => ({ parameters: { resource: 'report', operation: 'obtain', reportId: byId(f.reportId) } }), refused: { reportId: byId('={{ "abc" }}') } },
	{
		node: GATEWAY,
		resource: 'report',
		operation: 'requestAndWait',
		prepare: () => ({
			parameters: { resource: 'report', operation: 'requestAndWait', startDate: new Date(Date.now() - 3600_000).toISOString(), endDate: new Date(Date.now() + 3600_000).toISOString(), pollInterval: 0 },
		}),
		refused: { startDate: '={{ "" }}' },
	},
	{ node: GATEWAY, resource: 'accountValidation', operation: 'createSession', prepare: () => ({ parameters: { resource: 'accountValidation', operation: 'createSession', email: 'ana@example.com', returnUrl: 'https://shop.example.com/accounts/done' } }), refused: { email: '={{ "ana" }}' } },
	{ node: GATEWAY, resource: 'accountValidation', operation: 'getSession', prepare: (f) => ({ parameters: { resource: 'accountValidation', operation: 'getSession', requestId: byId(f.validationRequestId) } }), refused: { requestId: byId('={{ "session-1" }}') } },
	{
		node: GATEWAY,
		resource: 'accountValidation',
		operation: 'validateToken',
		prepare: (f) => ({
			parameters: { resource: 'accountValidation', operation: 'validateToken', token: '={{ $json.token }}', subtoken: '={{ $json.subtoken }}', options: { currency: 'USD', total: 200 } },
			items: [f.token],
		}),
		refused: { token: '={{ "" }}' },
	},
	// Session
	{ node: SESSION, resource: 'session', operation: 'create', prepare: () => ({ parameters: sessionParameters() }), refused: { returnUrl: '={{ "shop/return" }}' } },
	{
		node: SESSION,
		resource: 'session',
		operation: 'createAndWait',
		// Nobody pays: the limit comes at once and the session is read once more.
		prepare: () => ({ parameters: { ...sessionParameters(), operation: 'createAndWait', options: { limitWaitMinutes: 0.01, checkEverySeconds: 1 } } }),
		refused: { returnUrl: '={{ "shop/return" }}' },
		notForTools: true,
	},
	{ node: SESSION, resource: 'session', operation: 'get', prepare: (f) => ({ parameters: { resource: 'session', operation: 'get', requestId: byId(f.subscriptionRequestId) } }), refused: { requestId: byId('={{ "abc" }}') } },
	{
		node: SESSION,
		resource: 'session',
		operation: 'cancel',
		prepare: async () => {
			const [created] = await setup(SESSION, sessionParameters());
			return { parameters: { resource: 'session', operation: 'cancel', requestId: byId(created.requestId) } };
		},
		refused: { requestId: byId('={{ "abc" }}') },
	},
	{
		node: SESSION,
		resource: 'transaction',
		operation: 'refund',
		// The sweep refunds the same payment on purpose (node, then tool): Allow Repeat.
		prepare: (f) => ({ parameters: { resource: 'transaction', operation: 'refund', internalReference: byId(f.payment), refundType: 'partial', currency: 'USD', total: 1, options: { allowRepeat: true } } }),
		refused: { internalReference: byId('={{ 0 }}') },
	},
	{
		node: SESSION,
		resource: 'transaction',
		operation: 'checkout',
		prepare: async () => ({ parameters: { resource: 'transaction', operation: 'checkout', internalReference: byId(await paidPayment('checkin')), sendAmount: true, currency: 'USD', total: 80 } }),
		refused: { internalReference: byId('={{ 0 }}') },
	},
	{
		node: SESSION,
		resource: 'transaction',
		operation: 'reauthorize',
		prepare: async () => ({ parameters: { resource: 'transaction', operation: 'reauthorize', internalReference: byId(await paidPayment('checkin')), sendAmount: true, currency: 'USD', total: 150 } }),
		refused: { internalReference: byId('={{ 0 }}') },
	},
	{
		node: SESSION,
		resource: 'transaction',
		operation: 'reverse',
		prepare: async () => ({ parameters: { resource: 'transaction', operation: 'reverse', internalReference: byId(await paidPayment()) } }),
		refused: { internalReference: byId('={{ 0 }}') },
	},
	{
		node: SESSION,
		resource: 'ticket',
		operation: 'create',
		prepare: (f) => ({ parameters: { resource: 'ticket', operation: 'create', internalReference: byId(f.payment), tickets: { ticket: [{ ticket: unique('T'), issuedAt: '2030-01-15' }] } } }),
		refused: { internalReference: byId('={{ 0 }}') },
	},
	{ node: SESSION, resource: 'ticket', operation: 'getMany', prepare: (f) => ({ parameters: { resource: 'ticket', operation: 'getMany', internalReference: byId(f.payment), returnAll: true } }), refused: { internalReference: byId('={{ 0 }}') } },
	// Payment Link
	{ node: LINK, resource: 'paymentLink', operation: 'create', prepare: () => ({ parameters: linkParameters() }), refused: { reference: '={{ "" }}' } },
	// Succeeding: the link is made and the execution waits (nothing pays it here).
	{ node: LINK, resource: 'paymentLink', operation: 'createAndWait', prepare: () => ({ parameters: { ...linkParameters(), operation: 'createAndWait' } }), refused: { reference: '={{ "" }}' }, notForTools: true },
	{ node: LINK, resource: 'paymentLink', operation: 'get', prepare: (f) => ({ parameters: { resource: 'paymentLink', operation: 'get', linkId: byId(f.linkId) } }), refused: { linkId: byId('={{ "abc" }}') } },
	{
		node: LINK,
		resource: 'paymentLink',
		operation: 'disable',
		prepare: async () => {
			const [created] = await setup(LINK, linkParameters());
			return { parameters: { resource: 'paymentLink', operation: 'disable', linkId: byId(created.id) } };
		},
		refused: { linkId: byId('={{ "abc" }}') },
	},
	// Merchant
	{ node: MERCHANT, resource: 'merchant', operation: 'create', prepare: () => ({ parameters: merchantCreateParameters() }), refused: { name: '={{ "" }}' } },
	{ node: MERCHANT, resource: 'merchant', operation: 'get', prepare: (f) => ({ parameters: { resource: 'merchant', operation: 'get', merchantId: byId(f.merchantId) } }), refused: { merchantId: byId('={{ "12a" }}') } },
	{
		node: MERCHANT,
		resource: 'merchant',
		operation: 'update',
		prepare: (f) => ({ parameters: { resource: 'merchant', operation: 'update', specifyBody: 'fields', merchantId: byId(f.merchantId), updateFields: { brand: unique('Brand') }, waitForCompletion: false } }),
		refused: { merchantId: byId('={{ "12a" }}') },
	},
	{ node: MERCHANT, resource: 'process', operation: 'get', prepare: (f) => ({ parameters: { resource: 'process', operation: 'get', processId: byId(f.processId) } }), refused: { processId: byId('={{ "../merchants/1" }}') } },
	{
		node: MERCHANT,
		resource: 'process',
		operation: 'waitForCompletion',
		prepare: (f) => ({ parameters: { resource: 'process', operation: 'waitForCompletion', processId: byId(f.processId), timeoutSeconds: 30 } }),
		refused: { processId: byId('={{ "" }}') },
	},
	{ node: MERCHANT, resource: 'account', operation: 'getCurrentUser', prepare: () => ({ parameters: { resource: 'account', operation: 'getCurrentUser' } }) },
	// Notification
	{
		node: NOTIFICATION,
		resource: 'message',
		operation: 'send',
		prepare: () => ({ parameters: { resource: 'message', operation: 'send', message: 'Your store is ready', channels: { email: { email: 'owner@acme.example.com', subject: 'Welcome' } } } }),
		refused: { message: '={{ "" }}' },
	},
];

const keyOf = (entry: Pick<Entry, 'node' | 'resource' | 'operation'>) => `${entry.node.type} ${entry.resource} > ${entry.operation}`;

/** Every resource > operation pair the action nodes declare (the trigger nodes have none). */
function declaredOperations(): string[] {
	const pairs: string[] = [];
	for (const [type, nodeType] of Object.entries(packageNodeTypes())) {
		for (const property of nodeType.description.properties.filter((entry: INodeProperties) => entry.name === 'operation')) {
			const resources = (property.displayOptions?.show?.resource ?? []) as string[];
			for (const resource of resources) for (const option of (property.options ?? []) as Array<{ value: string }>) pairs.push(`${type} ${resource} > ${option.value}`);
		}
	}
	// A resource whose default changed with the node version has one selector per version, with the same options.
	return [...new Set(pairs)].sort();
}

// ---------------------------------------------------------------------------------------------------------
const savedDefaults = { ...requestDefaults };
beforeAll(() => {
	// A 500 is retried by reads: no real waits between the tries.
	requestDefaults.retryDelayMs = 1;
});
afterAll(() => {
	Object.assign(requestDefaults, savedDefaults);
});

describe('the table', () => {
	it('has one entry per operation of every action node: a new operation needs its sweep entry', () => {
		expect(ENTRIES.map(keyOf).sort()).toEqual(declaredOperations());
		expect(new Set(ENTRIES.map((entry) => entry.node.type)).size).toBe(7);
	});
});

describe.each(ENTRIES.map((entry) => [keyOf(entry), entry] as const))('%s', (key, entry) => {
	const count = (failed: boolean) => {
		const counts = tally.get(key) ?? { succeeded: 0, failed: 0 };
		counts[failed ? 'failed' : 'succeeded']++;
		tally.set(key, counts);
	};
	const prepare = async () => entry.prepare(await fixturesOnce());

	it('succeeds as the node and as its AI tool, with the default options', async () => {
		for (const asTool of [false, true]) {
			const { failures, calls } = await exec(entry.node, { ...(await prepare()), label: `${key} succeeding${asTool ? ' (tool)' : ''}`, asTool });
			if (asTool && entry.notForTools) {
				expect(failures).toEqual([expect.stringMatching(/cannot be used by an AI agent/)]);
				expect(calls).toEqual([]);
				count(true);
				continue;
			}
			expect(failures).toEqual([]);
			count(false);
		}
	});

	it.each([false, true])('fails when the platform refuses the credential (401), Continue On Fail %s', async (continueOnFail) => {
		const prepared = await prepare();
		const { result, failures } = await exec(entry.node, { ...prepared, label: `${key} wrong credential`, credentials: wrongCredentials(entry.node), continueOnFail });
		expect(failures).toHaveLength(1);
		if (!continueOnFail) expect(result.error?.httpCode).toBe('401');
		count(true);
	});

	it.each([false, true])('fails when the platform answers 500 on every path, Continue On Fail %s', async (continueOnFail) => {
		const prepared = await prepare();
		sandbox.setFaults([{ kind: 'status', status: 500 }]);
		try {
			const { failures } = await exec(entry.node, { ...prepared, label: `${key} platform 500`, continueOnFail });
			expect(failures).toHaveLength(1);
		} finally {
			sandbox.clearFaults();
		}
		count(true);
	});

	it.each([false, true])('fails when the answer is cut short after the work, Continue On Fail %s', async (continueOnFail) => {
		const prepared = await prepare();
		sandbox.setFaults([{ kind: 'truncate' }]);
		try {
			const { failures } = await exec(entry.node, { ...prepared, label: `${key} answer cut short`, continueOnFail });
			expect(failures).toHaveLength(1);
		} finally {
			sandbox.clearFaults();
		}
		count(true);
	});

	if (entry.refused) {
		const refused = entry.refused;
		it.each([false, true])('refuses a bad required field before sending anything, Continue On Fail %s', async (continueOnFail) => {
			const prepared = await prepare();
			const { failures, calls } = await exec(entry.node, { ...prepared, parameters: { ...prepared.parameters, ...refused }, label: `${key} refused input`, continueOnFail });
			expect(failures).toHaveLength(1);
			expect(calls).toEqual([]);
			count(true);
		});
	}
});

// ---------------------------------------------------------------------------------------------------------
// The scan
// ---------------------------------------------------------------------------------------------------------

/** Strings the sandbox keeps under these names are secrets: tokens it issued, site keys, provider passwords. */
const SECRET_NAMES = new Set(['token', 'subtoken', 'tranKey', 'secretKey', 'password', '3DSApiKey']);

/** Every secret value the sandbox's state holds, at any depth (keyword/value pairs included). */
function secretsInState(value: unknown, into: Array<[string, string]> = []): Array<[string, string]> {
	if (Array.isArray(value)) for (const entry of value) secretsInState(entry, into);
	else if (value && typeof value === 'object') {
		const record = value as Record<string, unknown>;
		if (typeof record.keyword === 'string' && SECRET_NAMES.has(record.keyword) && typeof record.value === 'string') into.push([record.keyword, record.value]);
		for (const [name, child] of Object.entries(record)) {
			if (typeof child === 'string' && SECRET_NAMES.has(name)) into.push([name, child]);
			else secretsInState(child, into);
		}
	}
	return into;
}

const scan = new SecretScan();
const stateSecrets: Array<[string, string]> = [];
const signingKeys = () => [sandbox.credentials.secretKey, WRONG_SECRET_KEY, ...sandbox.world.sites.map((site) => site.secretKey)];

describe('the sweep', () => {
	beforeAll(() => {
		takeCalls();
		// The seeded sites share the credential's key: added first, so that it keeps its own name.
		for (const site of sandbox.world.sites) scan.addSecret(`secret key of site ${site.id}`, site.secretKey);
		scan.addSecret('secret key', sandbox.credentials.secretKey);
		scan.addSecret('wrong secret key', WRONG_SECRET_KEY);
		scan.addSecret('access token', sandbox.credentials.accessToken);
		scan.addSecret('read-only access token', sandbox.credentials.readOnlyToken);
		scan.addSecret('wrong access token', WRONG_ACCESS_TOKEN);
		scan.addSecret('notification secret', sandbox.credentials.notificationSecret);
		for (const card of Object.values(CARDS)) scan.addSecret('card number', card);
		scan.addCvv(CVV);
		// Read from the sandbox's state, not from the outputs under test. Short values (a masked '***') are no secret.
		const slices = (sandbox.world as unknown as { slices: unknown }).slices;
		stateSecrets.push(...secretsInState(slices).filter(([, value]) => value.length >= 8));
		for (const [name, value] of stateSecrets) scan.addSecret(name, value);
		for (const key of new Set(signingKeys())) scan.addTranKeys(ledger, key);

		for (const { label, run } of runs) scan.scanRun(label, run);
		for (const [type, nodeType] of Object.entries(packageNodeTypes())) scan.scan(`${type} description`, nodeType.description);
	});

	it('finds no secret in any output, error or description', () => {
		// Where, never the value.
		expect(scan.hits).toEqual([]);
	});

	it('finds what it looks for: a text holding each kind of secret is a hit', () => {
		const signed = ledger.find((entry) => (entry.body as { auth?: IDataObject } | undefined)?.auth?.nonce);
		expect(signed).toBeDefined();
		const auth = (signed!.body as { auth: { nonce: string; seed: string } }).auth;
		const tranKey = expectedTranKey(Buffer.from(auth.nonce, 'base64'), auth.seed, sandbox.credentials.secretKey, 'sha256');
		const token = stateSecrets.find(([name]) => name === 'token')?.[1];
		const subtoken = stateSecrets.find(([name]) => name === 'subtoken')?.[1];
		expect(token).toBeDefined();
		expect(subtoken).toBeDefined();
		const probes: Array<[string, unknown]> = [
			['secret key', { message: `signed with ${sandbox.credentials.secretKey}` }],
			['wrong secret key', `key ${WRONG_SECRET_KEY}.`],
			['tranKey', { auth: { tranKey } }],
			['access token', { headers: { authorization: `Bearer ${sandbox.credentials.accessToken}` } }],
			['wrong access token', `Bearer ${WRONG_ACCESS_TOKEN}`],
			['notification secret', `secret=${sandbox.credentials.notificationSecret}`],
			['card number', { number: CARDS.approved }],
			['CVV', { cvv: CVV }],
			['CVV', 'the security code 987 was refused'],
			['token', { token }],
			['subtoken', `subtoken ${subtoken}`],
		];
		const before = scan.hits.length;
		try {
			const missed = probes.filter(([secret, text]) => !scan.scan(`probe ${secret}`, text).some((hit) => hit.secret === secret));
			expect(missed.map(([secret]) => secret)).toEqual([]);
		} finally {
			scan.hits.splice(before);
		}
	});

	it('scanned every operation on ≥1 succeeding and ≥3 failing paths, and items and errors of them', () => {
		const short = ENTRIES.map(keyOf).filter((key) => (tally.get(key)?.succeeded ?? 0) < 1 || (tally.get(key)?.failed ?? 0) < 3);
		expect(short).toEqual([]);
		expect(runs.length).toBeGreaterThanOrEqual(ENTRIES.length * 8);
		expect(scan.itemsScanned).toBeGreaterThan(ENTRIES.length * 2);
		expect(scan.errorsScanned).toBeGreaterThan(ENTRIES.length * 6);
		expect(scan.secretsChecked.tranKeys).toBeGreaterThan(runs.length);
		expect(stateSecrets.length).toBeGreaterThan(0);
	});
});
