// POST /gateway/query (payment-processing-api.md, "Gateway"): a transaction of the calling site by internal
// reference, answered exactly as process answered it.
import { signed } from '../../../guards';
import { notFound, type SandboxApp } from '../../../http';
import { check, id, object, text } from '../../../rules';
import { auth, state } from '../state';

const schema = object({ auth, locale: text(5).optional(), internalReference: id() });

export function register(app: SandboxApp): void {
	app.router.post(
		'/gateway/query',
		signed((request, app) => {
			const checked = check(schema, request.body);
			if ('refusal' in checked) return checked.refusal;
			const txn = state(app).transactions[String(checked.value.internalReference)];
			if (!txn || txn.siteLogin !== request.site!.login) return notFound(`The transaction ${checked.value.internalReference}`);
			return { status: 200, body: txn.view };
		}),
	);
}
