/** `/__sandbox/core/...`: what a test or a demo needs to see of the Core state, never a path of the platform. */
import { invalidField, notFound, ok, type SandboxApp, type SandboxRequest } from '../../http';
import { toId } from '../../json';
import { siteReadShape } from './siteRead';
import { configurationOf, FRANCHISE_CODES, PAYMENT_METHOD_CATALOGUE, siteById, state } from './state';

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

	// More records than one page of a list holds, for tests and demos of paged lists: `facilitators` more
	// payment facilitators, `paymentMethods` more payment methods of merchant `customerId` (codes of the catalogue).
	app.router.post('/__sandbox/core/seed', (request: SandboxRequest) => {
		const body = (request.body ?? {}) as { facilitators?: unknown; paymentMethods?: unknown; customerId?: unknown };
		const count = (value: unknown) => (Number.isInteger(value) && (value as number) >= 0 && (value as number) <= 1000 ? (value as number) : undefined);
		const facilitators = count(body.facilitators ?? 0);
		const methods = count(body.paymentMethods ?? 0);
		if (facilitators === undefined) return invalidField('facilitators', 'must be a whole number from 0 to 1000');
		if (methods === undefined) return invalidField('paymentMethods', 'must be a whole number from 0 to 1000');
		const core = state(app);
		const customerId = toId(BigInt(String(body.customerId ?? app.world.credentials.customerId)));
		for (let index = 0; index < facilitators; index++) {
			const id = core.facilitators.length + 1;
			core.facilitators.push({ id, name: `Seeded Facilitator ${id}`, active: true, country: 'US', networkIdA: 300000 + id, networkIdB: 400000 + id });
		}
		const codes = Object.keys(PAYMENT_METHOD_CATALOGUE);
		for (let index = 0; index < methods; index++) {
			const code = codes[index % codes.length];
			const id = app.world.nextId('merchantPaymentMethod', 601);
			core.merchantPaymentMethods.push({
				id,
				customerId,
				code,
				name: `Seeded ${PAYMENT_METHOD_CATALOGUE[code].name} ${index + 1}`,
				commissionModel: 'P',
				commissionValue: 1,
				accountNumber: `0009${String(id)}`,
				accountType: 1,
				franchise: PAYMENT_METHOD_CATALOGUE[code].franchise,
				financialEntity: null,
				order: index + 10,
				disabled: false,
				settings: null,
				creditRules: {},
			});
		}
		return ok({ facilitators: core.facilitators.length, paymentMethods: core.merchantPaymentMethods.filter((method) => method.customerId === customerId).length });
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
