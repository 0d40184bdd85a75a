// GET /api/user (merchant-onboarding-api.md, "GET /api/user"): the consumer the token belongs to; any valid
// token may ask.
import { bearer } from '../../../guards';
import { ok, type SandboxApp } from '../../../http';

export function register(app: SandboxApp): void {
	app.router.get(
		'/api/user',
		bearer(undefined, (request) =>
			ok({ id: request.token!.consumerId, username: request.token!.username, environment: 'sandbox', active: true }),
		),
	);
}
