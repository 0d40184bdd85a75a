import {
	NodeOperationError,
	sleep,
	type IDataObject,
	type IExecuteFunctions,
	type INode,
	type INodeExecutionData,
	type INodeParameterResourceLocator,
	type INodeProperties,
	type INodePropertyOptions,
	type IHttpRequestMethods,
} from 'n8n-workflow';
import type { ZodType, ZodTypeDef } from 'zod/v3';

import { optionsCollection } from '../descriptions/collections';
import type { NotFoundSubject } from '../transport/platformAnswer';
import { collectPages, type PageBlock, type PageRequest } from './pagination';
import { asNodeError, failedItemError, passwordParameters } from '../transport/nodeErrors';
import { pollUntilDone, type PollOutcome, type PollResult } from './polling';
import { HIDDEN_FROM_TOOL, HIDDEN_SECRET, hideSecrets } from '../transport/redact';
import { requestLabel, writeMemory, writeSlot } from './retryMemory';
import { LostAnswerError, paySuiteRequest, type ApiName, type PaySuiteRequest, type PaySuiteResponse, type RequestSafety } from '../transport/transport';
import { FieldNames, parseJsonParameter, refuseField, validateInput } from './validation';

/** What an operation sees of one input item. */
export interface OperationContext {
	readonly fn: IExecuteFunctions;
	readonly node: INode;
	readonly itemIndex: number;
	/** The node parameter for this item; `fallback` when it is not shown. */
	param<T = unknown>(name: string, fallback?: T): T;
	/** A parameter that holds JSON (text or object), parsed. */
	jsonParam<T = unknown>(name: string, fallback?: T): T;
	/** Validates what is about to be sent; nothing is sent when it fails. */
	validate<Output, Input = Output>(schema: ZodType<Output, ZodTypeDef, Input>, value: unknown): Output;
	request<T = IDataObject>(request: PaySuiteRequest): Promise<PaySuiteResponse<T>>;
	/** Fails this item with a message that names it. */
	fail(message: string, description?: string): never;
	/**
	 * Refuses this item before anything is sent, as validation does: `problem` follows the field's name as the
	 * panel shows it ("needs a value when ..."); `path` is where it goes in the body.
	 */
	refuse(path: string, problem: string): never;
}

export interface PaySuiteOperation {
	value: string;
	name: string;
	action: string;
	description: string;
	properties: INodeProperties[];
	/**
	 * Labels of body paths that no field of `properties` names (a JSON field merged into an object), by path
	 * without list positions: `{ payment: 'Additional Fields › Payment Extras' }`. Validation errors use them.
	 */
	fieldLabels?: Record<string, string>;
	/**
	 * Every request it sends is a read or a write the platform deduplicates: its items may be run a few at a time
	 * (the Options › Requests in Parallel field, see parallelProperty). `read` runs them 5 at a time unless the
	 * user says otherwise; `deduplicated` one at a time unless the user chooses more (a payment that stops the run
	 * must not leave later ones already sent). Set by requestOperation and listOperation from the request's safety.
	 */
	parallel?: 'read' | 'deduplicated';
	execute(ctx: OperationContext): Promise<INodeExecutionData[]>;
}

export interface PaySuiteResource {
	value: string;
	name: string;
	description?: string;
	operations: PaySuiteOperation[];
}

/** Drops what the user left empty, so that nothing unset is sent. Keeps false, 0 and explicit null. */
export function compact<T>(value: T): T {
	if (Array.isArray(value)) return value.map((entry) => compact(entry)).filter((entry) => entry !== undefined) as T;
	if (value && typeof value === 'object' && !(value instanceof Date)) {
		const out: IDataObject = {};
		for (const [key, entry] of Object.entries(value as IDataObject)) {
			if (entry === undefined || entry === '') continue;
			const cleaned = compact(entry);
			if (cleaned && typeof cleaned === 'object' && !Array.isArray(cleaned) && Object.keys(cleaned).length === 0) continue;
			out[key] = cleaned;
		}
		return out as T;
	}
	return value;
}

export const toItems = (json: IDataObject | IDataObject[]): INodeExecutionData[] =>
	(Array.isArray(json) ? json : [json]).map((entry) => ({ json: entry }));

/** Errors of an earlier try given again by a later one (see retryMemory.ts): their item says so. */
const givenAgain = new WeakSet<object>();

/**
 * Sends a request. A plain write (no key the platform deduplicates by) is sent at most once per item in a node
 * run: when n8n's Retry On Fail runs the node again, a write the platform answered gives back that answer, and a
 * write whose answer was lost fails again the same way, neither sent again (see retryMemory.ts).
 */
async function sendOnce<T>(
	fn: IExecuteFunctions,
	request: PaySuiteRequest,
	itemIndex: number,
	ordinal: () => number,
	oneAtATime: OneAtATime,
): Promise<PaySuiteResponse<T>> {
	const safety = request.safety ?? ((request.method ?? 'POST') === 'GET' ? 'read' : 'write');
	if (safety !== 'write') return paySuiteRequest.call(fn, request, itemIndex) as Promise<PaySuiteResponse<T>>;
	// A plain write is never in flight beside another one, even when items run in parallel.
	return oneAtATime(() => sendWriteOnce<T>(fn, request, itemIndex, ordinal));
}

async function sendWriteOnce<T>(fn: IExecuteFunctions, request: PaySuiteRequest, itemIndex: number, ordinal: () => number): Promise<PaySuiteResponse<T>> {
	// n8n's execute data: the same object in every try of this node run.
	const run = typeof fn.getExecuteData === 'function' ? (fn.getExecuteData() as object | undefined) : undefined;
	if (!run) return paySuiteRequest.call(fn, request, itemIndex) as Promise<PaySuiteResponse<T>>;
	const memory = writeMemory(run);
	const slot = writeSlot(itemIndex, ordinal());
	const label = requestLabel(request);
	const earlier = memory.get(slot);
	if (earlier?.request === label) {
		if (earlier.kind === 'answered') return earlier.answer as PaySuiteResponse<T>;
		givenAgain.add(earlier.error);
		throw earlier.error;
	}
	try {
		const answer = (await paySuiteRequest.call(fn, request, itemIndex)) as PaySuiteResponse<T>;
		memory.set(slot, { kind: 'answered', request: label, answer });
		return answer;
	} catch (error) {
		// Any other error is the platform refusing (nothing done) or nothing sent: a later try may send it.
		if (error instanceof LostAnswerError) memory.set(slot, { kind: 'unknown', request: label, error });
		// The transport's errors are node errors already: this keeps them as they are (LostAnswerError included).
		throw asNodeError(fn.getNode(), error, itemIndex);
	}
}

/** The names of an operation's fields as the panel shows them, for its errors. */
export const fieldNamesOf = (operation: Pick<PaySuiteOperation, 'properties' | 'fieldLabels'>): FieldNames =>
	new FieldNames(operation.properties, operation.fieldLabels);

const isLocatorValue = (value: unknown): value is INodeParameterResourceLocator =>
	typeof value === 'object' && value !== null && (value as { __rl?: unknown }).__rl === true;

/**
 * A resource locator's ID (descriptions/locator.ts): the value of "From list" and "By ID" as given, the ID n8n
 * extracts from a "By URL" link; a link that holds no ID refuses the item in the panel's words.
 */
function locatorValue(fn: IExecuteFunctions, name: string, itemIndex: number, names: FieldNames): unknown {
	try {
		const value = fn.getNodeParameter(name, itemIndex, undefined, { extractValue: true });
		return typeof value === 'string' ? value.trim() : value;
	} catch {
		return refuseField(fn.getNode(), itemIndex, names, name, 'must be a link that holds the ID (or pick "By ID" and give its digits)');
	}
}

/** Runs the given tasks one after the other, in the order they were given, whatever their callers' order of finishing. */
type OneAtATime = <T>(task: () => Promise<T>) => Promise<T>;

function oneAtATimeQueue(): OneAtATime {
	let last: Promise<unknown> = Promise.resolve();
	return <T>(task: () => Promise<T>) => {
		const run = last.then(task);
		last = run.catch(() => undefined);
		return run;
	};
}

/**
 * A field's value for an item: a locator's ID (trimmed), anything else as n8n gives it. A locator saved as one
 * (the usual case) is evaluated once, not once whole and once for its ID; any failure goes the long way, which
 * throws what it always threw (the expression's error, or the refusal).
 */
function readParam(fn: IExecuteFunctions, node: INode, name: string, itemIndex: number, fallback: unknown, names: FieldNames): unknown {
	if (isLocatorValue(node.parameters?.[name])) {
		try {
			const value = fn.getNodeParameter(name, itemIndex, undefined, { extractValue: true });
			return typeof value === 'string' ? value.trim() : value;
		} catch {
			/* the long way */
		}
	}
	const value = fn.getNodeParameter(name, itemIndex, fallback as never);
	return isLocatorValue(value) ? locatorValue(fn, name, itemIndex, names) : value;
}

/** A field read ahead of its item's turn: its value, or the error reading it threw (thrown when the item reads it). */
type Prefetched = { value: unknown } | { error: unknown };

/**
 * Reads every item's fields ahead of their turn, as n8n's HTTP Request node does before it sends anything, so
 * that the requests of a batch are not held back by expressions (in n8n 2.x each one is a synchronous call into
 * a separate isolate, about a millisecond). The reading runs an item at a time between the answers:
 * while requests are in flight, later items are read; an item whose turn comes first is read at once. Nothing is
 * lost: a field whose expression fails keeps its error, thrown when (and only if) its item reads that field, in
 * its place, as before.
 */
export class ParameterPrefetch {
	private readonly read: Array<Map<string, Prefetched> | undefined>;
	private next = 0;
	private stopped = false;

	constructor(
		private readonly evaluate: (itemIndex: number) => Map<string, Prefetched>,
		count: number,
	) {
		this.read = new Array<Map<string, Prefetched> | undefined>(count);
	}

	/** The fields read for this item (read now if not yet), handed over once. */
	take(itemIndex: number): Map<string, Prefetched> {
		const read = this.read[itemIndex] ?? this.evaluate(itemIndex);
		this.read[itemIndex] = new Map();
		return read;
	}

	/** Starts reading ahead, one item per turn of the event loop (answers handled between), until all are read or stop(). */
	start(): void {
		void (async () => {
			for (;;) {
				await sleep(0);
				if (this.stopped) return;
				while (this.next < this.read.length && this.read[this.next] !== undefined) this.next++;
				if (this.next >= this.read.length) return;
				this.read[this.next] = this.evaluate(this.next);
			}
		})();
	}

	stop(): void {
		this.stopped = true;
	}
}

/** Reads the fields an item of `operation` may read, that the node holds, keeping each error in its place. */
function prefetchFields(fn: IExecuteFunctions, fields: string[], names: FieldNames): (itemIndex: number) => Map<string, Prefetched> {
	const node = fn.getNode();
	const held = fields.filter((name) => node.parameters?.[name] !== undefined);
	return (itemIndex) => {
		const read = new Map<string, Prefetched>();
		for (const name of held) {
			try {
				read.set(name, { value: readParam(fn, node, name, itemIndex, undefined, names) });
			} catch (error) {
				read.set(name, { error });
			}
		}
		return read;
	};
}

function contextFor(
	fn: IExecuteFunctions,
	node: INode,
	itemIndex: number,
	names: FieldNames,
	oneAtATime: OneAtATime,
	prefetched: Map<string, Prefetched> = new Map(),
): OperationContext {
	let writes = 0;
	const read = new Map<string, { fallback: unknown; value: unknown }>();
	/** A field read ahead (see ParameterPrefetch), handed out once: a later read of an object reads it again. */
	const takePrefetched = (name: string): Prefetched | undefined => {
		const ahead = prefetched.get(name);
		prefetched.delete(name);
		return ahead;
	};
	const ctx: OperationContext = {
		fn,
		node,
		itemIndex,
		param: <T>(name: string, fallback?: T) => {
			// n8n evaluates a field's expression on every read, and in n8n 2.x each evaluation is a call into a
			// separate isolate: most of an item's time. So a field read twice for an item (its ID for the path, then
			// for the words of a 404) is evaluated once. Only plain values are kept: an object is a fresh copy per read.
			const kept = read.get(name);
			if (kept && kept.fallback === fallback) return kept.value as T;
			const ahead = takePrefetched(name);
			if (ahead && 'error' in ahead) throw ahead.error;
			const value = ahead ? ahead.value : readParam(fn, node, name, itemIndex, fallback, names);
			if (value === null || typeof value !== 'object') read.set(name, { fallback, value });
			return value as T;
		},
		jsonParam: <T>(name: string, fallback?: T) => {
			const ahead = isLocatorValue(node.parameters?.[name]) ? undefined : takePrefetched(name);
			if (ahead && 'error' in ahead) throw ahead.error;
			const raw = ahead ? ahead.value : fn.getNodeParameter(name, itemIndex, fallback as never);
			const parsed = parseJsonParameter(node, name, raw, itemIndex, names);
			return (parsed === undefined ? fallback : parsed) as T;
		},
		validate: (schema, value) => validateInput(node, schema, value, itemIndex, names),
		request: <T>(request: PaySuiteRequest) => sendOnce<T>(fn, request, itemIndex, () => writes++, oneAtATime),
		refuse: (path: string, problem: string) => refuseField(node, itemIndex, names, path, problem),
		fail: (message: string, description?: string) => {
			throw new NodeOperationError(node, `${message} (item ${itemIndex})`, { itemIndex, description });
		},
	};
	return ctx;
}

/** The node's `resource` and `operation` selectors plus every operation's own fields, shown only where they belong. */
export function buildProperties(resources: PaySuiteResource[]): INodeProperties[] {
	const firstResource = resources[0].value;
	const properties: INodeProperties[] = [
		{
			displayName: 'Resource',
			name: 'resource',
			type: 'options',
			noDataExpression: true,
			options: resources.map(
				(resource): INodePropertyOptions => ({ name: resource.name, value: resource.value, description: resource.description }),
			),
			default: firstResource,
		},
	];
	for (const resource of resources) {
		const firstOperation = resource.operations[0].value;
		properties.push({
			displayName: 'Operation',
			name: 'operation',
			type: 'options',
			noDataExpression: true,
			displayOptions: { show: { resource: [resource.value] } },
			options: resource.operations.map((operation) => ({
				name: operation.name,
				value: operation.value,
				action: operation.action,
				description: operation.description,
			})),
			default: firstOperation,
		});
		for (const operation of resource.operations) {
			for (const property of operation.parallel ? withParallelOption(operation.properties, operation.parallel) : operation.properties) {
				const show = { ...(property.displayOptions?.show ?? {}), resource: [resource.value], operation: [operation.value] };
				properties.push({ ...property, displayOptions: { ...property.displayOptions, show } });
			}
		}
	}
	return properties;
}

const INCLUDE_SECRETS = 'includeSecrets';

const PARALLEL_OPTIONS = 'options';
const IN_PARALLEL = 'requestsInParallel';
export const MAX_IN_PARALLEL = 10;
/** Reads: a few at a time by default. Deduplicated writes (payments): one at a time unless the user chooses. */
const DEFAULT_IN_PARALLEL = { read: 5, deduplicated: 1 } as const;

/** The Requests in Parallel field of an operation whose items may run a few at a time (see PaySuiteOperation.parallel). */
export function parallelProperty(kind: 'read' | 'deduplicated'): INodeProperties {
	const stops =
		kind === 'read'
			? ''
			:  " If an item fails and the node stops the workflow, the items sent beside it may have been done: set Settings › On Error to Continue to get each item's result.";
	const field: INodeProperties = {
		displayName: 'Requests in Parallel',
		name: IN_PARALLEL,
		type: 'number',
		typeOptions: { minValue: 1, maxValue: MAX_IN_PARALLEL, numberPrecision: 0 },
		// A literal for n8n's lint; the kind's default below.
		default: 5,
		description: `How many items are sent to the platform at the same time (1 to ${MAX_IN_PARALLEL}; ${DEFAULT_IN_PARALLEL[kind]} when not set). More is faster with many items. The results keep the order of the input items, each paired with its item. When the platform asks to slow down, all of them wait.${stops}`,
	};
	return { ...field, default: DEFAULT_IN_PARALLEL[kind] };
}

/** The operation's fields with Requests in Parallel in its Options (the collection added when it has none). */
export function withParallelOption(properties: INodeProperties[], kind: 'read' | 'deduplicated'): INodeProperties[] {
	const field = parallelProperty(kind);
	const existing = properties.find((property) => property.name === PARALLEL_OPTIONS);
	if (!existing) return [...properties, optionsCollection([field])];
	if (existing.type !== 'collection') throw new Error(`The field "${PARALLEL_OPTIONS}" must be the Options collection`);
	const options = [...((existing.options ?? []) as INodeProperties[]), field].sort((a, b) => a.displayName.localeCompare(b.displayName));
	return properties.map((property) => (property === existing ? { ...existing, options } : property));
}

/**
 * The one switch that shows secrets (tranKeys, passwords, tokens...) in an output, on every operation whose
 * answer can carry one. Off, or on a node used as an AI tool, each secret is replaced by a marker that says so.
 */
export const includeSecretsProperty: INodeProperties = {
	displayName: 'Include Secrets',
	name: INCLUDE_SECRETS,
	type: 'boolean',
	default: false,
	description:
		'Whether to output the secrets the platform answers with (transactional keys, passwords, API keys, tokens) as they are. Off: each is replaced by "[hidden: turn on Include Secrets]". Executions store their output, so turn it on only when the next node needs them. Never on when the node is used as an AI tool.',
};

/**
 * Runs the chosen operation once per input item. Owns what every operation shares: continue-on-fail,
 * item pairing, and the rule that one failing item never hides the others' results.
 */
export async function executeResources(this: IExecuteFunctions, resources: PaySuiteResource[]): Promise<INodeExecutionData[][]> {
	const items = this.getInputData();
	const resourceValue = this.getNodeParameter('resource', 0) as string;
	const operationValue = this.getNodeParameter('operation', 0) as string;
	const operation = resources.find((r) => r.value === resourceValue)?.operations.find((o) => o.value === operationValue);
	if (!operation) {
		throw new NodeOperationError(this.getNode(), `The operation "${operationValue}" of "${resourceValue}" is not supported`);
	}
	// n8n names the AI-tool variant of a node `<type>Tool`: a tool never gives a secret to a model.
	// n8n's getNode() gives a deep copy of the node on every call: one for the run, shared by its items.
	const node = this.getNode();
	const asTool = node.type.endsWith('Tool');
	const names = fieldNamesOf(operation);
	const oneAtATime = oneAtATimeQueue();
	const inParallel = operation.parallel ? requestsInParallel(this, operation.parallel) : 1;
	// Reads only: their items' fields are read ahead while requests are in flight. Writes read theirs in turn.
	const prefetch =
		operation.parallel === 'read' && items.length > 1
			? new ParameterPrefetch(prefetchFields(this, fieldsOf(operation), names), items.length)
			: undefined;
	const runItem = async (itemIndex: number): Promise<INodeExecutionData[]> => {
		try {
			const ctx = contextFor(this, node, itemIndex, names, oneAtATime, prefetch?.take(itemIndex));
			const produced = await operation.execute(ctx);
			const showSecrets = !asTool && ctx.param<unknown>(INCLUDE_SECRETS, false) === true;
			const shown = showSecrets ? produced : produced.map((item) => ({ ...item, json: hideSecrets(item.json, asTool ? HIDDEN_FROM_TOOL : HIDDEN_SECRET) }));
			return this.helpers.constructExecutionMetaData(shown, { itemData: { item: itemIndex } });
		} catch (error) {
			if (!this.continueOnFail()) {
				const fields = resources.flatMap((resource) => resource.operations.flatMap((entry) => entry.properties));
				throw failedItemError(this.getNode(), error, itemIndex, passwordParameters(fields));
			}
			const failure = error as { message?: string; description?: string | null; httpCode?: string | null };
			return [
				{
					json: {
						error: failure.message ?? String(error),
						...(failure.description ? { description: failure.description } : {}),
						...(failure.httpCode ? { httpCode: failure.httpCode } : {}),
					},
					pairedItem: { item: itemIndex },
				},
			];
		}
	};
	prefetch?.start();
	try {
		return [(await runInOrder(items.length, inParallel, runItem)).flat()];
	} finally {
		prefetch?.stop();
	}
}

/** The top-level fields an operation's items may read (its own, and Options with Requests in Parallel). */
const fieldsOf = (operation: PaySuiteOperation): string[] => [
	...new Set([
		...(operation.parallel ? withParallelOption(operation.properties, operation.parallel) : operation.properties).map((property) => property.name),
		INCLUDE_SECRETS,
	]),
];

/** The Options › Requests in Parallel of the node, within 1..MAX_IN_PARALLEL (set once for the node: item 0's). */
function requestsInParallel(fn: IExecuteFunctions, kind: 'read' | 'deduplicated'): number {
	const chosen = Number(fn.getNodeParameter(`${PARALLEL_OPTIONS}.${IN_PARALLEL}`, 0, DEFAULT_IN_PARALLEL[kind]));
	return Number.isFinite(chosen) ? Math.min(MAX_IN_PARALLEL, Math.max(1, Math.floor(chosen))) : DEFAULT_IN_PARALLEL[kind];
}

/**
 * Runs `run` for items 0..count-1, at most `inParallel` at a time, started in item order, and gives their
 * results in item order. When one fails, no further item starts; those in flight finish, and the failure of the
 * first item that failed is thrown, as a run one at a time would have stopped on it.
 */
export async function runInOrder<T>(count: number, inParallel: number, run: (index: number) => Promise<T>): Promise<T[]> {
	const results: T[] = new Array<T>(count);
	const failures = new Map<number, unknown>();
	let next = 0;
	const worker = async () => {
		while (next < count && failures.size === 0) {
			const index = next++;
			try {
				results[index] = await run(index);
			} catch (error) {
				failures.set(index, error);
			}
		}
	};
	await Promise.all(Array.from({ length: Math.max(1, Math.min(inParallel, count)) }, worker));
	if (failures.size > 0) throw failures.get(Math.min(...failures.keys()));
	return results;
}


/**
 * What a write says when its answer is lost (see LostAnswerError): the outcome is unknown, so it is never sent
 * again. The operation asks the platform what happened where the API lets it, and otherwise tells the user
 * exactly what may have happened and what to check.
 */
export interface LostAnswerWords {
	/** What may have happened, as a user says it: "The refund of 50.00 USD on transaction 123 may have been made". */
	maybe: string;
	/** What to check before trying again: "Check the payment before refunding again: ...". */
	check: string;
	/**
	 * Asks the platform whether the write was done: the record that proves it, or undefined when the platform
	 * does not show it (not yet, or not at all). Never sends the write again.
	 */
	confirm?: () => Promise<IDataObject | undefined>;
}

/** The key added to an item confirmed after a lost answer: the sentence that says so. */
export const CONFIRMED_KEY = 'confirmedAfterLostAnswer';

/**
 * What a write that failed outputs: when its answer was lost (LostAnswerError), the record `words.confirm`
 * finds, marked with CONFIRMED_KEY; otherwise a failure of the item that says the outcome is unknown and what
 * to check. Any other error goes on unchanged.
 */
export async function settleLostAnswer(ctx: OperationContext, error: unknown, words: LostAnswerWords | undefined): Promise<INodeExecutionData[]> {
	if (!(error instanceof LostAnswerError) || !words) throw error;
	const cause = error.lostAnswer.cause;
	let confirmed: IDataObject | undefined;
	let lookupFailed = false;
	if (words.confirm) {
		try {
			confirmed = await words.confirm();
		} catch {
			lookupFailed = true;
		}
	}
	if (confirmed) {
		const sentence = `${words.maybe.replace(/ may have been /, ' was ')}: the platform's answer was lost (${cause}), and the platform, asked again, shows it done.`;
		return toItems({ ...confirmed, [CONFIRMED_KEY]: sentence });
	}
	const looked = !words.confirm
		? ''
		: lookupFailed
			? ' Asking the platform what happened failed too.'
			: ' Asked right after, the platform did not show it done, but it may still be doing it.';
	const notRepeated =
		error.lostAnswer.safety === 'idempotent'
			? ''
			: givenAgain.has(error)
				? " It was not sent again, by this try of n8n's Retry On Fail either: doing it twice could do it twice."
				: ' It was not sent again: doing it twice could do it twice.';
	return ctx.fail(`${words.maybe}: the platform's answer was lost (${cause})`, `${words.check}${looked}${notRepeated}`);
}

/** Sends a request and maps its answer to items; a lost answer is settled with `words` (see settleLostAnswer). */
export async function sendWrite<T = IDataObject>(
	ctx: OperationContext,
	request: PaySuiteRequest,
	words: LostAnswerWords | undefined,
	output: (answer: T) => INodeExecutionData[],
): Promise<INodeExecutionData[]> {
	let answer: PaySuiteResponse<T>;
	try {
		answer = await ctx.request<T>(request);
	} catch (error) {
		return settleLostAnswer(ctx, error, words);
	}
	return output(answer.body);
}

/**
 * The record a request names through one of its fields, for the words of a 404: `notFoundBy('Session',
 * requestIdProperty)` gives "Session 123 was not found: check the Request ID".
 */
export const notFoundBy =
	(what: string, property: Pick<INodeProperties, 'name' | 'displayName'>) =>
	(ctx: OperationContext): NotFoundSubject => ({
		what: `${what} ${String(ctx.param<unknown>(property.name, '') ?? '').trim()}`.trim(),
		field: property.displayName,
	});

/** An amount as people read it: "50.00 USD". */
export function formatAmount(amount: { currency?: unknown; total?: unknown } | undefined): string {
	if (!amount) return '';
	const total = Number(amount.total);
	const shown = Number.isFinite(total) && Math.round(total * 100) === total * 100 ? total.toFixed(2) : String(amount.total);
	return `${shown} ${String(amount.currency ?? '')}`.trim();
}

interface OperationLabels {
	value: string;
	name: string;
	action: string;
	description: string;
	properties: INodeProperties[];
	fieldLabels?: Record<string, string>;
}

const labelsOf = ({ value, name, action, description, fieldLabels }: OperationLabels) => ({ value, name, action, description, fieldLabels });

interface RequestOperationSpec<Body> extends OperationLabels {
	api: ApiName;
	method?: IHttpRequestMethods;
	safety?: RequestSafety;
	path: string | ((ctx: OperationContext, body: Body) => string);
	/** What the user asked for, as the body to send (before validation). */
	body?: (ctx: OperationContext) => unknown;
	/** The spec's rules for that body. */
	schema?: ZodType<Body, ZodTypeDef, unknown>;
	headers?: (ctx: OperationContext, body: Body) => IDataObject;
	/** Answer to output items; the whole answer as one item by default. */
	output?: (answer: IDataObject, ctx: OperationContext, body: Body) => IDataObject | IDataObject[];
	acceptFailedStatus?: boolean;
	refusalHint?: string;
	/** The record the request names, for a 404: "Session 123 was not found: check the Session ID". */
	notFound?: (ctx: OperationContext, body: Body) => NotFoundSubject;
	/** What a 409 means for this request, and what to do. */
	conflictHint?: string;
	/** For a write (`safety: 'write'` or 'idempotent'): what to say, and how to look, when its answer is lost. */
	lostAnswer?: (ctx: OperationContext, body: Body) => LostAnswerWords;
}

/** An operation that is one request: build the body, validate it, send it, map the answer. */
export function requestOperation<Body = IDataObject>(spec: RequestOperationSpec<Body>): PaySuiteOperation {
	const safety = spec.safety ?? ((spec.method ?? 'POST') === 'GET' ? 'read' : 'write');
	return {
		...labelsOf(spec),
		properties: spec.properties,
		...(safety === 'read' ? { parallel: 'read' as const } : safety === 'idempotent' ? { parallel: 'deduplicated' as const } : {}),
		async execute(ctx) {
			const raw = compact(spec.body ? spec.body(ctx) : {});
			const body = (spec.schema ? ctx.validate(spec.schema, raw) : raw) as Body;
			const request: PaySuiteRequest = {
				api: spec.api,
				method: spec.method,
				safety: spec.safety,
				path: typeof spec.path === 'function' ? spec.path(ctx, body) : spec.path,
				body: spec.method === 'GET' ? undefined : (body as IDataObject),
				headers: spec.headers?.(ctx, body),
				acceptFailedStatus: spec.acceptFailedStatus,
				refusalHint: spec.refusalHint,
				notFound: spec.notFound?.(ctx, body),
				conflictHint: spec.conflictHint,
			};
			return sendWrite<IDataObject>(ctx, request, spec.lostAnswer?.(ctx, body), (answer) =>
				toItems(spec.output ? spec.output(answer, ctx, body) : answer),
			);
		},
	};
}

export const returnAllProperty: INodeProperties = {
	displayName: 'Return All',
	name: 'returnAll',
	type: 'boolean',
	default: false,
	description: 'Whether to return all results or only up to a given limit',
};

export const limitProperty: INodeProperties = {
	displayName: 'Limit',
	name: 'limit',
	type: 'number',
	typeOptions: { minValue: 1 },
	default: 50,
	description: 'Max number of results to return',
	displayOptions: { show: { returnAll: [false] } },
};

interface ListOperationSpec<Filters> extends OperationLabels {
	api: ApiName;
	path: string;
	/** The search filters, without pagination. */
	filters: (ctx: OperationContext) => unknown;
	schema?: ZodType<Filters, ZodTypeDef, unknown>;
	/** Key of the records in the answer; `data` in every search of the spec. */
	recordsKey?: string;
}

/** A paginated search: Return All / Limit over the spec's `pagination` block, one output item per record. */
export function listOperation<Filters = IDataObject>(spec: ListOperationSpec<Filters>): PaySuiteOperation {
	return {
		...labelsOf(spec),
		parallel: 'read',
		properties: [...spec.properties, returnAllProperty, limitProperty],
		async execute(ctx) {
			const raw = compact(spec.filters(ctx));
			const filters = (spec.schema ? ctx.validate(spec.schema, raw) : raw) as IDataObject;
			const returnAll = ctx.param<boolean>('returnAll', false);
			const limit = ctx.param<number>('limit', 50);
			const records = await collectPages(
				async (page: PageRequest) => {
					const answer = await ctx.request<IDataObject>({
						api: spec.api,
						path: spec.path,
						safety: 'read',
						body: { ...filters, pagination: page },
					});
					const list = answer.body[spec.recordsKey ?? 'data'];
					return {
						records: Array.isArray(list) ? (list as IDataObject[]) : [],
						pagination: answer.body.pagination as PageBlock | undefined,
					};
				},
				{ returnAll, limit },
			);
			return toItems(records);
		},
	};
}

/** How a "poll until done" flow checks what it waits for, and what it says when the timeout comes first. */
export interface Polling<Subject, Done, Pending = Done> {
	/** One check: done, or still pending with the wait the platform asked for (Retry-After). */
	check(ctx: OperationContext, subject: Subject): Promise<PollOutcome<Done, Pending>>;
	/** Seconds between two checks when the platform asks for no wait of its own. */
	intervalSeconds: number;
	/** The item's failure at the timeout: what is still pending, and how to look at it later. */
	stillPending(
		subject: Subject,
		timedOut: Extract<PollResult<Done, Pending>, { done: false }>,
		timeoutSeconds: number,
	): { message: string; description: string };
}

/**
 * Checks `subject` until it is done, waiting what the platform says between checks, within the timeout. The
 * timeout fails the item with the words of `stillPending`; any other error (the platform's) goes on unchanged.
 */
export async function pollOrFail<Subject, Done, Pending>(
	ctx: OperationContext,
	polling: Polling<Subject, Done, Pending>,
	subject: Subject,
	timing: { timeoutSeconds: number; intervalSeconds?: number },
): Promise<Done> {
	const result = await pollUntilDone(() => polling.check(ctx, subject), {
		timeoutMs: Math.max(0, timing.timeoutSeconds) * 1000,
		defaultDelayMs: (timing.intervalSeconds ?? polling.intervalSeconds) * 1000,
		maxDelayMs: 60_000,
	});
	if (result.done) return result.value;
	const { message, description } = polling.stillPending(subject, result, timing.timeoutSeconds);
	return ctx.fail(message, description);
}

/** A number field in seconds (a parameter name and default that workflows already use). */
interface SecondsField {
	name: string;
	default: number;
	description: string;
}

/** The Timeout (Seconds) field of a flow that waits. */
export const timeoutProperty = ({ name, default: seconds, description }: SecondsField): INodeProperties => ({
	displayName: 'Timeout (Seconds)',
	name,
	type: 'number',
	typeOptions: { minValue: 1 },
	default: seconds,
	description,
});

/** The Poll Interval (Seconds) field: the wait between two checks when the platform asks for none. */
export const intervalProperty = ({ name, default: seconds, description }: SecondsField): INodeProperties => ({
	displayName: 'Poll Interval (Seconds)',
	name,
	type: 'number',
	typeOptions: { minValue: 0 },
	default: seconds,
	description,
});

interface PollingOperationSpec<Subject, Done, Pending> extends OperationLabels {
	/** What to wait for: an ID read from the parameters, or the answer of the request that starts the work. */
	start: (ctx: OperationContext) => Subject | Promise<Subject>;
	polling: Polling<Subject, Done, Pending>;
	/** Added after `properties` as the Timeout (Seconds) field. */
	timeout: SecondsField;
	/** Added after the timeout as a Poll Interval (Seconds) field; without it, `polling.intervalSeconds`. */
	interval?: SecondsField;
	output: (ctx: OperationContext, done: Done, subject: Subject) => INodeExecutionData[] | Promise<INodeExecutionData[]>;
}

/** An operation that starts or names something the platform works on, then asks for it until it is done. */
export function pollingOperation<Subject, Done, Pending = Done>(spec: PollingOperationSpec<Subject, Done, Pending>): PaySuiteOperation {
	const { timeout, interval } = spec;
	return {
		...labelsOf(spec),
		properties: [...spec.properties, timeoutProperty(timeout), ...(interval ? [intervalProperty(interval)] : [])],
		async execute(ctx) {
			const subject = await spec.start(ctx);
			const done = await pollOrFail(ctx, spec.polling, subject, {
				timeoutSeconds: ctx.param<number>(timeout.name, timeout.default),
				intervalSeconds: interval ? ctx.param<number>(interval.name, interval.default) : undefined,
			});
			return spec.output(ctx, done, subject);
		},
	};
}
