/**
 * The words users read, over the whole package: people build workflows in the editor without the API
 * documents, so no field description, hint or error says an API path, an HTTP method or the validation
 * library's words.
 * - Every string of every node's panel (display names, descriptions, hints, actions, placeholders, options).
 * - Every refusal validation gives: every operation of every node is run on bad values of each of its fields
 *   (a table by field type), through the node's own `execute` (the executor of nodes/shared/operation/execute.ts, with
 *   continue-on-fail), and each refusal must name the item and a field as the panel shows it. The run uses an
 *   n8n-like execute context instead of the engine: some thousand runs, and nothing must be sent (a request
 *   fails the item at once and its case is left out).
 */
import {
	NodeHelpers,
	type IDataObject,
	type IExecuteFunctions,
	type INode,
	type INodeExecutionData,
	type INodeParameters,
	type INodeProperties,
	type INodePropertyCollection,
	type INodeType,
} from 'n8n-workflow';

import { packageNodeTypes, panelNames } from '../helpers/nodeTypes';

/** What a user must never read. */
const DEVELOPER_WORDS: RegExp[] = [
	/\/api\//,
	/\/gateway\//,
	/\/core\//,
	/Unrecognized key/i,
	/Expected \w+, received/,
	/Invalid enum value/,
	/Invalid input/,
	/Required\b(?! )/,
	/^String must contain/m,
	/^Number must be/m,
	/ZodError|zod/i,
	/\b(POST|GET|PATCH|PUT|DELETE)\b/,
	/\bdata\.\w/,
	/\bInvalid '/,
	/\(input\)/,
	// Readers never see the API documents: the panel says "the API documents" or "the platform".
	/\bspecs?\b/i,
];

const offending = (text: string) => DEVELOPER_WORDS.filter((pattern) => pattern.test(text)).map(String);

const isGroup = (option: unknown): option is INodePropertyCollection =>
	!!option && typeof option === 'object' && Array.isArray((option as INodePropertyCollection).values);

const nodeTypes = Object.entries(packageNodeTypes());
// Action nodes: a trigger's execute (the run check of a delivery, webhooks/runGate.ts) takes no user input.
const actionNodes = nodeTypes.filter(([, type]) => typeof type.execute === 'function' && typeof type.webhook !== 'function');

describe('the panel of every node says nothing of the API', () => {
	const UI_KEYS = new Set(['displayName', 'description', 'hint', 'action', 'placeholder', 'name', 'subtitle', 'notice']);

	function strings(value: unknown, where: string, into: Array<[string, string]>): void {
		if (Array.isArray(value)) value.forEach((entry, index) => strings(entry, `${where}[${index}]`, into));
		else if (value && typeof value === 'object') {
			for (const [key, entry] of Object.entries(value)) {
				if (typeof entry === 'string' && UI_KEYS.has(key)) into.push([`${where}.${key}`, entry]);
				else if (['properties', 'options', 'values'].includes(key)) strings(entry, `${where}.${key}`, into);
			}
		}
	}

	it.each(nodeTypes)('%s', (_name, type) => {
		const found: Array<[string, string]> = [];
		strings(type.description, type.description.name, found);
		expect(found.length).toBeGreaterThan(5);
		expect(found.filter(([, text]) => offending(text).length)).toEqual([]);
	});
});

// ---------------------------------------------------------------------------------------------------------
// Bad values by field type: each one a user can type or an expression can give.
const BAD: Record<string, unknown[]> = {
	string: ['', ' ', 'x'.repeat(300), 'not an address @@', 12],
	number: ['12,50', -1, 0, 1.23456, 1e20, 'abc'],
	options: ['not-an-option', ''],
	multiOptions: [['not-an-option'], 'x'],
	boolean: ['yes'],
	json: ['{oops', '[1]', '"text"', '{"unknownField": 1}', '{"amount": {"total": "x"}}', '[{"unknownField": 1}]', '[{"id": "x", "code": 1}]'],
	dateTime: ['not a date', '1999-01-01T00:00:00Z', '31/12/2030'],
};

/** A value that fits a field by its name, so one bad field is not hidden behind an empty required one. */
function goodValue(property: INodeProperties): unknown {
	const name = property.name.toLowerCase();
	if (property.type !== 'string') return undefined;
	if (name.includes('url')) return 'https://shop.example.com/x';
	if (name.includes('email')) return 'ana@example.com';
	if (name.endsWith('id') || name.includes('reference') || name === 'internalreference') return '123';
	if (name === 'currency') return 'USD';
	if (name === 'ipaddress') return '203.0.113.7';
	return 'ABC-1';
}

interface Case {
	what: string;
	parameters: INodeParameters;
}

/** The parameters a user has after opening the node on this operation and filling its required fields. */
function baseParameters(type: INodeType, resource: string | undefined, operation: string | undefined): INodeParameters {
	const chosen: INodeParameters = {};
	if (resource !== undefined) chosen.resource = resource;
	if (operation !== undefined) chosen.operation = operation;
	const node = { parameters: chosen, typeVersion: 1 } as INode;
	const filled = NodeHelpers.getNodeParameters(type.description.properties, chosen, true, false, node, type.description) ?? {};
	for (const property of visible(type, filled)) {
		if (property.required && (filled[property.name] === '' || filled[property.name] === undefined)) {
			const good = goodValue(property);
			if (good !== undefined) filled[property.name] = good as never;
		}
		// A required resource locator left empty: an ID, as the value the node reads from it.
		const locator = filled[property.name] as { __rl?: boolean; value?: unknown } | undefined;
		if (property.required && property.type === 'resourceLocator' && typeof locator === 'object' && locator?.value === '') {
			filled[property.name] = '123';
		}
	}
	return filled;
}

/** The top-level fields shown for these parameters. */
function visible(type: INodeType, parameters: INodeParameters): INodeProperties[] {
	const node = { parameters, typeVersion: 1 } as INode;
	return type.description.properties.filter(
		(property) =>
			!['resource', 'operation'].includes(property.name) &&
			NodeHelpers.displayParameter(parameters, property, node, type.description),
	);
}

/** Each field of the operation (collection and group fields included) set to each bad value of its type. */
function casesOf(type: INodeType, base: INodeParameters): Case[] {
	const cases: Case[] = [];
	const withValue = (name: string, value: unknown): INodeParameters => ({ ...base, [name]: value as never });
	for (const property of visible(type, base)) {
		if (property.type === 'collection') {
			for (const option of (property.options ?? []) as INodeProperties[]) {
				for (const bad of BAD[option.type] ?? []) {
					cases.push({ what: `${property.name}.${option.name} = ${JSON.stringify(bad)}`, parameters: withValue(property.name, { [option.name]: bad }) });
				}
			}
		} else if (property.type === 'fixedCollection') {
			const many = !!property.typeOptions?.multipleValues;
			for (const group of (property.options ?? []).filter(isGroup)) {
				for (const value of group.values) {
					for (const bad of BAD[value.type] ?? []) {
						const entry = { [value.name]: bad };
						cases.push({
							what: `${property.name}.${group.name}.${value.name} = ${JSON.stringify(bad)}`,
							parameters: withValue(property.name, { [group.name]: many ? [entry] : entry }),
						});
					}
				}
			}
		} else {
			for (const bad of BAD[property.type] ?? []) {
				cases.push({ what: `${property.name} = ${JSON.stringify(bad)}`, parameters: withValue(property.name, bad) });
			}
		}
	}
	return cases;
}

/** A parameter by its path (`additionalFields.cancelUrl`), as n8n's getNodeParameter finds it. */
function parameterAt(parameters: INodeParameters, name: string): unknown {
	let current: unknown = parameters;
	for (const key of name.split('.')) {
		if (current === null || typeof current !== 'object') return undefined;
		current = (current as IDataObject)[key];
	}
	return current;
}

const SENT = 'a request was about to be sent';

/** Runs the node's execute on one item with continue-on-fail: its output item, and whether it tried to send. */
async function runOnce(type: INodeType, parameters: INodeParameters): Promise<{ item?: INodeExecutionData; sent: boolean }> {
	let sent = false;
	const send = () => {
		sent = true;
		throw new Error(SENT);
	};
	const node = { id: 'n', name: 'Node', type: type.description.name, typeVersion: 1, position: [0, 0], parameters } as INode;
	const fn = {
		getNode: () => node,
		getInputData: () => [{ json: {} }],
		getNodeParameter: (name: string, _item: number, fallback?: unknown) => parameterAt(parameters, name) ?? fallback,
		continueOnFail: () => true,
		getTimezone: () => 'America/Bogota',
		getMode: () => 'manual',
		getExecutionId: () => 'words-test',
		getWorkflow: () => ({ id: 'words', name: 'words', active: false }),
		getWorkflowStaticData: () => ({}),
		getWorkflowDataProxy: () => ({ $runIndex: 0 }),
		// Read before validation (the site's clock, from the credential's Site Time Zone): sending is the HTTP call.
		getCredentials: async () => ({ login: 'words', secretKey: 'words-secret', algorithm: 'sha256', timeZone: 'America/Bogota', baseUrl: 'http://127.0.0.1:9', accessToken: 'words' }),
		logger: { debug() {}, info() {}, warn() {}, error() {} },
		helpers: {
			constructExecutionMetaData: (items: INodeExecutionData[], meta: { itemData: unknown }) => items.map((item) => ({ ...item, pairedItem: meta.itemData })),
			returnJsonArray: (json: IDataObject | IDataObject[]) => (Array.isArray(json) ? json : [json]).map((entry) => ({ json: entry })),
			httpRequestWithAuthentication: send,
			httpRequest: send,
			requestWithAuthentication: send,
		},
	} as unknown as IExecuteFunctions;
	try {
		const output = (await type.execute!.call(fn)) as INodeExecutionData[][];
		return { item: output[0]?.[0], sent };
	} catch (error) {
		return { item: { json: { error: (error as Error).message } }, sent };
	}
}


describe('every refusal of bad input names the item and the field as the panel shows it, in plain words', () => {
	const operationsOf = (type: INodeType): Array<[string | undefined, string | undefined]> => {
		const resources = type.description.properties.find((property) => property.name === 'resource')?.options ?? [];
		const pairs: Array<[string | undefined, string | undefined]> = [];
		for (const resource of resources as Array<{ value: string }>) {
			const selector = type.description.properties.find(
				(property) => property.name === 'operation' && property.displayOptions?.show?.resource?.includes(resource.value),
			);
			for (const operation of (selector?.options ?? []) as Array<{ value: string }>) pairs.push([resource.value, operation.value]);
		}
		return pairs;
	};

	it.each(actionNodes)('%s', async (_name, type) => {
		const names = [...panelNames(type.description.properties)];
		const refusals: Array<{ operation: string; what: string; message: string; description: string }> = [];
		for (const [resource, operation] of operationsOf(type)) {
			const base = baseParameters(type, resource, operation);
			for (const { what, parameters } of casesOf(type, base)) {
				const { item, sent } = await runOnce(type, parameters);
				const error = item?.json.error;
				if (sent || typeof error !== 'string' || error === SENT) continue;
				refusals.push({ operation: `${resource}.${operation}`, what, message: error, description: String(item?.json.description ?? '') });
			}
		}
		// The sweep reaches validation: a node whose bad values never get refused would test nothing.
		expect(refusals.length).toBeGreaterThan(10);
		const wrong = refusals
			.map((refusal) => ({
				...refusal,
				words: offending(`${refusal.message}\n${refusal.description}`),
				namesItem: /\(item 0[;)]/.test(refusal.message),
				namesField: names.some((name) => refusal.message.startsWith(`${name} `) || refusal.message.startsWith(`${name}:`)),
			}))
			.filter((refusal) => refusal.words.length || !refusal.namesItem || !refusal.namesField)
			.map((refusal) => `${refusal.operation} (${refusal.what}): ${refusal.message}${refusal.words.length ? `\n${refusal.description}` : ''}`);
		expect([...new Set(wrong)]).toEqual([]);
	});
});
