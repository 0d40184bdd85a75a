/**
 * The one list of secrets, for errors (`redact`, `scrubSecrets`) and outputs (`hideSecrets`): a key added here is
 * hidden everywhere.
 */
const SECRET_KEYS = new Set(
	[
		'auth',
		'tranKey',
		'secretKey',
		'secret',
		'password',
		'accessToken',
		'access_token',
		'onboardingToken',
		'md5Hash',
		'cvv',
		'cvv2',
		'pin',
		'otp',
		'token',
		'subtoken',
		'cardNumber',
		'notificationSecret',
		'3DSApiKey',
	].map((key) => key.toLowerCase()),
);

/** Replaced whole, never looked into: the signed `auth` block is a credential as a whole. */
const WHOLE_SECRETS = new Set(['auth']);

/** Inside `settings` (payment methods, integrations, site services) providers name their credentials freely. */
const SECRET_SETTING = /pass|secret|token|key|pwd|credential|private/i;

/** `{keyword, value}` pairs (a session's subscription instrument) whose value is a secret. */
const PAIR_NAME_KEYS = ['keyword', 'name'];

interface Place {
	/** `card` for `card.number`. */
	parent?: string;
	/** Somewhere under a `settings` key. */
	inSettings: boolean;
}

export function isSecretKey(key: string, place: Place = { inSettings: false }): boolean {
	const lower = key.toLowerCase();
	if (SECRET_KEYS.has(lower)) return true;
	if (lower === 'number' && place.parent?.toLowerCase() === 'card') return true;
	// A request's Authorization header is a credential; a payment's `authorization` is the bank's approval code,
	// which finance teams reconcile with: shown.
	if (lower === 'authorization') return place.parent?.toLowerCase() === 'headers';
	return place.inSettings && SECRET_SETTING.test(key);
}

/**
 * "Bearer <token>" or "Basic <base64 of user:password>" as the whole value; plain words ("Basic Plan", "Bearer
 * Bonds") are not one.
 */
const SCHEME_AND_TOKEN = /^(bearer|basic)\s+([A-Za-z0-9\-._~+/]+=*)$/i;

function isAuthorizationValue(text: string): boolean {
	const match = SCHEME_AND_TOKEN.exec(text.trim());
	if (!match) return false;
	const [, scheme, token] = match;
	if (scheme.toLowerCase() === 'basic') return Buffer.from(token, 'base64').toString('latin1').includes(':');
	// A token has more than letters, or is long: a second word of plain text has neither.
	return /[^A-Za-z]/.test(token) || token.length >= 16;
}

const CARD_NUMBER = /\b\d{12,19}\b/g;

/** Keeps the first six and last four digits, as receipts do. */
export function maskCardNumber(value: string): string {
	return value.replace(CARD_NUMBER, (digits) => `${digits.slice(0, 6)}${'*'.repeat(digits.length - 10)}${digits.slice(-4)}`);
}

const isRecord = (value: unknown): value is Record<string, unknown> => !!value && typeof value === 'object' && !Array.isArray(value) && !Buffer.isBuffer(value);

/**
 * Null and undefined are kept (nothing to hide). An object under a secret key is looked into (`token: {token,
 * subtoken, lastDigits}` keeps lastDigits), except `auth`.
 */
function replaceSecrets(value: unknown, marker: string, transformText: (text: string) => string, place: Place, depth: number): unknown {
	if (depth > 20) return '[nested]';
	if (typeof value === 'string') return transformText(value);
	if (Array.isArray(value)) return value.map((entry) => replaceSecrets(entry, marker, transformText, place, depth + 1));
	if (!isRecord(value)) return value;
	const pairName = PAIR_NAME_KEYS.find((key) => typeof value[key] === 'string');
	const secretPair = pairName !== undefined && 'value' in value && isSecretKey(value[pairName] as string, place);
	// Copied whole, then changed values replaced: the copy keeps the original's hidden class in V8, where one grown
	// key by key becomes a slow dictionary after 16 keys (for 100,000 report rows, more time than reading the report).
	const copy: Record<string, unknown> = { ...value };
	for (const key of Object.keys(value)) {
		const entry = value[key];
		const secret = isSecretKey(key, place) || (secretPair && key === 'value') || (typeof entry === 'string' && isAuthorizationValue(entry));
		if (secret && entry !== null && entry !== undefined && (!isRecord(entry) && !Array.isArray(entry) || WHOLE_SECRETS.has(key.toLowerCase()))) {
			copy[key] = marker;
		} else if (depth >= 20) {
			copy[key] = '[nested]'; // as any value one level deeper would be
		} else if (typeof entry === 'string') {
			const text = transformText(entry);
			if (text !== entry) copy[key] = text;
		} else if (entry !== null && typeof entry === 'object') {
			const inner: Place = { parent: key, inSettings: place.inSettings || key.toLowerCase() === 'settings' };
			copy[key] = replaceSecrets(entry, marker, transformText, inner, depth + 1);
		}
		// Numbers, booleans, null and undefined are kept as copied.
	}
	return copy;
}

/** A deep copy with secrets replaced and card numbers masked; safe to put in an error. */
export function redact<T>(value: T): T {
	return replaceSecrets(value, '[redacted]', maskCardNumber, { inSettings: false }, 0) as T;
}

/** Tells the user the secret exists and how to get it. */
export const HIDDEN_SECRET = '[hidden: turn on Include Secrets]';
/** The same for a node used as an AI tool, where Include Secrets does nothing. */
export const HIDDEN_FROM_TOOL = '[hidden: never given to an AI tool]';

/**
 * Text is left as it is: output IDs may be 12 to 19 digits long, and the platform never answers a card number
 * outside `card`.
 */
export function hideSecrets<T>(value: T, marker = HIDDEN_SECRET): T {
	return replaceSecrets(value, marker, (text) => text, { inSettings: false }, 0) as T;
}

/** For messages built from raw bodies. */
export function scrubSecrets(text: string, secrets: Array<string | undefined>): string {
	let scrubbed = maskCardNumber(text);
	for (const secret of secrets) {
		if (secret && secret.length >= 4) scrubbed = scrubbed.split(secret).join('[redacted]');
	}
	return scrubbed;
}
