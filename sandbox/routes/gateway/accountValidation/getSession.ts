// POST /gateway/account-validator/query (payment-processing-api.md, "Gateway"): the session's state and, once
// validated, its token.
import { signed } from '../../../guards';
import { notFound, statusBlock, type SandboxApp } from '../../../http';
import { check, object, text } from '../../../rules';
import { auth, state } from '../state';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const schema = object({ auth, requestId: text(36).regex(UUID, 'must be a UUID (lower-case hexadecimal, 8-4-4-4-12)') });

export function register(app: SandboxApp): void {
	app.router.post(
		'/gateway/account-validator/query',
		signed((request, app) => {
			const checked = check(schema, request.body);
			if ('refusal' in checked) return checked.refusal;
			const session = state(app).validations[checked.value.requestId];
			if (!session || session.siteLogin !== request.site!.login) return notFound(`The validation session ${checked.value.requestId}`);
			const status = session.token ? statusBlock('OK', '00', 'The account was validated') : statusBlock('PENDING', 'PT', 'The user has not finished the validation');
			return { status: 200, body: { status, data: { requestId: session.requestId, isAuthenticated: session.isAuthenticated, token: session.token } } };
		}),
	);
}
