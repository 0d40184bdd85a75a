/** `/__sandbox/core/...`: what a test or a demo needs to see of the Core state, never a path of the platform. */
import { notFound, ok, type SandboxApp, type SandboxRequest } from '../../http';
import { toId } from '../../json';
import { configurationOf, FRANCHISE_CODES, PAYMENT_METHOD_CATALOGUE, siteById, siteReadShape, state } from './state';

export function register(app: SandboxApp): void {
	app.router.get('/__sandbox/core', () => {
		const core = state(app);
		return ok({
			merchants: core.merchants,
			financialEntities: core.financialEntities,
			franchiseCodes: FRANCHISE_CODES,
			paymentMethodCatalogue: PAYMENT_METHOD_CATALOGUE,
			merchantPaymentMethods: core.merchantPaymentMethods,
			sitePaymentMethods: core.sitePaymentMethods,
			facilitators: core.facilitators,
		});
	});

	app.router.get('/__sandbox/core/sites/:id', (request: SandboxRequest) => {
		const site = /^\d+$/.test(request.params.id) ? siteById(app, toId(BigInt(request.params.id))) : undefined;
		if (!site) return notFound(`Site ${request.params.id}`);
		return ok({
			site: { id: site.id, customerId: site.customerId, login: site.login, state: site.state, expiresAt: site.expiresAt ?? null, timezone: site.timezone ?? app.world.siteTimeZone },
			configuration: configurationOf(app, site),
			readShape: siteReadShape(app, site),
		});
	});
}
