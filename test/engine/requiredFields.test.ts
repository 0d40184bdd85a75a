/**
 * The panel's required marker (`required: true`) tells the truth, for every operation of every action node,
 * enumerated from the node descriptions (a new operation is covered without touching this file), run by n8n's
 * real engine against the sandbox:
 * - every required field filled with a valid sample and every other field at its default: the request is sent
 *   (the platform may refuse it, an ID may not exist: that is fine). So no field without the marker is needed.
 * - each required field whose default is empty, left empty alone: the item is refused before anything is sent,
 *   naming that field as the panel shows it. So no field with the marker is optional.
 * Fields are those the panel shows with the operation's defaults (a field under another value is not shown).
 */
/* eslint-disable @n8n/community-nodes/no-hardcoded-secrets -- runs in Node, not in n8n: eslint.dev.config.mjs lints it */
import type { IDataObject, INodeParameterResourceLocator, INodeProperties, INodeType } from 'n8n-workflow';

import { runNode, type NodeUnderTest, type RunResult } from '../helpers/engine';
import { merchantBody } from '../helpers/fixtures';
import { packageNodeTypes } from '../helpers/nodeTypes';
import { apiCallsOf, onboardingApi, paySuiteApi, withSandbox } from '../helpers/sandbox';

jest.setTimeout(60_000);

// No waits: a flow that polls finds its process or report done at once.
const sandbox = withSandbox({ processPendingPolls: 0, reportPendingPolls: 0, retryAfterSeconds: 0 });

const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
const nextYear = new Date().getUTCFullYear() + 1;

/** Valid samples by field name: what a user would type in the panel. */
const SAMPLES: Record<string, unknown> = {
	// A merchant's fields; its name gives way to the one below, valid for every node.
	...merchantBody(),
	name: 'Spring sale',
	brand: 'Acme',
	reference: 'REQUIRED-1',
	description: 'Shoes',
	returnUrl: 'https://shop.example.com/return',
	ipAddress: '203.0.113.7',
	userAgent: 'Mozilla/5.0 (X11; Linux x86_64)',
	email: 'ana@example.com',
	cardNumber: '4111111111111111',
	expiration: '12/30',
	creditCode: '1',
	token: 'a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6',
	code: 'CRA',
	accountNumber: '00123456789012345678',
	initiatorIndicator: 'AGENT',
	message: 'Your store is ready',
	subscriptionReference: 'SUB-1',
	total: 100,
	startDate: `${yesterday}T00:00:00`,
	endDate: `${yesterday}T23:59:59`,
	expirationDate: `${nextYear}-03-01T10:15:00`,
	payer: { name: 'Ana', surname: 'Gomez', email: 'ana@example.com', document: '1020304050', documentType: 'CC' },
	tickets: { ticket: [{ ticket: 'T-1', issuedAt: '2030-01-15' }] },
	channels: { email: { email: 'owner@acme.example.com', subject: 'Welcome' } },
	autopay: '{"type": "addMember", "autopayId": "1"}',
};

/** The example a placeholder shows ("e.g. 1001" gives 1001). */
const exampleOf = (placeholder: string) => placeholder.replace(/^e\.g\. /, '');

/**
 * A sample for a required field: by its name, else its default when it has one, else by its kind (a locator
 * takes its "By ID" example).
 */
function sampleFor(property: INodeProperties): unknown {
	if (property.name in SAMPLES) return SAMPLES[property.name];
	if (!emptyByDefault(property)) return property.default;
	if (property.type === 'resourceLocator') {
		const byId = property.modes?.find((mode) => mode.name === 'id');
		return { __rl: true, mode: 'id', value: byId?.placeholder ? exampleOf(byId.placeholder) : '1' };
	}
	if (property.type === 'string' && property.placeholder) return exampleOf(property.placeholder);
	throw new Error(`No sample for the required field "${property.displayName}" (${property.name}): add one to SAMPLES`);
}

/** Whether a field holds nothing by default: the user must give it. */
function emptyByDefault(property: INodeProperties): boolean {
	const value = property.default as unknown;
	if (value === '' || value === undefined || value === null) return true;
	if (Array.isArray(value)) return value.length === 0;
	if (property.type === 'resourceLocator') return (value as INodeParameterResourceLocator).value === '';
	if (property.type === 'json') return typeof value === 'string' && /^\s*(\{\s*\}|\[\s*\])?\s*$/.test(value);
	return typeof value === 'object' && Object.keys(value).length === 0;
}

/**
 * The field left empty. A text, date, list or ID is given by an expression that gives nothing: n8n's own check
 * of required fields before a run sees an expression as filled, so the operation's own rules must refuse it
 * (as they must when an expression over the input gives nothing). A collection or JSON keeps its empty default.
 */
function emptyValue(field: INodeProperties): unknown {
	if (field.type === 'resourceLocator') return { __rl: true, mode: 'id', value: '={{ "" }}' };
	if (field.type === 'multiOptions') return '={{ [] }}';
	if (field.type === 'string' || field.type === 'dateTime') return '={{ "" }}';
	return field.default;
}

interface Operation {
	node: NodeUnderTest;
	resource: string;
	operation: string;
	/** The node version the panel is of (a saved workflow's `typeVersion`). */
	version: number;
	/** The operation's top-level fields that this version shows, in panel order. */
	fields: INodeProperties[];
}

type VersionCondition = number | { _cnd: Record<string, number> };

/** Whether a field's `@version` condition (n8n's `[1]` or `[{ _cnd: { gte: 2 } }]`) holds for `version`. */
function versionShows(property: INodeProperties, version: number): boolean {
	const allowed = property.displayOptions?.show?.['@version'] as VersionCondition[] | undefined;
	if (!allowed) return true;
	const tests: Record<string, (limit: number) => boolean> = {
		eq: (limit) => version === limit,
		gte: (limit) => version >= limit,
		gt: (limit) => version > limit,
		lte: (limit) => version <= limit,
		lt: (limit) => version < limit,
	};
	return allowed.some((entry) =>
		typeof entry === 'number' ? entry === version : Object.entries(entry._cnd).every(([test, limit]) => tests[test]?.(limit) ?? false),
	);
}

const shownFor = (property: INodeProperties, resource: string, operation: string) => {
	const show = property.displayOptions?.show ?? {};
	return (show.resource as unknown[] | undefined)?.includes(resource) && (show.operation as unknown[] | undefined)?.includes(operation);
};

/** Every operation of every node that has resources (the action nodes). */
function actionOperations(): Operation[] {
	const operations: Operation[] = [];
	for (const type of Object.values(packageNodeTypes()) as INodeType[]) {
		const { properties, credentials, name, displayName } = type.description;
		const resources = properties.find((property) => property.name === 'resource');
		if (!resources) continue;
		const node: NodeUnderTest = { name: displayName, type: name, credentialType: credentials![0].name };
		for (const resource of resources.options as Array<{ value: string }>) {
			const selector = properties.find((property) => property.name === 'operation' && (property.displayOptions?.show?.resource as unknown[]).includes(resource.value));
			for (const operation of selector!.options as Array<{ value: string }>) {
				const fields = properties.filter((property) => property.name !== 'operation' && shownFor(property, resource.value, operation.value));
				// Every version of the node whose fields differ for this operation; the first otherwise.
				const versioned = fields.some((field) => field.displayOptions?.show?.['@version']);
				const versions = versioned ? [type.description.version].flat() : [1];
				for (const version of versions) {
					const own = fields.filter((field) => versionShows(field, version));
					operations.push({ node, resource: resource.value, operation: operation.value, version, fields: own });
				}
			}
		}
	}
	return operations;
}

/** Whether the panel shows a field when the parameters hold `values` (each field's default when unset). */
function shown(property: INodeProperties, fields: INodeProperties[], values: IDataObject): boolean {
	const valueOf = (name: string) => (name in values ? values[name] : fields.find((field) => field.name === name)?.default);
	const { show = {}, hide = {} } = property.displayOptions ?? {};
	const conditions = Object.entries(show).filter(([name]) => name !== 'resource' && name !== 'operation' && name !== '@version');
	return (
		conditions.every(([name, allowed]) => (allowed as unknown[]).includes(valueOf(name))) &&
		Object.entries(hide).every(([name, hidden]) => !(hidden as unknown[]).includes(valueOf(name)))
	);
}

/**
 * The panels of an operation: its defaults, then each other value of a field that shows or hides other fields
 * (Session Type, Send Amount, Pay With...), one at a time.
 */
function variantsOf(operation: Operation): IDataObject[] {
	const switches = new Set(operation.fields.flatMap((field) => Object.keys({ ...field.displayOptions?.show, ...field.displayOptions?.hide })));
	const variants: IDataObject[] = [{}];
	for (const field of operation.fields.filter((candidate) => switches.has(candidate.name))) {
		const values = field.type === 'boolean' ? [true, false] : ((field.options ?? []) as Array<{ value?: unknown }>).map((option) => option.value);
		// A group's fields (Payer shows a notice while empty) have no value to switch to.
		for (const value of values.filter((candidate) => candidate !== undefined && candidate !== field.default)) variants.push({ [field.name]: value as string });
	}
	return variants;
}

/** The required fields the panel shows with `variant` (else the defaults), and the parameters that fill them. */
function requiredFilled(operation: Operation, variant: IDataObject): { required: INodeProperties[]; parameters: IDataObject } {
	// An operation that waits for a payment nobody makes here stops at once (Options › Limit Wait Time).
	const waits = operation.operation === 'createAndWait' && operation.resource === 'session' ? { options: { limitWaitMinutes: 0.01, checkEverySeconds: 1 } } : {};
	const base: IDataObject = { resource: operation.resource, operation: operation.operation, ...variant, ...waits };
	const required = operation.fields.filter((field) => field.required && shown(field, operation.fields, base));
	const parameters = { ...base, ...Object.fromEntries(required.map((field) => [field.name, sampleFor(field)])) };
	return { required, parameters: parameters as IDataObject };
}

const credentials = () => ({ ...paySuiteApi(sandbox), ...onboardingApi(sandbox) });
const apiCalls = () => apiCallsOf(sandbox);
const label = (operation: Operation) => `${operation.node.name}${operation.version > 1 ? ` v${operation.version}` : ''} › ${operation.resource} › ${operation.operation}`;

const OPERATIONS = actionOperations();

/** The refusal (its message and every problem below it), when the item was refused before anything was sent. */
function refusal(result: RunResult): string | undefined {
	if (apiCalls().length > 0) return undefined;
	if (!result.error) return 'nothing was sent, and no error says why';
	return `${result.error.message}\n${result.error.description ?? ''}`;
}

/** How a refusal says a value is missing (validation.ts plainWords, the schemas' and operations' own words). */
const MISSING = /is required|must not be empty|needs a value|needs at least one|must hold at least 1 entry/;

it('finds the operations of every action node', () => {
	const nodes = new Set(OPERATIONS.map((operation) => operation.node.type));
	expect([...nodes].sort()).toEqual(
		['paySuiteGateway', 'paySuiteMerchant', 'paySuiteNotification', 'paySuitePaymentLink', 'paySuitePaymentMethod', 'paySuiteSession', 'paySuiteSite'].sort(),
	);
	expect(OPERATIONS.length).toBeGreaterThan(30);
});

/** Each operation's panels: `Session › session › create (Session Type: autopay)`. */
const PANELS = OPERATIONS.flatMap((operation) =>
	variantsOf(operation).map((variant) => {
		const shownWith = Object.entries(variant).map(([name, value]) => `${operation.fields.find((field) => field.name === name)!.displayName}: ${String(value)}`);
		return [`${label(operation)}${shownWith.length ? ` (${shownWith.join(', ')})` : ''}`, operation, variant] as const;
	}),
);

/**
 * An update with nothing to change is refused naming the collection of its changes: a rule over several fields
 * (any one of them will do), which no single field's marker can say.
 */
const NOTHING_TO_CHANGE = / needs at least one field to change \(item 0\)$/;

describe.each(PANELS)('%s', (_label, operation, variant) => {
	it('is sent with its required fields filled and every other field at its default', async () => {
		const { parameters } = requiredFilled(operation, variant);
		const result = await runNode(operation.node, parameters, credentials(), { typeVersion: operation.version });
		// The platform may answer anything (an ID that does not exist, a refusal): the item was not refused here.
		// Refused for another rule (Request of a period longer than the platform reports) is not a missing value.
		const refused = refusal(result);
		if (refused && NOTHING_TO_CHANGE.test(refused.split('\n')[0])) {
			const collection = operation.fields.find((field) => refused.startsWith(`${field.displayName} `));
			expect(collection?.type).toBe('collection');
			expect(collection?.required).toBeFalsy();
			return;
		}
		expect(refused ?? '').not.toMatch(MISSING);
	});

	const { required } = requiredFilled(operation, variant);
	const empty = required.filter(emptyByDefault);
	if (empty.length === 0) return;
	it.each(empty.map((field) => [field.displayName, field] as const))('is refused before sending when %s is left empty', async (displayName, field) => {
		const { parameters } = requiredFilled(operation, variant);
		parameters[field.name] = emptyValue(field) as IDataObject[string];
		const result = await runNode(operation.node, parameters, credentials(), { typeVersion: operation.version });
		expect(apiCalls()).toEqual([]);
		expect(result.error?.message).toMatch(new RegExp(`^${displayName.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}( |:)`));
		expect(result.error?.message).toMatch(/\(item 0[;)]/);
		expect(result.error?.description).toContain('Nothing was sent to the platform');
	});
});
