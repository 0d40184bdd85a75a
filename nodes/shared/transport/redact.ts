/**
 * The one list of what is secret, shared by errors (`redact`, `scrubSecrets`) and outputs (`hideSecrets`): a
 * key added here is hidden everywhere.
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

/**
 * Inside a `settings` object (of a payment method, an integration, a site's service), any key that looks like a
 * credential: providers name theirs freely (password, apiKey, 3DSApiKey, secret, token...).
 */
const SECRET_SETTING = /pass|secret|token|key|pwd|credential|private/i;

/** Name/value pairs (`{keyword, value}`, as a session's subscription instrument) whose value is a secret. */
const PAIR_NAME_KEYS = ['keyword', 'name'];

interface Place {
	/** The key of the object the value is in (`card` for `card.number`). */
	parent?: string;
	/** Somewhere under a `settings` key. */
	inSettings: boolean;
}

/** Whether the value under `key` is a secret, at that place. */
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
 * A credential in a header value, wherever it is kept: "Bearer <token>" or "Basic <base64 of user:password>",
 * the whole value. Plain words are not one: a report's "Basic Plan" or "Bearer Bonds" stays as it is.
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
 * A deep copy with every secret value replaced by `marker` (null and undefined kept: nothing to hide). An object
 * under a secret key is looked into (`token: {token, subtoken, lastDigits}` keeps lastDigits), except `auth`.
 */
function replaceSecrets(value: unknown, marker: string, transformText: (text: string) => string, place: Place, depth: number): unknown {
	if (depth > 20) return '[nested]';
	if (typeof value === 'string') return transformText(value);
	if (Array.isArray(value)) return value.map((entry) => replaceSecrets(entry, marker, transformText, place, depth + 1));
	if (!isRecord(value)) return value;
	const pairName = PAIR_NAME_KEYS.find((key) => typeof value[key] === 'string');
	const secretPair = pairName !== undefined && 'value' in value && isSecretKey(value[pairName] as string, place);
	// Copied whole, then the values that change are replaced: the copy keeps the original's shape (V8 gives every
	// report row of one header one hidden class), where a copy grown key by key turns into a slow dictionary after
	// 16 keys: for 100,000 report rows that was more time than reading the report.
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

/** What an output shows in place of a secret, so that the user sees it exists and how to get it. */
export const HIDDEN_SECRET = '[hidden: turn on Include Secrets]';
/** The same for a node used as an AI tool, where Include Secrets does nothing. */
export const HIDDEN_FROM_TOOL = '[hidden: never given to an AI tool]';

/**
 * A deep copy of an output with every secret value replaced by `marker`. Text is left as it is: output
 * identifiers may be 12 to 19 digits long, and the platform never answers with a card number outside `card`.
 */
export function hideSecrets<T>(value: T, marker = HIDDEN_SECRET): T {
	return replaceSecrets(value, marker, (text) => text, { inSettings: false }, 0) as T;
}

/** Removes every occurrence of the given secret strings from a text (for messages built from raw bodies). */
export function scrubSecrets(text: string, secrets: Array<string | undefined>): string {
	let scrubbed = maskCardNumber(text);
	for (const secret of secrets) {
		if (secret && secret.length >= 4) scrubbed = scrubbed.split(secret).join('[redacted]');
	}
	return scrubbed;
}
