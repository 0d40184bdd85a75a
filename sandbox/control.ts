/** `/__sandbox/`: the sandbox's own control API, never a path of the spec (the areas add theirs in routes/). */
import type { FaultRule, Faults } from './faults';
import { ok, refuse, type Router } from './http';
import type { Ledger } from './ledger';

export function registerControl(router: Router, control: { faults: Faults; ledger: Ledger }): void {
	router.get('/__sandbox/credentials', (_request, app) => {
		const c = app.world.credentials;
		return ok({
			login: c.login,
			secretKey: c.secretKey,
			timeZone: c.timeZone,
			accessToken: c.accessToken,
			readOnlyToken: c.readOnlyToken,
			notificationSecret: c.notificationSecret,
			notificationKeyId: c.notificationKeyId,
			customerId: c.customerId,
			siteId: c.siteId,
			baseUrl: app.url(),
		});
	});
	router.get('/__sandbox/ledger', () => ok({ entries: control.ledger.list() }));
	router.on('DELETE', '/__sandbox/ledger', () => {
		control.ledger.clear();
		return ok();
	});
	router.post('/__sandbox/reset', (_request, app) => {
		app.world.reset();
		control.ledger.clear();
		control.faults.clear();
		return ok();
	});
	router.get('/__sandbox/faults', () => ok({ rules: control.faults.list(), seed: control.faults.currentSeed() ?? null }));
	router.post('/__sandbox/faults', (request) => {
		const rules = Array.isArray(request.body?.rules) ? (request.body.rules as FaultRule[]) : [];
		const seed = typeof request.body?.seed === 'number' ? (request.body.seed as number) : undefined;
		control.faults.set(rules, seed);
		return ok({ rules: control.faults.list(), seed: control.faults.currentSeed() ?? null });
	});
	router.on('DELETE', '/__sandbox/faults', () => {
		control.faults.clear();
		return ok();
	});
	router.get('/__sandbox/routes', () => ok({ routes: router.list() }));
	// Answers and webhooks that carried fields the API documents do not show (option documentedFields).
	router.get('/__sandbox/violations', (_request, app) => ok({ mode: app.documented?.mode ?? 'off', violations: app.documented?.list() ?? [] }));
	router.on('DELETE', '/__sandbox/violations', (_request, app) => {
		app.documented?.clear();
		return ok();
	});
	// The next identifier of a kind (requestId, internalReference, paymentLink, ...), to give records IDs beyond 2^53.
	router.post('/__sandbox/ids', (request, app) => {
		const body = (request.body ?? {}) as Record<string, unknown>;
		for (const [kind, value] of Object.entries(body)) {
			const digits = typeof value === 'string' || typeof value === 'number' || typeof value === 'bigint' ? String(value) : '';
			if (!/^\d+$/.test(digits)) return refuse(400, 'XN', `Invalid ${kind}: must be a whole number (or its digits as text)`);
			app.world.setNextId(kind, BigInt(digits));
		}
		return ok({ next: body });
	});
}
