/**
 * A payment link's own notification as published: `signature` = hex SHA-256(linkId + status.status + status.date +
 * secret key); PAID when a payment is approved, EXPIRED when the link expires (more may come). It names no payment:
 * the link, read from the platform, tells which one. Pure.
 */
import { outputId } from '../schemas/identifiers';
import { EVENT_DATE_WORDS, eventDateProblem } from './replay';
import { NOT_VERIFIED, type FailedCheck } from './reply';
import { verifyLinkSignature } from './signatures';
import { digitsOf, signedStatus, unsignedFields } from './statusBlock';

/** Split by what its signature covers: `linkId`, `status.status` and `status.date`. */
export interface LinkNotification {
	signed: { linkId: number | string; status: string; date: string };
	/** Anyone who copied a signed notification can change these and keep its signature. */
	unsigned: { reference?: string; reason?: string; message?: string };
}

type LinkCheck = { ok: true; notification: LinkNotification } | ({ ok: false } & FailedCheck);

const SIGNATURE_WORDS = {
	missing: 'The signature is missing',
	malformed: 'The signature is not in a known form',
	mismatch: NOT_VERIFIED,
};

/** It names a link and no session. */
export const isLinkNotification = (body: Record<string, unknown>): boolean => body.linkId !== undefined && body.requestId === undefined;

/**
 * 400 without `linkId` or the signed status fields; 401 on a wrong signature or a date outside the replay window.
 * Any status text is taken (more may come); unsigned fields never refuse a signed notification.
 */
export function checkLinkNotification(body: Record<string, unknown> | undefined, secretKey: string, nowMs = Date.now()): LinkCheck {
	if (!body) return { ok: false, httpStatus: 400, message: 'The body is not a JSON object' };
	const idText = digitsOf(body.linkId);
	if (idText === undefined) return { ok: false, httpStatus: 400, message: 'Missing or invalid field: linkId' };
	const status = signedStatus(body);
	if (!status.ok) return status;
	const signed = { linkId: idText, status: status.status, date: status.date };
	const verdict = verifyLinkSignature(signed, body.signature, secretKey);
	if (!verdict.ok) return { ok: false, httpStatus: 401, message: SIGNATURE_WORDS[verdict.problem] };
	const dateProblem = eventDateProblem(signed.date, nowMs);
	if (dateProblem) return { ok: false, httpStatus: 401, message: EVENT_DATE_WORDS[dateProblem] };
	return { ok: true, notification: { signed: { ...signed, linkId: outputId(idText) }, unsigned: unsignedFields(body) } };
}
