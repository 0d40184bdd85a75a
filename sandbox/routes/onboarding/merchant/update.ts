// PATCH /api/merchants/{merchantId} (merchant-onboarding-api.md, "Update a merchant"): the spec describes the
// update as a PATCH but shows no path; this one is our choice (docs/sandbox/onboarding.md).
import { bearer } from '../../../guards';
import { notFound, type SandboxApp } from '../../../http';
import { toId } from '../../../json';
import { write } from '../merchantWrite';
import { state } from '../state';

export function register(app: SandboxApp): void {
	const updateMerchant = bearer('onboarding:create', (request) => {
		const merchantId = toId(BigInt(request.params.merchantId));
		if (!state(app).merchants[String(merchantId)]) return notFound(`Merchant ${merchantId}`);
		return write(app, request, 'merchant.update', merchantId);
	});
	app.router.patch('/api/merchants/:merchantId', (request, sandbox) =>
		/^\d+$/.test(request.params.merchantId) ? updateMerchant(request, sandbox) : notFound(`Merchant ${request.params.merchantId}`),
	);
}
