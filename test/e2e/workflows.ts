/**
 * The workflows the e2e tests import into a real n8n: one per node (its main operations chained) and one per
 * trigger (the trigger followed by an HTTP Request that reports the trigger's item to a capture server in the
 * test). Parameter names come from the nodes' sources (nodes/<Node>/actions/...).
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- runs in Node, not in n8n: eslint.dev.config.mjs lints it */
import { merchantCreateParameters, sessionCreateParameters } from '../helpers/fixtures';
import { chain, manualTrigger, nodeType, type Connections, type WorkflowNode } from './harness';

export interface E2eWorkflow {
	id: string;
	name: string;
	nodes: WorkflowNode[];
	connections: Connections;
}

type Creds = Record<string, { id: string; name: string }>;

const start = () => manualTrigger();

/** Nodes in a straight line, laid out left to right. */
function line(id: string, name: string, nodes: WorkflowNode[]): E2eWorkflow {
	const connections = chain(...nodes.map((node) => node.name));
	return { id, name, nodes: nodes.map((n, i) => ({ position: [i * 240, 0] as [number, number], ...n })), connections };
}

const api = (creds: Creds) => ({ paySuiteApi: creds.paySuiteApi });
const onboarding = (creds: Creds) => ({ paySuiteOnboardingApi: creds.paySuiteOnboardingApi });

/** A PaySuite Autopay Trigger named "Trigger" on every event, at the far left (a workflow's first node). */
export function autopayTriggerNode(creds: Creds, webhookId: string) {
	return { name: 'Trigger', type: nodeType('paySuiteAutopayTrigger'), typeVersion: 1, position: [0, 0], webhookId, credentials: api(creds), parameters: { events: [] } };
}

/** An HTTP Request node (n8n-nodes-base.httpRequest v4.2) that POSTs a JSON body. */
export function httpPost(name: string, url: string, jsonBody: string): WorkflowNode {
	return {
		name,
		type: 'n8n-nodes-base.httpRequest',
		typeVersion: 4.2,
		parameters: { method: 'POST', url, sendBody: true, specifyBody: 'json', jsonBody, options: {} },
	};
}

export const EXPIRES = `${new Date().getUTCFullYear() + 1}-03-01T10:15:00`;

/** Payment link: create → get → disable → get (now inactive). */
export function paymentLinkWorkflow(creds: Creds, reference: string): E2eWorkflow {
	const link = nodeType('paySuitePaymentLink');
	return line('psE2eLink', 'E2E Payment Link', [
		start(),
		{
			name: 'Create Link',
			type: link,
			credentials: api(creds),
			parameters: {
				resource: 'paymentLink',
				operation: 'create',
				name: 'Deal 42',
				reference,
				description: 'Annual plan for ACME',
				currency: 'USD',
				total: 1200,
				expirationDate: EXPIRES,
				paymentExpiration: 30,
				additionalFields: {},
			},
		},
		{ name: 'Get Link', type: link, credentials: api(creds), parameters: { resource: 'paymentLink', operation: 'get', linkId: { __rl: true, mode: 'id', value: '={{ $json.id }}' }, options: {} } },
		{ name: 'Disable Link', type: link, credentials: api(creds), parameters: { resource: 'paymentLink', operation: 'disable', linkId: { __rl: true, mode: 'id', value: "={{ $('Create Link').item.json.id }}" } } },
		{ name: 'Get Disabled', type: link, credentials: api(creds), parameters: { resource: 'paymentLink', operation: 'get', linkId: { __rl: true, mode: 'id', value: "={{ $('Create Link').item.json.id }}" }, options: {} } },
	]);
}

/** Checkout session: create → the buyer pays in the sandbox → get (one item per payment) → full refund. */
export function sessionWorkflow(creds: Creds, sandboxUrl: string, reference: string): E2eWorkflow {
	const session = nodeType('paySuiteSession');
	return line('psE2eSession', 'E2E Session', [
		start(),
		{
			name: 'Create Session',
			type: session,
			credentials: api(creds),
			parameters: sessionCreateParameters({ reference, buyer: { email: 'buyer@example.com', name: 'Ana' }, additionalFields: {} }),
		},
		httpPost('Pay In Sandbox', `=${sandboxUrl}/__sandbox/sessions/{{ $json.requestId }}/pay`, '{"status": "APPROVED"}'),
		{
			name: 'Get Session',
			type: session,
			credentials: api(creds),
			parameters: { resource: 'session', operation: 'get', requestId: { __rl: true, mode: 'id', value: "={{ $('Create Session').item.json.requestId }}" }, simple: false, options: { splitPayments: true } },
		},
		{
			name: 'Refund',
			type: session,
			credentials: api(creds),
			parameters: { resource: 'transaction', operation: 'refund', internalReference: { __rl: true, mode: 'id', value: '={{ $json.internalReference }}' }, refundType: 'full', simple: false },
		},
	]);
}

/** Scheduled report pull: request a transaction report and wait for its rows. */
export function reportWorkflow(creds: Creds, startDate: string, endDate: string): E2eWorkflow {
	return line('psE2eReport', 'E2E Report', [
		start(),
		{
			name: 'Report',
			type: nodeType('paySuiteGateway'),
			credentials: api(creds),
			parameters: {
				resource: 'report',
				operation: 'requestAndWait',
				startDate,
				endDate,
				filters: {},
				options: {},
				output: 'items',
				timeout: 60,
				pollInterval: 1,
			},
		},
	]);
}

/** A resource locator's "By ID" value, as the editor saves it. */
const byId = (value: string | number) => ({ __rl: true, mode: 'id', value: String(value) });

/** Site set-up: create a site → create a merchant payment method → add it to the new site. */
export function siteWorkflow(creds: Creds, customerId: number, siteName: string): E2eWorkflow {
	const method = nodeType('paySuitePaymentMethod');
	return line('psE2eSite', 'E2E Site', [
		start(),
		{ name: 'Create Site', type: nodeType('paySuiteSite'), credentials: api(creds), parameters: { resource: 'site', operation: 'create', merchantId: byId(customerId), name: siteName, additionalFields: {} } },
		{
			name: 'Create Method',
			type: method,
			credentials: api(creds),
			parameters: {
				resource: 'merchantPaymentMethod',
				operation: 'create',
				merchantId: byId(customerId),
				code: 'CRA',
				commissionModel: 'F',
				commissionValue: 0.35,
				accountType: 2,
				accountNumber: '00123456789012345678',
				additionalFields: {},
				settings: {},
			},
		},
		{
			name: 'Add To Site',
			type: method,
			credentials: api(creds),
			parameters: {
				resource: 'sitePaymentMethod',
				operation: 'addToSite',
				siteId: byId("={{ $('Create Site').item.json.id }}"),
				paymentMethodId: byId('={{ $json.id }}'),
				additionalFields: { minAmount: 10, maxAmount: 5000 },
				settings: {},
			},
		},
	]);
}

/** Merchant onboarding: create with Wait for Completion → get the merchant. */
export function merchantWorkflow(creds: Creds, brand: string): E2eWorkflow {
	const merchant = nodeType('paySuiteMerchant');
	return line('psE2eMerchant', 'E2E Merchant', [
		start(),
		{
			name: 'Create Merchant',
			type: merchant,
			credentials: onboarding(creds),
			parameters: merchantCreateParameters({ brand, timeoutSeconds: 60, options: {} }),
		},
		{ name: 'Get Merchant', type: merchant, credentials: onboarding(creds), parameters: { resource: 'merchant', operation: 'get', merchantId: { __rl: true, mode: 'id', value: '={{ $json.merchantId }}' }, options: {} } },
	]);
}

/** Notification: send an e-mail and an SMS. */
export function notificationWorkflow(creds: Creds): E2eWorkflow {
	return line('psE2eNotify', 'E2E Notification', [
		start(),
		{
			name: 'Send',
			type: nodeType('paySuiteNotification'),
			credentials: onboarding(creds),
			parameters: {
				resource: 'message',
				operation: 'send',
				message: 'Your store is ready',
				channels: { email: { email: 'owner@acme.example.com', subject: 'Welcome' }, sms: { phoneNumber: '+573001112233', shortMessage: 'Store ready' } },
				additionalFields: {},
			},
		},
	]);
}

/** Fixed webhook ids, so the production URL of each trigger is known: /webhook/<webhookId>/<path>. */
export const WEBHOOK_IDS = {
	autopay: 'a0c1e2e0-0000-4000-8000-00000000a001',
	checkout: 'a0c1e2e0-0000-4000-8000-00000000c002',
	onboarding: 'a0c1e2e0-0000-4000-8000-00000000e003',
} as const;

export type TriggerKind = keyof typeof WEBHOOK_IDS;

/** A trigger followed by an HTTP Request that POSTs the trigger's item to `captureUrl/<kind>`. */
export function triggerWorkflow(kind: TriggerKind, creds: Creds, captureUrl: string): E2eWorkflow {
	const spec = {
		autopay: { id: 'psE2eAutopayTrig', type: 'paySuiteAutopayTrigger', credentials: api(creds), parameters: { events: [] } },
		checkout: { id: 'psE2eCheckoutTrig', type: 'paySuiteCheckoutTrigger', credentials: api(creds), parameters: { statuses: [], options: {} } },
		onboarding: { id: 'psE2eOnboardTrig', type: 'paySuiteOnboardingTrigger', credentials: onboarding(creds), parameters: { actions: [], outcomes: [], options: {} } },
	}[kind];
	return line(spec.id, `E2E ${kind} trigger`, [
		{ name: 'Trigger', type: nodeType(spec.type), typeVersion: 1, webhookId: WEBHOOK_IDS[kind], credentials: spec.credentials, parameters: spec.parameters },
		httpPost('Report Run', `${captureUrl}/${kind}`, '={{ JSON.stringify($json) }}'),
	]);
}

export function webhookPath(kind: TriggerKind): string {
	return `/webhook/${WEBHOOK_IDS[kind]}/${kind}`;
}

/** A paid 120.50 USD payment: session create → the buyer pays in the sandbox → get, one item per payment. */
export function paidPaymentWorkflow(creds: Creds, sandboxUrl: string, reference: string, id = 'psE2ePaidPayment'): E2eWorkflow {
	const session = sessionWorkflow(creds, sandboxUrl, reference);
	const [, create, pay, get] = session.nodes;
	return line(id, `E2E paid payment ${reference}`, [start(), create, pay, { ...get, parameters: { ...get.parameters, simple: true } }]);
}

/** The internal reference of the paid payment a paidPaymentWorkflow run made (its stored run). */
export const paidInternalReference = (run: any): string => String(run.resultData.runData['Get Session'][0].data.main[0][0].json.internalReference);

/** Session › Transaction › Refund of a partial 20.00 USD, its Options as given. */
export function partialRefundNode(creds: Creds, internalReference: string, options: Record<string, unknown> = {}): WorkflowNode {
	return {
		name: 'Refund',
		type: nodeType('paySuiteSession'),
		typeVersion: 2,
		credentials: api(creds),
		parameters: { resource: 'transaction', operation: 'refund', internalReference: byId(internalReference), refundType: 'partial', currency: 'USD', total: 20, options },
	};
}

/** A No Operation node: the later step a user runs with Execute step. */
export const laterStep = (name = 'After Refund'): WorkflowNode => ({ name, type: 'n8n-nodes-base.noOp', typeVersion: 1, parameters: {} });

/** Manual start → Session › Refund (partial 20.00 USD of `internalReference`) → a later step. */
export function refundThenLaterStep(id: string, creds: Creds, internalReference: string, options: Record<string, unknown> = {}): E2eWorkflow {
	return line(id, `E2E refund then a later step ${id}`, [start(), partialRefundNode(creds, internalReference, options), laterStep()]);
}

/** Notification › Send of one e-mail and SMS, its Options as given. */
export function messageNode(creds: Creds, message: string, options: Record<string, unknown> = {}): WorkflowNode {
	const { parameters, ...send } = notificationWorkflow(creds).nodes[1];
	return { ...send, parameters: { ...parameters, message, options } };
}

/** Manual start → Notification › Send → a later step. */
export function messageThenLaterStep(id: string, creds: Creds, message: string, options: Record<string, unknown> = {}): E2eWorkflow {
	return line(id, `E2E message then a later step ${id}`, [start(), messageNode(creds, message, options), laterStep('After Send')]);
}

/** n8n's Webhook node (v2) on `path`, answering with the last node's output once the run has ended. */
export function webhookStart(path: string, webhookId: string): WorkflowNode {
	return { name: 'Webhook', type: 'n8n-nodes-base.webhook', typeVersion: 2, webhookId, parameters: { httpMethod: 'POST', path, responseMode: 'lastNode', options: {} } };
}

/**
 * The editor's *Execute step* on `nodeName` when nothing before it has run data (a new session, or its input
 * cleared): the body n8n 2.40.7's editor posts to `POST /rest/workflows/:id/run` (useRunWorkflow.ts: no
 * `runData`, no `triggerToStartFrom`, `destinationNode` inclusive). n8n then runs the workflow from its trigger
 * to that node: every node before it runs again.
 */
export const executeStepBody = (workflowId: string, nodeName: string) => ({ workflowId, startNodes: [], destinationNode: { nodeName, mode: 'inclusive' } });
