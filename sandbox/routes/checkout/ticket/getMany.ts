// POST /ticket/search (core-administration-api.md, "POST /ticket/search"): every ticket of a transaction at
// once (the spec shows no pagination); an empty list for another site's transaction.
import { signed } from '../../../guards';
import { ok, type SandboxApp } from '../../../http';
import { check, object } from '../../../rules';
import { auth, internalReference, ownTransaction, state } from '../state';

const schema = object({ auth, internalReference: internalReference() });

export function register(app: SandboxApp): void {
	app.router.post(
		'/ticket/search',
		signed((request, app) => {
			const checked = check(schema, request.body);
			if ('refusal' in checked) return checked.refusal;
			const ref = checked.value.internalReference;
			const known = ownTransaction(app, request.site?.login, ref);
			return ok({ data: known ? (state(app).tickets[String(ref)] ?? []) : [] });
		}),
	);
}
