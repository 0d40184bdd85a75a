/**
 * Outbound events: the webhooks the platform sends to merchants (autopay, checkout notifications, onboarding
 * process results), fired by control calls under /__sandbox/webhooks/ and, for onboarding, when a process
 * with a notification URL finishes; and the gateway's report callback when a report with a callbackUrl is
 * ready. See docs/sandbox/events.md.
 *
 * Written from the spec and the design notes, never from the nodes: the signatures are computed here with
 * the sandbox's own code.
 *  - autopay: `signature` = "sha256:" + hex SHA-256(id + type + date + secretKey)
 *  - checkout: `signature` = "sha256:" + hex SHA-256(requestId + status.status + status.date + secretKey),
 *    or the legacy unprefixed hex SHA-1 of the same string
 *  - onboarding: header `X-Signature: t=<unix seconds>,kid=<key id>,v1=hex(HMAC-SHA256(secret, t + "." + body))`
 */
import { createHash, createHmac, randomUUID } from 'crypto';

import { findSession } from './checkout';
import { invalidField, isoNow, notFound, ok, statusBlock, type SandboxApp, type SandboxRequest, type SandboxResponse } from '../http';
import { deliver, type Delivery } from '../webhooks';

/** A finished onboarding process, as the onboarding routes keep it. */
export interface FinishedProcess {
	processId: string;
	action: 'merchant.create' | 'merchant.update';
	status: string;
	notificationUrl: string;
}

export const AUTOPAY_TYPES = ['AUTOPAY_CREATED', 'AUTOPAY_UPDATED', 'AUTOPAY_TRANSACTION_FAILED', 'AUTOPAY_CANCELED'];

/** One outbound call, kept for GET /__sandbox/webhooks/deliveries. */
export interface DeliveryRecord {
	seq: number;
	kind: 'autopay' | 'checkout' | 'onboarding' | 'report';
	url: string;
	/** Headers the sandbox added (X-Signature for onboarding). */
	headers: Record<string, string>;
	/** The body as sent (text, since a test may send one that is not JSON). */
	body: string;
	status: number;
	response: string;
	error?: string;
	at: string;
}

interface EventsState {
	deliveries: DeliveryRecord[];
}

const state = (app: SandboxApp): EventsState => app.world.slice<EventsState>('events', () => ({ deliveries: [] }));

const sha = (algorithm: 'sha256' | 'sha1', text: string) => createHash(algorithm).update(text, 'utf8').digest('hex');

/** Changes the last hex digit, so that a signature keeps its form but no longer matches. */
const tamperHex = (signature: string): string => signature.slice(0, -1) + (signature.endsWith('0') ? '1' : '0');

export function autopaySignature(id: string, type: string, date: string, secretKey: string): string {
	return `sha256:${sha('sha256', `${id}${type}${date}${secretKey}`)}`;
}

export function checkoutSignature(requestId: string | number, status: string, date: string, secretKey: string, legacySha1 = false): string {
	const text = `${String(requestId)}${status}${date}${secretKey}`;
	return legacySha1 ? sha('sha1', text) : `sha256:${sha('sha256', text)}`;
}

export function processSignatureHeader(secret: string, keyId: string, timestamp: number, body: string): string {
	const v1 = createHmac('sha256', secret).update(`${timestamp}.${body}`, 'utf8').digest('hex');
	return `t=${timestamp},kid=${keyId},v1=${v1}`;
}

async function send(app: SandboxApp, kind: DeliveryRecord['kind'], url: string, body: string, headers: Record<string, string> = {}): Promise<Delivery> {
	const delivery = await deliver(url, body, headers);
	const deliveries = state(app).deliveries;
	deliveries.push({
		seq: deliveries.length + 1,
		kind,
		url,
		headers,
		body,
		status: delivery.status,
		response: delivery.body,
		...(delivery.error ? { error: delivery.error } : {}),
		at: isoNow(),
	});
	if (deliveries.length > 500) deliveries.splice(0, deliveries.length - 500);
	app.world.save();
	return delivery;
}

/** The body of an onboarding process notification (the spec does not show it; this is the sandbox's form). */
function processNotificationBody(processId: string, action: string, status: string): Record<string, unknown> {
	const final =
		status === 'OK'
			? statusBlock('OK', '00', 'The process finished successfully')
			: status === 'PENDING'
				? statusBlock('PENDING', null, 'The process is waiting to be processed')
				: statusBlock(status, 'VALIDATION', 'The process failed');
	return { processId, action, status: final, date: isoNow() };
}

/**
 * Delivers an onboarding process result to its notification URL, signed with `X-Signature`.
 * Called by routes/onboarding.ts when a process with a notification URL becomes final.
 */
export async function notifyProcessFinished(app: SandboxApp, process: FinishedProcess): Promise<Delivery | undefined> {
	if (!process.notificationUrl) return undefined;
	const { notificationSecret, notificationKeyId } = app.world.credentials;
	const body = JSON.stringify(processNotificationBody(process.processId, process.action, process.status));
	const header = processSignatureHeader(notificationSecret, notificationKeyId, Math.floor(Date.now() / 1000), body);
	return send(app, 'onboarding', process.notificationUrl, body, { 'x-signature': header });
}

/**
 * Tells a gateway report's `callbackUrl` that the report is ready: `{id, status}` with status OK / 00, unsigned.
 * The spec shows no callback body; this small notice is the sandbox's choice. Called by routes/gateway.ts.
 */
export async function notifyReportReady(app: SandboxApp, report: { id: number; callbackUrl: string }): Promise<Delivery> {
	const body = JSON.stringify({ id: report.id, status: statusBlock('OK', '00', 'The report is ready to be obtained') });
	return send(app, 'report', report.callbackUrl, body);
}

// ---------------------------------------------------------------------------------------------------------
// Control endpoints
// ---------------------------------------------------------------------------------------------------------

type Json = Record<string, any>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

function checkUrl(body: Json): SandboxResponse | undefined {
	if (typeof body.url !== 'string' || !/^https?:\/\/[^\s]+$/i.test(body.url)) return invalidField('url', 'must be an http(s) URL');
	return undefined;
}

function controlBody(request: SandboxRequest): { body: Json; refusal?: undefined } | { refusal: SandboxResponse } {
	if (!isObject(request.body)) return { refusal: invalidField('body', 'must be a JSON object') };
	const refusal = checkUrl(request.body);
	return refusal ? { refusal } : { body: request.body };
}

/** The text to send: the given `rawBody` as is, or the event as JSON without the fields in `omitField`. */
function payloadText(body: Json, event: Json): string {
	if (typeof body.rawBody === 'string') return body.rawBody;
	const omitted = Array.isArray(body.omitField) ? body.omitField : body.omitField !== undefined ? [body.omitField] : [];
	const copy: Json = { ...event };
	for (const field of omitted) delete copy[String(field)];
	return JSON.stringify(copy);
}

const answer = (delivery: Delivery, sent: string, headers: Record<string, string> = {}): SandboxResponse =>
	ok({ delivery: { status: delivery.status, body: delivery.body, ...(delivery.error ? { error: delivery.error } : {}) }, sent, headers });

/** The onboarding routes' processes, read without taking their slice over. */
function findProcess(app: SandboxApp, processId: string): { action?: string; final?: { status: string } } | undefined {
	const onboarding = app.world.slice<{ processes: Record<string, { action?: string; final?: { status: string } }> }>('onboarding', () => ({
		processes: {},
		idempotency: {},
		merchants: {},
		messages: [],
	}));
	return onboarding.processes?.[processId.toLowerCase()];
}

export function register(app: SandboxApp): void {
	/** Sends an autopay event. */
	app.router.post('/__sandbox/webhooks/autopay', async (request) => {
		const control = controlBody(request);
		if (control.refusal) return control.refusal;
		const body = control.body;
		if (typeof body.type !== 'string' || !body.type) return invalidField('type', `is required (${AUTOPAY_TYPES.join(', ')}, or any text to test a refusal)`);
		const credentials = app.world.credentials;
		const site = typeof body.login === 'string' ? app.world.siteByLogin(body.login) : app.world.siteByLogin(credentials.login);
		if (!site) return notFound(`Site ${String(body.login)}`);
		const event: Json = {
			id: typeof body.id === 'string' ? body.id : randomUUID(),
			type: body.type,
			date: typeof body.date === 'string' ? body.date : isoNow(),
			reference: typeof body.reference === 'string' ? body.reference : `AUTOPAY-${app.world.nextId('autopayReference', 1001)}`,
		};
		event.signature = autopaySignature(event.id, event.type, event.date, site.secretKey);
		if (body.tamper === true) event.signature = tamperHex(event.signature);
		if (body.additional !== undefined) event.additional = body.additional;
		else event.additional = { autopayId: event.id, reference: event.reference, event: event.type };
		const sent = payloadText(body, event);
		return answer(await send(app, 'autopay', body.url, sent), sent);
	});

	/** Sends a checkout notification for a session (its current status and reference). */
	app.router.post('/__sandbox/webhooks/checkout', async (request) => {
		const control = controlBody(request);
		if (control.refusal) return control.refusal;
		const body = control.body;
		if (body.requestId === undefined || !/^\d+$/.test(String(body.requestId))) return invalidField('requestId', 'is required (digits)');
		const session = findSession(app, body.requestId as string | number);
		const given = isObject(body.status) ? body.status : typeof body.status === 'string' ? { status: body.status } : undefined;
		if (!session && (!given || body.reference === undefined)) return notFound(`Session ${String(body.requestId)} (give status and reference to send one anyway)`);
		const status = { ...(session?.status ?? statusBlock('APPROVED', '00', 'The payment was approved')), ...(given ?? {}) };
		if (given && !isObject(body.status)) status.date = isoNow();
		const site = app.world.siteByLogin(session?.siteLogin ?? app.world.credentials.login);
		const secretKey = site?.secretKey ?? app.world.credentials.secretKey;
		const requestId = session ? session.requestId : Number(body.requestId);
		let signature = checkoutSignature(requestId, String(status.status), String(status.date), secretKey, body.legacySha1 === true);
		if (body.tamper === true) signature = tamperHex(signature);
		const event = { status, requestId, reference: body.reference ?? session?.reference, signature };
		const sent = payloadText(body, event);
		return answer(await send(app, 'checkout', body.url, sent), sent);
	});

	/** Sends an onboarding process notification, signed with X-Signature. */
	app.router.post('/__sandbox/webhooks/onboarding', async (request) => {
		const control = controlBody(request);
		if (control.refusal) return control.refusal;
		const body = control.body;
		if (typeof body.processId !== 'string' || !body.processId) return invalidField('processId', 'is required');
		const process = findProcess(app, body.processId);
		if (!process && typeof body.action !== 'string') return notFound(`Process ${body.processId} (give action to send one anyway)`);
		const action = typeof body.action === 'string' ? body.action : String(process?.action);
		const status = typeof body.status === 'string' ? body.status : (process?.final?.status ?? 'PENDING');
		const sent = payloadText(body, processNotificationBody(body.processId, action, status));
		const headers: Record<string, string> = {};
		if (body.unsigned !== true) {
			const { notificationSecret, notificationKeyId } = app.world.credentials;
			const offset = Number.isFinite(Number(body.timestampOffsetSeconds)) ? Math.trunc(Number(body.timestampOffsetSeconds)) : 0;
			let header = processSignatureHeader(
				typeof body.secret === 'string' ? body.secret : notificationSecret,
				typeof body.keyId === 'string' ? body.keyId : notificationKeyId,
				Math.floor(Date.now() / 1000) + offset,
				sent,
			);
			if (body.tamper === true) header = tamperHex(header);
			headers['x-signature'] = header;
		}
		return answer(await send(app, 'onboarding', body.url, sent, headers), sent, headers);
	});

	app.router.get('/__sandbox/webhooks/deliveries', () => ok({ deliveries: state(app).deliveries }));
	app.router.on('DELETE', '/__sandbox/webhooks/deliveries', () => {
		state(app).deliveries = [];
		return ok();
	});
}
