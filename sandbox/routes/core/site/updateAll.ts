// POST /core/site/update-all (core-administration-api.md, "POST /core/site/update-all"): the write shape
// merged into the stored configuration; active, login, tranKey and expiration also change the site itself.
import { signed } from '../../../guards';
import { invalidField, notFound, ok, type SandboxApp } from '../../../http';
import { check, object } from '../../../rules';
import { auth, id } from '../fieldRules';
import { siteDataSchema } from '../siteData';
import { configurationOf, siteById, type SiteConfiguration } from '../state';

const schema = object({ auth, id: id(), data: siteDataSchema('update') });

const isObject = (value: unknown): value is Record<string, unknown> => !!value && typeof value === 'object' && !Array.isArray(value);

/** Applies an update-all `data` object: nested objects merge field by field; null removes an optional field. */
function mergeConfiguration(stored: SiteConfiguration, changes: Record<string, unknown>): void {
	for (const [key, value] of Object.entries(changes)) {
		if (isObject(value)) {
			const target = isObject(stored[key]) ? (stored[key] as Record<string, unknown>) : {};
			stored[key] = target;
			for (const [field, entry] of Object.entries(value)) {
				// Spec: on update, null removes initiatorIndicator (other nullable fields store null).
				if (entry === null && field === 'initiatorIndicator') delete target[field];
				else if (isObject(entry) && isObject(target[field])) Object.assign(target[field] as Record<string, unknown>, entry);
				else target[field] = entry;
			}
		} else {
			stored[key] = value;
		}
	}
}

export function register(app: SandboxApp): void {
	app.router.post(
		'/core/site/update-all',
		signed((request) => {
			const checked = check(schema, request.body);
			if ('refusal' in checked) return checked.refusal;
			const site = siteById(app, checked.value.id);
			if (!site) return notFound(`Site ${checked.value.id}`);
			const { login, tranKey, ...changes } = checked.value.data as Record<string, unknown> & { login?: string; tranKey?: string };
			if (login !== undefined && login !== site.login && app.world.siteByLogin(login)) return invalidField('data.login', 'is already used by another site');
			if (login !== undefined) site.login = login;
			if (tranKey !== undefined) site.secretKey = tranKey;
			if (typeof changes.active === 'boolean') site.state = changes.active ? 'ACTIVE' : 'INACTIVE';
			if (typeof changes.expiration === 'string') site.expiresAt = new Date(changes.expiration).toISOString();
			if (typeof changes.name === 'string') site.name = changes.name;
			// An integration.checkoutVersion sent here is the site's checkout version from now on.
			const integration = changes.integration as Record<string, unknown> | undefined;
			const configuration = configurationOf(app, site);
			if (integration?.checkoutVersion !== undefined) delete configuration.checkoutVersion;
			mergeConfiguration(configuration, changes);
			return ok({ id: site.id, state: site.state });
		}),
	);
}
