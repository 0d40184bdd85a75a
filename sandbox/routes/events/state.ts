/**
 * What the outbound events share: the sender (every delivery is recorded for GET /__sandbox/webhooks/deliveries),
 * the signatures, the senders other areas call (notifyProcessFinished from onboarding, notifyReportReady from
 * the gateway), and the reading of a control body. See docs/sandbox/events.md.
 *
 * Written from the spec and the design notes, never from the nodes: the signatures are computed here with
 * the sandbox's own code.
 *  - autopay: `signature` = "sha256:" + hex SHA-256(id + type + date + secretKey)
 *  - checkout: `signature` = "sha256:" + hex SHA-256(requestId + status.status + status.date + secretKey),
 *    or the legacy unprefixed hex SHA-1 of the same string
 *  - payment link: `signature` = hex SHA-256(linkId + status.status + status.date + secretKey), unprefixed
 *  - onboarding: header `X-Signature: t=<unix seconds>,kid=<key id>,v1=hex(HMAC-SHA256(secret, t + "." + body))`
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- runs in Node, not in n8n: eslint.dev.config.mjs lints it */
import { createHash, createHmac } from 'crypto';

import { invalidField, isoNow, ok, statusBlock, type SandboxApp, type SandboxRequest, type SandboxResponse } from '../../http';
import { stringifyJson, type Id } from '../../json';
import { deliver, type Delivery } from '../../webhooks';

/** A finished onboarding process, as the onboarding routes keep it. */
export interface FinishedProcess {
	processId: string;
	action: 'merchant.create' | 'merchant.update';
	status: string;
	notificationUrl: string;
}

/** One outbound call, kept for GET /__sandbox/webhooks/deliveries. */
export interface DeliveryRecord {
	seq: number;
	kind: 'autopay' | 'checkout' | 'link' | 'onboarding' | 'report';
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

export interface EventsState {
	deliveries: DeliveryRecord[];
}

export const state = (app: SandboxApp): EventsState => app.world.slice<EventsState>('events', () => ({ deliveries: [] }));

const sha = (algorithm: 'sha256' | 'sha1', text: string) => createHash(algorithm).update(text, 'utf8').digest('hex');

/** Changes the last hex digit, so that a signature keeps its form but no longer matches. */
export const tamperHex = (signature: string): string => signature.slice(0, -1) + (signature.endsWith('0') ? '1' : '0');

export function autopaySignature(id: string, type: string, date: string, secretKey: string): string {
	return `sha256:${sha('sha256', `${id}${type}${date}${secretKey}`)}`;
}

export function checkoutSignature(requestId: string | Id, status: string, date: string, secretKey: string, legacySha1 = false): string {
	const text = `${String(requestId)}${status}${date}${secretKey}`;
	return legacySha1 ? sha('sha1', text) : `sha256:${sha('sha256', text)}`;
}

export function linkSignature(linkId: string | Id, status: string, date: string, secretKey: string): string {
	return sha('sha256', `${String(linkId)}${status}${date}${secretKey}`);
}

export function processSignatureHeader(secret: string, keyId: string, timestamp: number, body: string): string {
	const v1 = createHmac('sha256', secret).update(`${timestamp}.${body}`, 'utf8').digest('hex');
	return `t=${timestamp},kid=${keyId},v1=${v1}`;
}

export async function send(app: SandboxApp, kind: DeliveryRecord['kind'], url: string, body: string, headers: Record<string, string> = {}): Promise<Delivery> {
	const [delivery] = await sendCopies(app, kind, url, body, headers, 1);
	return delivery;
}

/**
 * Sends the same delivery `copies` times at once, byte for byte, as a platform that sends again before it has an
 * answer (the spec shows no retry policy) or someone replaying a copy would. The body is held against the
 * documented fields, unless it is a test's deliberate `rawBody`.
 */
export async function sendCopies(
	app: SandboxApp,
	kind: DeliveryRecord['kind'],
	url: string,
	body: string,
	headers: Record<string, string>,
	copies: number,
	deliberate = false,
): Promise<Delivery[]> {
	if (!deliberate) app.documented?.webhook(kind, url, body);
	const sent = await Promise.all(Array.from({ length: copies }, () => deliver(url, body, headers)));
	const deliveries = state(app).deliveries;
	for (const delivery of sent) {
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
	}
	if (deliveries.length > 500) deliveries.splice(0, deliveries.length - 500);
	app.world.save();
	return sent;
}

/** A checkout notification the sandbox sent by itself (a session paid), as the pay answers list it. */
export interface NotificationSent {
	url: string;
	status: number;
	error?: string;
}

/**
 * Sends a session's checkout notification `{status, requestId, reference, signature}`, signed with its site's
 * secret key (SHA-256), to one URL. Called by the checkout area when a session is paid (notifySession).
 */
export async function sendCheckoutNotification(
	app: SandboxApp,
	url: string,
	session: { requestId: Id; status: { status: string; reason: string | number | null; message: string | null; date: string }; reference: string },
	secretKey: string,
): Promise<NotificationSent> {
	const { status, requestId, reference } = session;
	const signature = checkoutSignature(requestId, status.status, status.date, secretKey);
	const delivery = await send(app, 'checkout', url, stringifyJson({ status, requestId, reference, signature }));
	return { url, status: delivery.status, ...(delivery.error ? { error: delivery.error } : {}) };
}

/** A payment link's own notification as the platform publishes it (DESIGN.md, "Facts"), before it is signed. */
export interface LinkEvent {
	linkId: Id;
	status: { status: string; reason: string | number | null; message: string | null; date: string };
	reference: string;
}

/** The published body of a link notification: `{status, linkId, reference, signature}`, signed with the site's key. */
export function linkNotificationBody(event: LinkEvent, secretKey: string): Record<string, unknown> {
	const { status, linkId, reference } = event;
	return { status, linkId, reference, signature: linkSignature(linkId, status.status, status.date, secretKey) };
}

/** Sends a payment link's notification to one URL. Called by the payment link area (a payment approved, the link expired). */
export async function sendLinkNotification(app: SandboxApp, url: string, event: LinkEvent, secretKey: string): Promise<NotificationSent> {
	const delivery = await send(app, 'link', url, stringifyJson(linkNotificationBody(event, secretKey)));
	return { url, status: delivery.status, ...(delivery.error ? { error: delivery.error } : {}) };
}

/** The body of an onboarding process notification (the spec does not show it; this is the sandbox's form). */
export function processNotificationBody(processId: string, action: string, status: string): Record<string, unknown> {
	const final =
		status === 'OK'
			? statusBlock('OK', '00', 'The process finished successfully')
			: status === 'PENDING'
				? statusBlock('PENDING', null, 'The process is waiting to be processed')
				: statusBlock(status, 'VALIDATION', 'The process failed');
	return { processId, action, status: final, date: isoNow() };
}

/**
 * Delivers an onboarding process result to its notification URL, signed with `X-Signature`. Called by the
 * onboarding area (routes/onboarding/processes.ts) when a process with a notification URL becomes final.
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
 * The spec shows no callback body; this small notice is the sandbox's choice. Called by the gateway area
 * (reportReady in routes/gateway/state.ts).
 */
export async function notifyReportReady(app: SandboxApp, report: { id: Id; callbackUrl: string }): Promise<Delivery> {
	const body = stringifyJson({ id: report.id, status: statusBlock('OK', '00', 'The report is ready to be obtained') });
	return send(app, 'report', report.callbackUrl, body);
}

// ---------------------------------------------------------------------------------------------------------
// Reading a control body and answering it
// ---------------------------------------------------------------------------------------------------------

export type Json = Record<string, any>;

export const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

function checkUrl(body: Json): SandboxResponse | undefined {
	if (typeof body.url !== 'string' || !/^https?:\/\/[^\s]+$/i.test(body.url)) return invalidField('url', 'must be an http(s) URL');
	return undefined;
}

/** At most this many copies of one delivery at once. */
const MAX_COPIES = 50;

export function controlBody(request: SandboxRequest): { body: Json; copies: number; refusal?: undefined } | { refusal: SandboxResponse } {
	if (!isObject(request.body)) return { refusal: invalidField('body', 'must be a JSON object') };
	const refusal = checkUrl(request.body);
	if (refusal) return { refusal };
	const copies = request.body.copies ?? 1;
	if (!Number.isInteger(copies) || copies < 1 || copies > MAX_COPIES) return { refusal: invalidField('copies', `must be a whole number from 1 to ${MAX_COPIES}`) };
	return { body: request.body, copies };
}

/** Whether a control call sends a body of its own (`rawBody`), malformed or unusual on purpose. */
export const deliberateBody = (body: Json): boolean => typeof body.rawBody === 'string';

/** The text to send: the given `rawBody` as is, or the event as JSON without the fields in `omitField`. */
export function payloadText(body: Json, event: Json): string {
	if (typeof body.rawBody === 'string') return body.rawBody;
	const omitted = Array.isArray(body.omitField) ? body.omitField : body.omitField !== undefined ? [body.omitField] : [];
	const copy: Json = { ...event };
	for (const field of omitted) delete copy[String(field)];
	return stringifyJson(copy);
}

const deliveryView = (delivery: Delivery) => ({
	status: delivery.status,
	body: delivery.body,
	...(delivery.contentType ? { contentType: delivery.contentType } : {}),
	...(delivery.error ? { error: delivery.error } : {}),
});

/** The control call's answer: the first delivery's answer, and every copy's when several were sent. */
export const answer = (deliveries: Delivery[], sent: string, headers: Record<string, string> = {}): SandboxResponse =>
	ok({
		delivery: deliveryView(deliveries[0]),
		...(deliveries.length > 1 ? { deliveries: deliveries.map(deliveryView) } : {}),
		sent,
		headers,
	});
