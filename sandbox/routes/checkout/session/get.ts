// POST /api/session/{requestId} (payment-processing-api.md, "Checkout sessions"): the query of a session of the
// calling site; a pending session past its expiration is answered REJECTED (EX).
import { signed } from '../../../guards';
import type { SandboxApp } from '../../../http';
import { check } from '../../../rules';
import { authOnlySchema, ownSession, sessionView } from '../state';

export function register(app: SandboxApp): void {
	app.router.post(
		'/api/session/:requestId',
		signed((request, app) => {
			const checked = check(authOnlySchema, request.body);
			if ('refusal' in checked) return checked.refusal;
			const session = ownSession(request, app);
			if (!('requestId' in session)) return session;
			return { status: 200, body: sessionView(session) };
		}),
	);
}
