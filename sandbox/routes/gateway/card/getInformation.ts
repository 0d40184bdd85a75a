// POST /gateway/information (payment-processing-api.md, "Gateway"): what the platform knows about a card; what
// it announces (displayInterest, requireBalance, requireOtp, threeDS) is what the other card calls then check.
import { signed } from '../../../guards';
import { ok, type SandboxApp } from '../../../http';
import { anyObject, check, object, text } from '../../../rules';
import { auth, creditOptions, instrumentSchema, paymentRequest, PROVIDER, resolveInstrument } from '../state';

const schema = object({
	auth,
	locale: text(5).optional(),
	instrument: instrumentSchema,
	payment: paymentRequest.optional(),
	subscription: anyObject().optional(),
	metadata: anyObject().optional(),
	ipAddress: text(46).optional(),
	userAgent: text(255).optional(),
});

export function register(app: SandboxApp): void {
	app.router.post(
		'/gateway/information',
		signed((request, app) => {
			const checked = check(schema, request.body);
			if ('refusal' in checked) return checked.refusal;
			const resolved = resolveInstrument(app, request.site!.login, checked.value.instrument);
			if ('refusal' in resolved) return resolved.refusal;
			const card = resolved.card;
			return ok({
				provider: PROVIDER,
				serviceCode: `SBX-${card.franchise}`,
				cardTypes: [card.cardType],
				cardType: card.cardType,
				displayInterest: Boolean(card.displayInterest),
				requireOtp: Boolean(card.requireOtp),
				requireCvv2: card.cardType === 'C',
				threeDS: card.threeDS ?? 'optional',
				credits: creditOptions(card),
				requirePockets: false,
				pockets: [],
				requireAvs: false,
				zipCodeFormat: null,
				accountVerification: false,
				requirePin: false,
				requireRedirection: false,
				bankList: [],
				requireBalance: Boolean(card.requireBalance),
				hasForwarding: false,
			});
		}),
	);
}
