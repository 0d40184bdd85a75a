/** Wrappers that put a route behind the signed `auth` structure or a bearer token. */
import { verifyBearer, verifySignedAuth } from './auth';
import type { Handler } from './http';
import type { TokenRecord } from './world';

/** The route answers only a body whose `auth` verifies; `request.site` is then the calling site. */
export const signed =
	(handler: Handler): Handler =>
	(request, app) => {
		const outcome = verifySignedAuth(app.world, request.body);
		(request as { authOutcome?: unknown }).authOutcome = { login: outcome.login, ok: outcome.ok, algorithm: outcome.algorithm, reason: outcome.reason };
		if (outcome.refusal) return outcome.refusal;
		request.site = outcome.site;
		return handler(request, app);
	};

/** The route answers only a valid bearer token (with the permission, when one is named). */
export const bearer =
	(permission: TokenRecord['permissions'][number] | undefined, handler: Handler): Handler =>
	(request, app) => {
		const { token, refusal } = verifyBearer(app.world, request, permission);
		if (refusal) return refusal;
		request.token = token;
		return handler(request, app);
	};
