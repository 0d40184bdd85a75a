// PUT /api/merchants/{merchantId} (DESIGN.md facts: the update as the platform publishes it) and
// PATCH /api/merchants/{merchantId} (merchant-onboarding-api.md, "Update a merchant": described as a PATCH,
// no path shown), both for Merchant > Update; the option merchantUpdateMethods says which of the two are served.
import { bearer } from '../../../guards';
import { notFound, refuse, type Handler, type SandboxApp } from '../../../http';
import { toId } from '../../../json';
import { write, type WriteStyle } from '../merchantWrite';
import { state } from '../state';

/**
 * PUT: Idempotency-Key required (the merchant is part of the comparison: the same key for another merchant is a
 * 409), a null is ignored, at least one field, 200 for a replayed key. PATCH: the sandbox's older reading of the
 * document, the key optional.
 */
const STYLES: Record<'PUT' | 'PATCH', Omit<WriteStyle, 'merchantId'>> = {
	PUT: { action: 'merchant.update', keyRequired: true, nullsIgnored: true, replayStatus: 200 },
	PATCH: { action: 'merchant.update', keyRequired: false },
};

export function register(app: SandboxApp): void {
	for (const method of ['PUT', 'PATCH'] as const) {
		const updateMerchant = bearer('onboarding:update', (request) => {
			const merchantId = toId(BigInt(request.params.merchantId));
			if (!state(app).merchants[String(merchantId)]) return notFound(`Merchant ${merchantId}`);
			return write(app, request, { ...STYLES[method], merchantId });
		});
		const handler: Handler = (request, sandbox) => {
			const served = app.world.options.merchantUpdateMethods ?? 'both';
			// A method the server does not serve is answered as a router answers one: the path is there, not the method.
			if (served !== 'both' && served !== method) return refuse(405, 'MN', `Method ${method} is not allowed on ${request.path}`);
			return /^\d+$/.test(request.params.merchantId) ? updateMerchant(request, sandbox) : notFound(`Merchant ${request.params.merchantId}`);
		};
		app.router.on(method, '/api/merchants/:merchantId', handler);
	}
}
