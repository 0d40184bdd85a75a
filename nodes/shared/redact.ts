/** Keys whose values never leave the node in an error, a log or a message. */
const SECRET_KEYS = new Set(
	[
		'auth',
		'tranKey',
		'secretKey',
		'secret',
		'password',
		'accessToken',
		'access_token',
		'authorization',
		'cvv',
		'cvv2',
		'pin',
		'otp',
		'token',
		'subtoken',
		'notificationSecret',
		'3DSApiKey',
	].map((key) => key.toLowerCase()),
);

const CARD_NUMBER = /\b\d{12,19}\b/g;

/** Keeps the first six and last four digits, as receipts do. */
export function maskCardNumber(value: string): string {
	return value.replace(CARD_NUMBER, (digits) => `${digits.slice(0, 6)}${'*'.repeat(digits.length - 10)}${digits.slice(-4)}`);
}

/** A deep copy with secrets replaced and card numbers masked; safe to put in an error. */
export function redact<T>(value: T, depth = 0): T {
	if (depth > 20) return '[nested]' as unknown as T;
	if (typeof value === 'string') return maskCardNumber(value) as unknown as T;
	if (Array.isArray(value)) return value.map((entry) => redact(entry, depth + 1)) as unknown as T;
	if (value && typeof value === 'object' && !Buffer.isBuffer(value)) {
		const copy: Record<string, unknown> = {};
		for (const [key, entry] of Object.entries(value as Record<string, unknown>)) {
			copy[key] = SECRET_KEYS.has(key.toLowerCase()) && entry !== null && entry !== undefined ? '[redacted]' : redact(entry, depth + 1);
		}
		return copy as T;
	}
	return value;
}

/** Removes every occurrence of the given secret strings from a text (for messages built from raw bodies). */
export function scrubSecrets(text: string, secrets: Array<string | undefined>): string {
	let scrubbed = maskCardNumber(text);
	for (const secret of secrets) {
		if (secret && secret.length >= 4) scrubbed = scrubbed.split(secret).join('[redacted]');
	}
	return scrubbed;
}
