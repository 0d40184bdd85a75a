/** What checkout and link notifications share: a `status` block whose `status` and `date` are signed, unsigned text beside. Pure. */
import type { FailedCheck } from './reply';

/** Or why the body is refused (400). */
export function signedStatus(body: Record<string, unknown>): { ok: true; status: string; date: string } | ({ ok: false } & FailedCheck) {
	const status = body.status as Record<string, unknown> | undefined;
	if (!status || typeof status !== 'object' || Array.isArray(status)) return { ok: false, httpStatus: 400, message: 'Missing field: status' };
	const missing = ['status', 'date'].filter((field) => typeof status[field] !== 'string' || (status[field] as string).trim() === '');
	if (missing.length) return { ok: false, httpStatus: 400, message: `Missing or empty field: ${missing.map((f) => `status.${f}`).join(', ')}` };
	return { ok: true, status: status.status as string, date: status.date as string };
}

/** Text (a numeric reason as text) is kept, anything else left out. */
const unsignedText = (value: unknown): string | undefined =>
	typeof value === 'string' ? value : typeof value === 'number' && Number.isFinite(value) ? String(value) : undefined;

/** Only those that are text. */
export function unsignedFields(body: Record<string, unknown>): { reference?: string; reason?: string; message?: string } {
	const status = (body.status ?? {}) as Record<string, unknown>;
	const fields = { reference: unsignedText(body.reference), reason: unsignedText(status.reason), message: unsignedText(status.message) };
	return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
}

/** A JSON integer (exact) or its digits as text, of any length; else undefined. */
export function digitsOf(raw: unknown): string | undefined {
	// A JSON integer beyond 2^53 was read as its digits, as text.
	const text = typeof raw === 'number' && Number.isSafeInteger(raw) ? String(raw) : typeof raw === 'string' ? raw : '';
	return /^\d+$/.test(text) ? text : undefined;
}
