// POST /core/merchant/payment-methods/create (core-administration-api.md, "POST /core/merchant/payment-methods/create").
// The name and franchise come from the sandbox's catalogue of codes, since the spec lists none.
import { signed } from '../../../guards';
import { ok, type SandboxApp } from '../../../http';
import { check, number, object, text } from '../../../rules';
import { auth, commissionModel, creditRulesSchema, id, integer, settingsSchema } from '../fieldRules';
import { ensureMerchant, entityRefusal, PAYMENT_METHOD_CATALOGUE, state, type MerchantPaymentMethod } from '../state';

const schema = object({
	auth,
	data: object({
		customerId: id(),
		code: text(5).min(1, 'must not be empty'),
		commissionModel: commissionModel(),
		commissionValue: number(),
		accountType: integer(),
		accountNumber: text(20),
		financialEntity: id().optional(),
		order: integer().optional(),
		settings: settingsSchema.nullable().optional(),
		creditRules: creditRulesSchema.optional(),
	}),
});

export function register(app: SandboxApp): void {
	app.router.post(
		'/core/merchant/payment-methods/create',
		signed((request) => {
			const checked = check(schema, request.body);
			if ('refusal' in checked) return checked.refusal;
			const data = checked.value.data;
			ensureMerchant(app, data.customerId);
			const entityProblem = entityRefusal(app, 'data.financialEntity', data.financialEntity, data.customerId);
			if (entityProblem) return entityProblem;
			const catalogue = PAYMENT_METHOD_CATALOGUE[data.code];
			const method: MerchantPaymentMethod = {
				id: app.world.nextId('merchantPaymentMethod', 601),
				customerId: data.customerId,
				code: data.code,
				name: catalogue?.name ?? `Payment method ${data.code}`,
				commissionModel: data.commissionModel,
				commissionValue: data.commissionValue,
				accountNumber: data.accountNumber,
				accountType: data.accountType,
				franchise: catalogue?.franchise ?? null,
				financialEntity: data.financialEntity ?? null,
				order: data.order ?? state(app).merchantPaymentMethods.filter((entry) => entry.customerId === data.customerId).length + 1,
				disabled: false,
				settings: (data.settings as Record<string, unknown> | undefined) ?? null,
				creditRules: (data.creditRules as Record<string, unknown> | undefined) ?? {},
			};
			state(app).merchantPaymentMethods.push(method);
			return ok({ id: method.id });
		}),
	);
}
