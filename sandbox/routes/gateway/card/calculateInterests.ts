// POST /gateway/interests (payment-processing-api.md, "Gateway"): the interest of a credit option, only for a
// card whose information said displayInterest.
import { signed } from '../../../guards';
import { invalidField, ok, refuse, type SandboxApp } from '../../../http';
import { check, object, personSchema, text } from '../../../rules';
import { auth, creditOptions, instrumentSchema, paymentRequest, PROVIDER, resolveInstrument, round2 } from '../state';

const schema = object({
	auth,
	locale: text(5).optional(),
	instrument: instrumentSchema,
	payment: paymentRequest,
	payer: personSchema.optional(),
	ipAddress: text(46).optional(),
	userAgent: text(255).optional(),
});

export function register(app: SandboxApp): void {
	app.router.post(
		'/gateway/interests',
		signed((request, app) => {
			const checked = check(schema, request.body);
			if ('refusal' in checked) return checked.refusal;
			const body = checked.value;
			if (!body.instrument.card) return invalidField('instrument.card', 'is required');
			if (!body.instrument.credit) return invalidField('instrument.credit', 'is required');
			const resolved = resolveInstrument(app, request.site!.login, body.instrument);
			if ('refusal' in resolved) return resolved.refusal;
			if (!resolved.card.displayInterest) {
				return refuse(400, 'XI', 'Interests are not available for this card: its information answers displayInterest false');
			}
			const credit = body.instrument.credit;
			const option = creditOptions(resolved.card).find((candidate) => String(candidate.code) === String(credit.code));
			if (!option) return invalidField('instrument.credit.code', 'is not a credit option of this card');
			const installments = credit.installment ?? 1;
			if (!option.installments.includes(installments)) return invalidField('instrument.credit.installment', `must be one of ${option.installments.join(', ')}`);
			const original = body.payment.amount.total;
			const rate = option.groupCode === 'X' ? 0 : 0.015;
			const interest = round2(original * rate * installments);
			const totalDue = round2(original + interest);
			return ok({
				provider: PROVIDER,
				values: { original, installment: round2(totalDue / installments), interest, total: totalDue },
				conversion: { from: { currency: body.payment.amount.currency, total: original }, to: { currency: body.payment.amount.currency, total: original }, factor: 1 },
			});
		}),
	);
}
