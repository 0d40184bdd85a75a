// POST /core/merchant/payment-methods/update (core-administration-api.md, "POST /core/merchant/payment-methods/update").
import { signed } from '../../../guards';
import { notFound, ok, type SandboxApp } from '../../../http';
import { check, number, object, text } from '../../../rules';
import { auth, commissionModel, creditRulesSchema, id, integer, settingsSchema } from '../fieldRules';
import { clone, entityRefusal, state, type MerchantPaymentMethod } from '../state';

const schema = object({
	auth,
	id: id(),
	data: object({
		commissionModel: commissionModel(),
		commissionValue: number(),
		accountType: integer(),
		accountNumber: text(20),
		financialEntity: id(),
		order: integer(),
		settings: settingsSchema.nullable(),
		creditRules: creditRulesSchema.nullable(),
	}).partial(),
});

export function register(app: SandboxApp): void {
	app.router.post(
		'/core/merchant/payment-methods/update',
		signed((request) => {
			const checked = check(schema, request.body);
			if ('refusal' in checked) return checked.refusal;
			const method = state(app).merchantPaymentMethods.find((candidate) => candidate.id === checked.value.id);
			if (!method) return notFound(`Payment method ${checked.value.id}`);
			const data = checked.value.data as Partial<MerchantPaymentMethod> & { creditRules?: Record<string, unknown> | null };
			const entityProblem = entityRefusal(app, 'data.financialEntity', data.financialEntity ?? undefined, method.customerId);
			if (entityProblem) return entityProblem;
			const { creditRules, ...rest } = data;
			Object.assign(method, clone(rest));
			// null removes every credit rule; an object replaces them.
			if (creditRules !== undefined) method.creditRules = creditRules === null ? {} : clone(creditRules);
			return ok({ id: method.id });
		}),
	);
}
