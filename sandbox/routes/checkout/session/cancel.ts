// POST /api/session/{requestId}/cancel (payment-processing-api.md, "Checkout sessions"): only without an
// approved payment (or with an unpaid cash one), as the spec's table of transitions says.
import { signed } from '../../../guards';
import { ok, statusBlock, type SandboxApp } from '../../../http';
import { check } from '../../../rules';
import { authOnlySchema, conflict, ownSession, sessionView } from '../state';

export function register(app: SandboxApp): void {
	app.router.post(
		'/api/session/:requestId/cancel',
		signed((request, app) => {
			const checked = check(authOnlySchema, request.body);
			if ('refusal' in checked) return checked.refusal;
			const session = ownSession(request, app);
			if (!('requestId' in session)) return session;
			if (session.payments.some((payment) => payment.status.status === 'APPROVED')) {
				return conflict('XC', 'The session has an approved payment and cannot be cancelled; refund the payment instead');
			}
			if (session.status.status === 'APPROVED') return conflict('XC', 'The session is approved and cannot be cancelled');
			session.cancelled = true;
			session.status = statusBlock('REJECTED', 'MC', 'The session was cancelled by the merchant');
			return ok({ session: { ...sessionView(session), payment: null, subscription: null } }, 'The session was cancelled');
		}),
	);
}
