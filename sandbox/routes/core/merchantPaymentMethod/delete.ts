// POST /core/merchant/payment-methods/delete (core-administration-api.md, "POST /core/merchant/payment-methods/delete").
// The method also leaves every site that offered it.
import { signed } from '../../../guards';
import { notFound, ok, type SandboxApp } from '../../../http';
import { check, object } from '../../../rules';
import { auth, id } from '../fieldRules';
import { state } from '../state';

const schema = object({ auth, id: id() });

export function register(app: SandboxApp): void {
	app.router.post(
		'/core/merchant/payment-methods/delete',
		signed((request) => {
			const checked = check(schema, request.body);
			if ('refusal' in checked) return checked.refusal;
			const methods = state(app).merchantPaymentMethods;
			const index = methods.findIndex((candidate) => candidate.id === checked.value.id);
			if (index < 0) return notFound(`Payment method ${checked.value.id}`);
			methods.splice(index, 1);
			const core = state(app);
			core.sitePaymentMethods = core.sitePaymentMethods.filter((entry) => entry.customerPaymentId !== checked.value.id);
			return ok({ id: checked.value.id });
		}),
	);
}
