// POST /core/site/payment-methods/create (core-administration-api.md, "POST /core/site/payment-methods/create"):
// one of the merchant's payment methods offered on one of its sites, once per site.
import { signed } from '../../../guards';
import { invalidField, ok, refuse, type SandboxApp } from '../../../http';
import { check, number, object, text } from '../../../rules';
import { auth, commissionModel, creditRulesSchema, id, integer, settingsSchema } from '../fieldRules';
import { clone, entityRefusal, siteById, state, type SitePaymentMethod } from '../state';

const schema = object({
	auth,
	data: object({
		siteId: id(),
		customerPaymentId: id(),
		order: integer().optional(),
		minAmount: number().optional(),
		maxAmount: number().optional(),
		accountType: integer().optional(),
		accountNumber: text(20).optional(),
		financialEntity: id().optional(),
		commissionModel: commissionModel().optional(),
		commissionValue: number().optional(),
		settings: settingsSchema.nullable().optional(),
		creditRules: creditRulesSchema.optional(),
	}).superRefine((data, ctx) => {
		const pair = (a: keyof typeof data, b: keyof typeof data) => {
			if (data[a] !== undefined && data[b] === undefined) ctx.addIssue({ code: 'custom', path: [b], message: `is required when ${String(a)} is present` });
		};
		pair('minAmount', 'maxAmount');
		pair('maxAmount', 'minAmount');
		pair('accountType', 'accountNumber');
		pair('accountNumber', 'accountType');
	}),
});

export function register(app: SandboxApp): void {
	app.router.post(
		'/core/site/payment-methods/create',
		signed((request) => {
			const checked = check(schema, request.body);
			if ('refusal' in checked) return checked.refusal;
			const data = checked.value.data as Record<string, unknown> & { siteId: number; customerPaymentId: number; financialEntity?: number };
			const site = siteById(app, data.siteId);
			if (!site) return invalidField('data.siteId', `site ${data.siteId} does not exist`);
			const method = state(app).merchantPaymentMethods.find((candidate) => candidate.id === data.customerPaymentId);
			if (!method || method.customerId !== site.customerId) {
				return invalidField('data.customerPaymentId', `is not a payment method of the merchant that owns site ${site.id}`);
			}
			const entityProblem = entityRefusal(app, 'data.financialEntity', data.financialEntity, site.customerId);
			if (entityProblem) return entityProblem;
			if (state(app).sitePaymentMethods.some((entry) => entry.siteId === site.id && entry.customerPaymentId === method.id)) {
				return refuse(409, 'XD', `Payment method ${method.id} is already on site ${site.id}`);
			}
			const entry: SitePaymentMethod = { ...clone(data), id: app.world.nextId('sitePaymentMethod', 801) };
			state(app).sitePaymentMethods.push(entry);
			return ok({ id: entry.id });
		}),
	);
}
