/**
 * The two n8n builds of "Session › Get for each item" the request cases compare: the package's node, and what a
 * user builds by hand (a Code node that signs, then an HTTP Request node). Both read the same items from the
 * same Code node (not counted).
 */
/* eslint-disable @typescript-eslint/no-require-imports -- runs in Node, not in n8n: eslint.dev.config.mjs lints it */
import type { RunningSandbox } from '../../sandbox';
import type { BenchN8n } from './types';
import { itemsNode, MANUAL_TRIGGER, saveWorkflow, type BenchNode, type SavedWorkflow } from './workflow';

const PACKAGE_NAME: string = require('../../package.json').name;

export const PACKAGE_NODE = 'Get session';
export const SIGN_NODE = 'Sign';
export const HTTP_NODE = 'HTTP Request';

/**
 * The package's Session › Get, with Options › Requests in Parallel. The Session ID is the expression
 * `{{ $json.id }}`, as a user writes it; with `fixedId` it is that value written as is (no expression per item),
 * to show how much of an item's time is n8n evaluating the expression.
 */
export function packageWorkflow(n8n: BenchN8n, ids: Array<number | string>, inParallel: number, name: string, fixedId?: number | string): Promise<SavedWorkflow> {
	const node: BenchNode = {
		name: PACKAGE_NODE,
		type: `${PACKAGE_NAME}.paySuiteSession`,
		typeVersion: 1,
		parameters: {
			resource: 'session',
			operation: 'get',
			requestId: { __rl: true, mode: 'id', value: fixedId === undefined ? '={{ $json.id }}' : String(fixedId) },
			simple: false,
			options: { requestsInParallel: inParallel },
		},
		credentials: { paySuiteApi: { id: n8n.credentialIds.paySuiteApi, name: 'PaySuite API' } },
	};
	return saveWorkflow(n8n, name, [MANUAL_TRIGGER, itemsNode('Items', ids.map((id) => ({ id }))), node]);
}

/**
 * What a user builds: a Code node signing each item (Base64(SHA-256(nonce + seed + secretKey)), the key written
 * in the code), then an HTTP Request node (defaults: every item's request sent at once) posting `{auth}` to the
 * session query.
 */
export function handBuiltWorkflow(n8n: BenchN8n, sandbox: RunningSandbox, ids: Array<number | string>, name: string): Promise<SavedWorkflow> {
	const { login, secretKey } = sandbox.credentials;
	const sign: BenchNode = {
		name: SIGN_NODE,
		type: 'n8n-nodes-base.code',
		typeVersion: 2,
		parameters: {
			mode: 'runOnceForAllItems',
			jsCode: [
				"const crypto = require('crypto');",
				`const login = ${JSON.stringify(login)};`,
				`const secretKey = ${JSON.stringify(secretKey)};`,
				'return $input.all().map((item) => {',
				'  const nonce = crypto.randomBytes(16);',
				'  const seed = new Date().toISOString();',
				"  const tranKey = crypto.createHash('sha256').update(Buffer.concat([nonce, Buffer.from(seed + secretKey)])).digest('base64');",
				"  return { json: { id: item.json.id, body: { auth: { login, tranKey, nonce: nonce.toString('base64'), seed } } } };",
				'});',
			].join('\n'),
		},
	};
	const http: BenchNode = {
		name: HTTP_NODE,
		type: 'n8n-nodes-base.httpRequest',
		typeVersion: 4.2,
		parameters: {
			method: 'POST',
			url: `=${sandbox.url}/api/session/{{ $json.id }}`,
			sendBody: true,
			specifyBody: 'json',
			jsonBody: '={{ JSON.stringify($json.body) }}',
			options: {},
		},
	};
	return saveWorkflow(n8n, name, [MANUAL_TRIGGER, itemsNode('Items', ids.map((id) => ({ id }))), sign, http]);
}

export const EXPRESSION_NODE = 'Read ID';

/**
 * n8n's own cost of one expression per item: an Edit Fields node setting `id` from `{{ $json.id }}`, the same
 * expression the package's Session ID holds. No request: what any node pays before it sends anything.
 */
export function expressionWorkflow(n8n: BenchN8n, ids: Array<number | string>, name: string): Promise<SavedWorkflow> {
	const set: BenchNode = {
		name: EXPRESSION_NODE,
		type: 'n8n-nodes-base.set',
		typeVersion: 3.4,
		parameters: {
			mode: 'manual',
			assignments: { assignments: [{ id: 'id', name: 'id', value: '={{ $json.id }}', type: 'string' }] },
			options: {},
		},
	};
	return saveWorkflow(n8n, name, [MANUAL_TRIGGER, itemsNode('Items', ids.map((id) => ({ id }))), set]);
}

/** The session query's path for each id (the keep-alive loop's requests). */
export const sessionPaths = (ids: Array<number | string>): string[] => ids.map((id) => `/api/session/${id}`);
