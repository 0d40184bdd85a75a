// POST /core/merchant/payment-methods/search (core-administration-api.md, "POST /core/merchant/payment-methods/search").
import { signed } from '../../../guards';
import { ok, type SandboxApp } from '../../../http';
import { check, object, text } from '../../../rules';
import { auth, id, paginationSchema } from '../fieldRules';
import { clone, FRANCHISE_CODES, paginate, state, type MerchantPaymentMethod } from '../state';

const schema = object({
	auth,
	customerId: id(),
	id: id().optional(),
	name: text(50).min(3, 'must be 3 to 50 characters').optional(),
	code: text(5).optional(),
	franchise: text()
		.refine((value) => (FRANCHISE_CODES as readonly string[]).includes(value), `must be one of the franchise codes (${FRANCHISE_CODES.join(', ')})`)
		.optional(),
	pagination: paginationSchema.optional(),
});

const methodReadShape = (method: MerchantPaymentMethod) => clone(method);

export function register(app: SandboxApp): void {
	app.router.post(
		'/core/merchant/payment-methods/search',
		signed((request) => {
			const checked = check(schema, request.body);
			if ('refusal' in checked) return checked.refusal;
			const filters = checked.value;
			const found = state(app).merchantPaymentMethods.filter(
				(method) =>
					method.customerId === filters.customerId &&
					(filters.id === undefined || method.id === filters.id) &&
					(filters.name === undefined || method.name.toLowerCase().includes(filters.name.toLowerCase())) &&
					(filters.code === undefined || method.code === filters.code) &&
					(filters.franchise === undefined || method.franchise === filters.franchise),
			);
			const page = paginate(found.map(methodReadShape), filters.pagination);
			return ok(page);
		}),
	);
}
