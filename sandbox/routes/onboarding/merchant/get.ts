// GET /api/merchants/{merchantId} (merchant-onboarding-api.md, "GET /api/merchants/{merchantId}"): the merchant
// read shape. A non-numeric id is refused before reaching the endpoint, so before the token is looked at.
import { bearer } from '../../../guards';
import { notFound, ok, type SandboxApp } from '../../../http';
import { idKey } from '../../../json';
import { clone, state } from '../state';

export function register(app: SandboxApp): void {
	const readMerchant = bearer('onboarding:read', (request) => {
		// Keyed by its exact digits: an id beyond 2^53 is found too.
		const merchant = state(app).merchants[idKey(request.params.merchantId) ?? ''];
		if (!merchant) return notFound(`Merchant ${request.params.merchantId}`);
		return ok(clone(merchant));
	});
	app.router.get('/api/merchants/:merchantId', (request, sandbox) =>
		/^\d+$/.test(request.params.merchantId) ? readMerchant(request, sandbox) : notFound(`Merchant ${request.params.merchantId}`),
	);
}
