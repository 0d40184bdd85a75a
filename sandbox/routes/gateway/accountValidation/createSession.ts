// POST /gateway/account-validator/session (payment-processing-api.md, "Gateway"): a tokenized-account
// validation session; the user finishes it through the control API (/__sandbox/gateway/account-validations/).
import { randomUUID } from 'crypto';
import { z } from 'zod/v3';

import { signed } from '../../../guards';
import { ok, type SandboxApp } from '../../../http';
import { anyObject, bool, check, object, text } from '../../../rules';
import { auth, state } from '../state';

const schema = object({
	auth,
	user: anyObject().superRefine((user, ctx) => {
		for (const key of ['name', 'surname', 'email']) {
			if (user[key] !== undefined && typeof user[key] !== 'string') ctx.addIssue({ code: 'custom', path: [key], message: 'must be a string' });
		}
		if (typeof user.email === 'string' && !z.string().email().safeParse(user.email).success) ctx.addIssue({ code: 'custom', path: ['email'], message: 'must be an e-mail address' });
	}),
	returnUrl: text(255).min(1, 'is required'),
	locale: text(5).optional(),
	isAuthenticated: bool().optional(),
});

const spaced = (date: Date) => date.toISOString().slice(0, 19).replace('T', ' ');

export function register(app: SandboxApp): void {
	app.router.post(
		'/gateway/account-validator/session',
		signed((request, app) => {
			const checked = check(schema, request.body);
			if ('refusal' in checked) return checked.refusal;
			const body = checked.value;
			const requestId = randomUUID();
			const expiresAt = spaced(new Date(Date.now() + 30 * 60_000));
			state(app).validations[requestId] = {
				requestId,
				siteLogin: request.site!.login,
				user: body.user,
				returnUrl: body.returnUrl,
				isAuthenticated: body.isAuthenticated ?? false,
				expiresAt,
				token: null,
			};
			return ok({ data: { requestId, redirectUrl: `${app.url()}/account-validator/${requestId}`, expiresAt } });
		}),
	);
}
