/**
 * No secret in a saved execution, in a REAL n8n 2.40.7, for the node and for its AI-tool variant. One workflow:
 * - Site > Create and Site > Update Branding (whose answers carry the new site's tranKey, and the site's
 *   credentials) with Include Secrets off;
 * - an AI Agent with an OpenAI Chat Model and the Site node as a tool (`<package>.paySuiteSiteTool`, Update
 *   Branding with Include Secrets ON, which a tool ignores). The chat model talks to a fake OpenAI-compatible
 *   server on loopback in this test: its first answer calls the tool, its second (once it has the tool's
 *   result) is a final text. No internet is needed.
 * The model must receive the tool's result with a marker where the site's tranKey is and no secret; the
 * execution n8n stored (GET /rest/executions/{id}, what the executions list opens) must hold none of the
 * sandbox's secrets either, only the markers.
 * Needs `npm run build` first (skips itself otherwise).
 */
/* eslint-disable @n8n/community-nodes/no-restricted-imports -- runs in Node, not in n8n: eslint.dev.config.mjs lints it */
import * as http from 'http';
import type { AddressInfo } from 'net';

import { startSandbox, type RunningSandbox } from '../../sandbox';
import {
	addCredentials,
	addSandboxCredentials,
	describeWithBuild,
	manualTrigger,
	nodeType,
	runWorkflow,
	outcomes,
	setupN8n,
	startServer,
	storedRun,
	teardownN8n,
	type Connections,
	type N8nHandle,
	type ServerHandle,
	type WorkflowNode,
} from './harness';

const HIDDEN = '[hidden: turn on Include Secrets]';
const HIDDEN_FROM_TOOL = '[hidden: never given to an AI tool]';
const FINAL_ANSWER = 'The sidebar colour is set.';

interface ChatRequest {
	model?: string;
	stream?: boolean;
	messages: Array<{ role: string; content?: unknown; tool_call_id?: string; tool_calls?: unknown[] }>;
	tools?: Array<{ type: string; function: { name: string; description?: string } }>;
}

/**
 * A fake OpenAI-compatible chat model: POST /v1/chat/completions answers with a call of the first tool offered
 * until the conversation holds a tool result, then with a final text (as JSON, or as server-sent events when
 * the request asks to stream). Records every request body.
 */
async function startFakeChatModel() {
	const requests: ChatRequest[] = [];
	const answer = (body: ChatRequest) => {
		const toolName = body.tools?.[0]?.function.name;
		const hasToolResult = body.messages.some((message) => message.role === 'tool');
		if (hasToolResult || !toolName) return { message: { role: 'assistant', content: FINAL_ANSWER }, finish: 'stop' };
		const call = { id: `call_${requests.length}`, type: 'function', function: { name: toolName, arguments: '{}' } };
		return { message: { role: 'assistant', content: null, tool_calls: [call] }, finish: 'tool_calls' };
	};
	const server = http.createServer((req, res) => {
		const chunks: Buffer[] = [];
		req.on('data', (chunk: Buffer) => chunks.push(chunk));
		req.on('end', () => {
			const send = (status: number, body: unknown) => {
				res.writeHead(status, { 'content-type': 'application/json' });
				res.end(JSON.stringify(body));
			};
			if (req.method === 'GET' && req.url === '/v1/models') return send(200, { object: 'list', data: [{ id: 'fake-model', object: 'model' }] });
			if (req.method !== 'POST' || req.url !== '/v1/chat/completions') return send(404, { error: { message: `no ${req.method} ${req.url}` } });
			const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as ChatRequest;
			requests.push(body);
			const { message, finish } = answer(body);
			const base = { id: `chatcmpl-${requests.length}`, created: Math.floor(Date.now() / 1000), model: body.model ?? 'fake-model' };
			const usage = { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 };
			if (!body.stream) {
				return send(200, { ...base, object: 'chat.completion', choices: [{ index: 0, message, finish_reason: finish, logprobs: null }], usage });
			}
			const delta = message.tool_calls ? { ...message, tool_calls: message.tool_calls.map((call, index) => ({ index, ...call })) } : message;
			const events = [
				{ ...base, object: 'chat.completion.chunk', choices: [{ index: 0, delta, finish_reason: null }] },
				{ ...base, object: 'chat.completion.chunk', choices: [{ index: 0, delta: {}, finish_reason: finish }], usage },
			];
			res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
			res.end(events.map((event) => `data: ${JSON.stringify(event)}\n\n`).join('') + 'data: [DONE]\n\n');
		});
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
	return { url, requests, stop: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

const describeIfBuilt = describeWithBuild('e2e secrets');

describeIfBuilt('no secret in a saved execution', () => {
	let n8n: N8nHandle | undefined;
	let sandbox: RunningSandbox | undefined;
	let server: ServerHandle | undefined;
	let model: Awaited<ReturnType<typeof startFakeChatModel>> | undefined;

	beforeAll(async () => {
		sandbox = await startSandbox({ port: 0, retryAfterSeconds: 0 });
		model = await startFakeChatModel();
		n8n = await setupN8n();
	});
	afterAll(async () => {
		await server?.stop();
		await model?.stop();
		await sandbox?.stop();
		await teardownN8n(n8n);
	});

	it('Site node with Include Secrets off and Site as an AI Agent tool: markers in the model and the stored execution, no secret', async () => {
		const credentials = await addSandboxCredentials(n8n!, sandbox!);
		const openAi = await addCredentials(n8n!, [{ type: 'openAiApi', name: 'Fake chat model', data: { apiKey: 'sk-fake-e2e', url: model!.url } }]);
		const site = (name: string, parameters: Record<string, unknown>, type = 'paySuiteSite'): WorkflowNode => ({
			name,
			type: nodeType(type),
			credentials: { paySuiteApi: credentials.paySuiteApi },
			parameters,
		});
		const siteId = sandbox!.credentials.siteId;
		const byId = (id: unknown) => ({ __rl: true, mode: 'id', value: String(id) });
		const nodes: WorkflowNode[] = [
			manualTrigger(),
			site('Create Site', { resource: 'site', operation: 'create', merchantId: byId(sandbox!.credentials.customerId), name: 'E2E shop' }),
			// Simplify off: the site as the platform answers it, credentials included, which the node must hide.
			site('Brand Site', { resource: 'site', operation: 'updateBranding', siteId: byId(siteId), branding: { sidebarColor: '#abcdef' }, simple: false }),
			{
				name: 'AI Agent',
				type: '@n8n/n8n-nodes-langchain.agent',
				typeVersion: 3.1,
				parameters: { promptType: 'define', text: `Set the sidebar colour of site ${siteId} to #123456 and tell me its login.`, options: {} },
			},
			{
				name: 'Chat Model',
				type: '@n8n/n8n-nodes-langchain.lmChatOpenAi',
				typeVersion: 1.3,
				// The Chat Completions API (what OpenAI-compatible servers offer), not the Responses API.
				parameters: { model: { __rl: true, mode: 'id', value: 'fake-model' }, responsesApiEnabled: false, options: {} },
				credentials: { openAiApi: openAi.openAiApi },
			},
			site(
				'Site Tool',
				{ resource: 'site', operation: 'updateBranding', siteId: byId(siteId), branding: { sidebarColor: '#123456' }, includeSecrets: true, simple: false },
				'paySuiteSiteTool',
			),
		];
		const connections: Connections = {
			Start: { main: [[{ node: 'Create Site', type: 'main', index: 0 }, { node: 'AI Agent', type: 'main', index: 0 }]] },
			'Create Site': { main: [[{ node: 'Brand Site', type: 'main', index: 0 }]] },
			'Chat Model': { ai_languageModel: [[{ node: 'AI Agent', type: 'ai_languageModel', index: 0 }]] },
			'Site Tool': { ai_tool: [[{ node: 'AI Agent', type: 'ai_tool', index: 0 }]] },
		};
		const run = await runWorkflow(n8n!, nodes, connections, { id: `secrets${Date.now() % 1_000_000}` });
		expect({ exitCode: run.exitCode, error: run.output?.data?.resultData?.error?.message }).toEqual({ exitCode: 0, error: undefined });

		const tranKey = sandbox!.world.sites.find((entry) => String(entry.id) === String(siteId))?.secretKey;
		const secrets = [sandbox!.credentials.secretKey, sandbox!.credentials.accessToken, ...sandbox!.world.sites.map((entry) => entry.secretKey)];
		expect(tranKey).toEqual(expect.stringMatching(/^[^[]{8,}$/));
		expect(secrets).toContain(tranKey);
		// The sandbox did answer the nodes: a new site was made, with a secret key of its own.
		expect(new Set(secrets).size).toBeGreaterThanOrEqual(3);

		// The model was asked twice: it called the Site tool, then got the tool's result and answered.
		const requests = model!.requests;
		expect(requests).toHaveLength(2);
		const toolName = requests[0].tools?.[0]?.function.name;
		expect(toolName).toBe('Site_Tool');
		const toolResults = requests[1].messages.filter((message) => message.role === 'tool');
		expect(toolResults).toHaveLength(1);
		const result = JSON.parse(String(toolResults[0].content));
		const read = Array.isArray(result) ? result[0] : result;
		expect(read).toMatchObject({ id: siteId, branding: { sidebarColor: '#123456' }, credentials: [{ tranKey: HIDDEN_FROM_TOOL }] });
		const sentToModel = JSON.stringify(requests);
		expect(sentToModel).not.toContain(HIDDEN);
		for (const secret of secrets) expect(sentToModel.includes(secret)).toBe(false);

		server = await startServer(n8n!);
		const filter = encodeURIComponent(JSON.stringify({ workflowId: run.workflowId }));
		const listed = await server.rest.call('GET', `/rest/executions?filter=${filter}`);
		expect(listed.status).toBe(200);
		const [execution] = listed.json.data.results as Array<{ id: string; status: string }>;
		expect(await outcomes(server.rest, [execution])).toEqual([{ status: 'success' }]);
		const stored = await server.rest.call('GET', `/rest/executions/${execution.id}`);
		expect(stored.status).toBe(200);
		const text = stored.text;
		expect(text).toContain(HIDDEN);
		expect(text).toContain(HIDDEN_FROM_TOOL);
		expect(text).toContain('#abcdef');
		expect(text).toContain(FINAL_ANSWER);
		for (const secret of secrets) expect(text.includes(secret)).toBe(false);

		// Where the markers are: the Site node's output, the tool's run (AI Agent v3 has the engine run its tools
		// as runs of their own, output on `ai_tool`), and the agent's answer.
		const runData = storedRun(stored.json.data).resultData.runData;
		const first = (node: string, type: string) => runData[node]?.[0]?.data?.[type]?.[0]?.[0]?.json;
		expect(first('Brand Site', 'main')).toMatchObject({ id: siteId, credentials: [{ tranKey: HIDDEN }], onboardingToken: HIDDEN });
		expect(runData['Site Tool']).toHaveLength(1);
		expect(first('Site Tool', 'ai_tool')).toMatchObject({ id: siteId, credentials: [{ tranKey: HIDDEN_FROM_TOOL }], onboardingToken: HIDDEN_FROM_TOOL });
		expect(first('AI Agent', 'main')).toEqual({ output: FINAL_ANSWER });
	});
});
