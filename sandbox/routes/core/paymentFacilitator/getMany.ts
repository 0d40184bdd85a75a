// POST /core/tools/payment-facilitator/search (core-administration-api.md, "POST /core/tools/payment-facilitator/search").
// The spec types the id filter as text, so it is compared as text.
import { signed } from '../../../guards';
import { ok, type SandboxApp } from '../../../http';
import { bool, check, object, text } from '../../../rules';
import { auth, paginationSchema } from '../fieldRules';
import { clone, paginate, state } from '../state';

const schema = object({
	auth,
	id: text().optional(),
	name: text().optional(),
	active: bool().optional(),
	pagination: paginationSchema.optional(),
});

export function register(app: SandboxApp): void {
	app.router.post(
		'/core/tools/payment-facilitator/search',
		signed((request) => {
			const checked = check(schema, request.body);
			if ('refusal' in checked) return checked.refusal;
			const filters = checked.value;
			const found = state(app).facilitators.filter(
				(facilitator) =>
					(filters.id === undefined || String(facilitator.id) === filters.id) &&
					(filters.name === undefined || facilitator.name.toLowerCase().includes(filters.name.toLowerCase())) &&
					(filters.active === undefined || facilitator.active === filters.active),
			);
			return ok(paginate(clone(found), filters.pagination));
		}),
	);
}
