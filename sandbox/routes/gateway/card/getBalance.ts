// POST /gateway/balance (payment-processing-api.md, "Gateway"): the balance of a token, or of a card whose
// information said requireBalance.
import { signed } from '../../../guards';
import { ok, refuse, type SandboxApp } from '../../../http';
import { check, object, text } from '../../../rules';
import { auth, instrumentSchema, paymentRequest, resolveInstrument } from '../state';

const schema = object({
	auth,
	locale: text(5).optional(),
	instrument: instrumentSchema,
	payment: paymentRequest.optional(),
});

export function register(app: SandboxApp): void {
	app.router.post(
		'/gateway/balance',
		signed((request, app) => {
			const checked = check(schema, request.body);
			if ('refusal' in checked) return checked.refusal;
			const resolved = resolveInstrument(app, request.site!.login, checked.value.instrument);
			if ('refusal' in resolved) return resolved.refusal;
			if (resolved.token) return ok({ total: resolved.token.balance });
			if (!resolved.card.requireBalance) return refuse(400, 'XB', 'No balance is available for this card: its information answers requireBalance false');
			return ok({ total: resolved.card.balance ?? 0 });
		}),
	);
}
