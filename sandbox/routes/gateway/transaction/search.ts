// POST /gateway/search (payment-processing-api.md, "Gateway"): the calling site's transactions with that
// reference and amount (the answer's shape is the sandbox's choice: the spec does not show it).
import { signed } from '../../../guards';
import { ok, type SandboxApp } from '../../../http';
import { amountSchema, check, object, text } from '../../../rules';
import { auth, state } from '../state';

const schema = object({ auth, reference: text().min(1, 'must not be empty'), amount: amountSchema });

export function register(app: SandboxApp): void {
	app.router.post(
		'/gateway/search',
		signed((request, app) => {
			const checked = check(schema, request.body);
			if ('refusal' in checked) return checked.refusal;
			const { reference, amount } = checked.value;
			const found = Object.values(state(app).transactions)
				.filter(
					(txn) =>
						txn.siteLogin === request.site!.login &&
						txn.view.reference === reference &&
						txn.view.amount.currency === amount.currency &&
						Math.abs(Number(txn.view.amount.total) - amount.total) < 0.005,
				)
				.map((txn) => txn.view);
			return ok({ transactions: found });
		}),
	);
}
