/**
 * The words of an error the platform answered: what happened, then what to do. The HTTP status and the platform's
 * status, reason and message go in a "Platform answer" line of the description, never at the start of the message.
 * Pure.
 */
import type { IDataObject, IHttpRequestMethods } from 'n8n-workflow';

import { describeAuthFailure } from './authReasons';

/** What a request is about, for a 404: the record ("Session 123") and the field that named it ("Session ID"). */
export interface NotFoundSubject {
	what: string;
	field: string;
}

/** What the request's operation adds to the words. */
export interface AnswerContext {
	api?: 'core' | 'gateway' | 'checkout' | 'links' | 'onboarding';
	method?: IHttpRequestMethods;
	path?: string;
	/** For a 404. */
	notFound?: NotFoundSubject;
	/** When given, the whole message of a 409. */
	conflictHint?: string;
	/** The usual cause of a refusal (400, 409, 422, a FAILED status) and what to do. */
	refusalHint?: string;
	/** Seconds the platform asked to wait (Retry-After). */
	retryAfterSeconds?: number;
}

interface StatusBlock {
	status?: unknown;
	reason?: unknown;
	message?: unknown;
}

export function statusOf(body: unknown): StatusBlock | undefined {
	if (body && typeof body === 'object' && !Array.isArray(body) && !Buffer.isBuffer(body)) {
		const status = (body as IDataObject).status;
		if (status && typeof status === 'object') return status as StatusBlock;
	}
	return undefined;
}

const present = (value: unknown): boolean => value !== undefined && value !== null && String(value).trim() !== '';

/** Its status message, or the start of a text answer (never an HTML page). */
function platformWords(body: unknown): string | undefined {
	const status = statusOf(body);
	if (present(status?.message)) return String(status!.message).trim();
	if (typeof body === 'string' && body.trim() && !/^</.test(body.trim())) return body.trim().slice(0, 200);
	return undefined;
}

/** "Platform answer: HTTP 403 FAILED, reason FORBIDDEN: This action is unauthorized." */
export function platformAnswerLine(statusCode: number, body: unknown): string {
	const status = statusOf(body);
	let line = `Platform answer: HTTP ${statusCode}`;
	if (present(status?.status)) line += ` ${String(status!.status)}`;
	if (present(status?.reason)) line += `, reason ${String(status!.reason)}`;
	const words = platformWords(body);
	return words ? `${line}: ${words}` : line;
}

/** `first: second`, the first without its full stop. */
const then = (first: string, second: string): string => `${first.replace(/[.\s]+$/, '')}: ${second}`;
const sentence = (text: string): string => (/[.!?]$/.test(text.trim()) ? text.trim() : `${text.trim()}.`);

/** As the onboarding document says (create, read), and the update as the platform publishes it. */
export function onboardingPermission(method: string | undefined, path: string | undefined): string | undefined {
	if (!path) return undefined;
	const verb = (method ?? 'GET').toUpperCase();
	if (/^\/api\/merchants(\/|$)/.test(path)) return verb === 'GET' ? 'onboarding:read' : verb === 'POST' ? 'onboarding:create' : 'onboarding:update';
	if (/^\/api\/processes\//.test(path)) return 'onboarding:read';
	return undefined;
}

const PERMISSION_DOES: Record<string, string> = {
	'onboarding:create': 'create merchants',
	'onboarding:update': 'update merchants',
	'onboarding:read': 'read merchants and processes',
};

/**
 * "Sites › entry 1 › Payment Methods". The administration API's `data` wrapper, never seen by the user, is left
 * out.
 */
export function fieldWords(path: string): string {
	const parts = path.split('.').filter((part) => part !== '');
	return (parts.length > 1 && parts[0] === 'data' ? parts.slice(1) : parts)
		.map((part) =>
			/^\d+$/.test(part)
				? `entry ${Number(part) + 1}`
				: part
						.replace(/_/g, ' ')
						.replace(/([a-z0-9])([A-Z])/g, '$1 $2')
						.replace(/^./, (first) => first.toUpperCase()),
		)
		.join(' › ');
}

function fieldProblems(body: unknown): Array<{ path: string; problem: string }> {
	const errors = body && typeof body === 'object' && !Buffer.isBuffer(body) ? (body as IDataObject).errors : undefined;
	if (!errors || typeof errors !== 'object' || Array.isArray(errors)) return [];
	return Object.entries(errors as IDataObject).map(([path, problems]) => ({
		path,
		problem: Array.isArray(problems) ? problems.map(String).join('; ') : String(problems),
	}));
}

const waitWords = (seconds: number | undefined): string =>
	seconds === undefined ? 'a little' : seconds < 1 ? 'a moment' : `${Math.ceil(seconds)} s`;

interface AnswerWords {
	message: string;
	description: string;
}

interface ReadAnswer {
	statusCode: number;
	body: unknown;
	status: StatusBlock | undefined;
	words: string | undefined;
	context: AnswerContext;
	/** The given lines, then the "Platform answer" line. */
	details: (...lines: Array<string | undefined>) => string;
}

export function describePlatformAnswer(statusCode: number, body: unknown, context: AnswerContext = {}): AnswerWords {
	const answer = platformAnswerLine(statusCode, body);
	const read: ReadAnswer = {
		statusCode,
		body,
		status: statusOf(body),
		words: platformWords(body),
		context,
		details: (...lines) => [...lines.filter(Boolean), answer].join('\n'),
	};
	const byStatus = WORDS_BY_STATUS[statusCode] ?? (statusCode >= 500 ? unavailableWords : undefined);
	return byStatus?.(read) ?? refusedWords(read);
}

function unauthorizedWords({ status, context, details }: ReadAnswer): AnswerWords {
	if (context.api === 'onboarding') {
		return {
			message: 'The access token was refused: it is missing, not valid or expired. Check the Access Token of the credential, or ask for a new one.',
			description: details(),
		};
	}
	return {
		message: describeAuthFailure(status?.reason) ?? 'The platform did not accept the credential: check its Login, Secret Key and Digest Algorithm.',
		description: details(),
	};
}

function forbiddenWords({ words, context, details }: ReadAnswer): AnswerWords {
	if (context.api === 'onboarding') {
		const permission = onboardingPermission(context.method, context.path);
		const message = permission
			? `The access token is not allowed to ${PERMISSION_DOES[permission]}: it lacks the ${permission} permission. Use a credential whose token has it (ask whoever issues your tokens).`
			: 'The access token is not allowed to do this: use a credential whose token has the permission it needs.';
		return { message, description: details() };
	}
	return {
		message: then(
			words ? `The platform did not allow this: ${words}` : 'The platform did not allow this site to do this',
			"check that the credential's Login is the site that owns what you asked for, or ask the platform to enable it.",
		),
		description: details(),
	};
}

function notFoundWords({ words, status, context, details }: ReadAnswer): AnswerWords {
	if (context.notFound) {
		// A status block: the platform itself does not know it. Anything else may be another server at the Base URL.
		const why = status
			? `The platform answered that it does not know it: a record of another site (another Login) or of another platform is not known here.`
			: "The answer did not come from the platform (it has no status): check that the credential's Base URL is the platform's address.";
		return { message: `${context.notFound.what} was not found: check the ${context.notFound.field}.`, description: details(why) };
	}
	return {
		message: then(
			words ? `The platform did not find it: ${words}` : `The platform has nothing at ${context.path ?? 'this address'}`,
			'check the IDs given, and the Base URL of the credential (and its API URLs, if set).',
		),
		description: details(),
	};
}

function conflictWords({ words, context, details }: ReadAnswer): AnswerWords {
	// The operation's words alone; the platform's go in the details.
	if (context.conflictHint) return { message: sentence(context.conflictHint), description: details() };
	return {
		message: then(
			words ? `The platform refused this in the current state: ${words}` : 'The platform refused this in the current state',
			context.refusalHint ?? 'check the current state of the record before trying again.',
		),
		description: details(),
	};
}

/** 422, or a 400 with `errors`. */
function fieldProblemWords({ body, context, details }: ReadAnswer): AnswerWords | undefined {
	const problems = fieldProblems(body);
	if (!problems.length) return undefined;
	const listed = problems.map(({ path, problem }) => `${fieldWords(path)}: ${problem}`).join('; ');
	return {
		message: then(`The platform refused ${problems.length === 1 ? 'a field' : `${problems.length} fields`}: ${listed}`, 'correct it and run the item again.'),
		description: details(...problems.map(({ path, problem }) => `${fieldWords(path)} (${path}): ${problem}`), context.refusalHint),
	};
}

const notReadyWords = ({ words, context, details }: ReadAnswer): AnswerWords => ({
	message: then(words ? `Not ready yet: ${words}` : 'Not ready yet: the platform is still preparing it', `try again in ${waitWords(context.retryAfterSeconds)}.`),
	description: details(),
});

const rateLimitWords = ({ context, details }: ReadAnswer): AnswerWords => ({
	message: `The platform is receiving too many requests (rate limit): wait ${waitWords(context.retryAfterSeconds)} and run it again, or send fewer requests at a time (Loop Over Items with a Wait).`,
	description: details(),
});

/** No verdict: the platform, or a proxy before it, failed or gave up. */
const unavailableWords = ({ statusCode, details }: ReadAnswer): AnswerWords => ({
	message: `The platform could not handle the request (${statusCode >= 500 ? 'a failure on its side' : 'it gave up waiting'}): try again later.`,
	description: details(),
});

/** 400, another 4xx, or a 200 with a FAILED status: the platform refused, with its own words. */
function refusedWords({ status, words, context, details }: ReadAnswer): AnswerWords {
	const refused = words ?? (present(status?.status) ? `status ${String(status!.status)}` : 'without saying why');
	return {
		message: context.refusalHint ? then(`The platform refused the request: ${refused}`, context.refusalHint) : sentence(`The platform refused the request: ${refused}`),
		description: details(),
	};
}

const WORDS_BY_STATUS: Record<number, (read: ReadAnswer) => AnswerWords | undefined> = {
	400: fieldProblemWords,
	401: unauthorizedWords,
	403: forbiddenWords,
	404: notFoundWords,
	408: unavailableWords,
	409: conflictWords,
	422: fieldProblemWords,
	425: notReadyWords,
	429: rateLimitWords,
};
