// POST /gateway/account-validator/validate (payment-processing-api.md, "Gateway"): the spec's three rules, in
// order; the statuses and reasons V1-V3 are the sandbox's choice (the spec lists none).
import { signed } from '../../../guards';
import { statusBlock, type SandboxApp, type StatusBlock } from '../../../http';
import { amountDecimals, check, currency, object, text, total } from '../../../rules';
import { auth, state } from '../state';

const schema = object({
	auth,
	instrument: object({ token: object({ token: text().min(1, 'must not be empty'), subtoken: text().optional() }) }),
	payment: object({ amount: object({ currency: currency(), total: total() }).superRefine(amountDecimals) }).optional(),
	locale: text(5).optional(),
});

export function register(app: SandboxApp): void {
	app.router.post(
		'/gateway/account-validator/validate',
		signed((request, app) => {
			const checked = check(schema, request.body);
			if ('refusal' in checked) return checked.refusal;
			const { instrument, payment } = checked.value;
			const token = state(app).tokens[instrument.token.token];
			const answer = (status: StatusBlock) => ({ status: 200, body: { status } });
			if (!token || token.siteLogin !== request.site!.login || (instrument.token.subtoken !== undefined && instrument.token.subtoken !== token.subtoken)) {
				return answer(statusBlock('REJECTED', 'V1', 'The account does not exist, did not go through a session, or is not yours'));
			}
			if (!token.active) return answer(statusBlock('REJECTED', 'V2', 'The account is not active at the account verification provider'));
			if (payment && payment.amount.total > token.balance) return answer(statusBlock('REJECTED', 'V3', 'The account balance is lower than the amount'));
			return answer(statusBlock('OK', '00', 'The account is valid'));
		}),
	);
}
