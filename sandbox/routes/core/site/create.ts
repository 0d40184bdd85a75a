// POST /core/site/create (core-administration-api.md, "POST /core/site/create"). The new site joins the
// sandbox's sites, so its login and tranKey sign later calls as any site's do.
import { randomBytes } from 'crypto';

import { signed } from '../../../guards';
import { invalidField, ok, type SandboxApp } from '../../../http';
import { check, object } from '../../../rules';
import type { SiteRecord } from '../../../world';
import { auth } from '../fieldRules';
import { siteDataSchema } from '../siteData';
import { clone, ensureMerchant, state } from '../state';

const schema = object({ auth, data: siteDataSchema('create') });

export function register(app: SandboxApp): void {
	app.router.post(
		'/core/site/create',
		signed((request) => {
			const checked = check(schema, request.body);
			if ('refusal' in checked) return checked.refusal;
			const { login: wantedLogin, tranKey: wantedTranKey, customerId, ...configuration } = checked.value.data as Record<string, unknown> & {
				login?: string;
				tranKey?: string;
				customerId: number;
			};
			if (wantedLogin !== undefined && app.world.siteByLogin(wantedLogin)) return invalidField('data.login', 'is already used by another site');
			const siteId = app.world.nextId('site');
			const login = wantedLogin ?? `site-${siteId}-${randomBytes(4).toString('hex')}`;
			const tranKey = wantedTranKey ?? randomBytes(24).toString('base64url');
			const active = (configuration.active as boolean | undefined) ?? true;
			ensureMerchant(app, customerId);
			const site: SiteRecord = {
				id: siteId,
				customerId,
				login,
				secretKey: tranKey,
				state: active ? 'ACTIVE' : 'INACTIVE',
				name: configuration.name as string | undefined,
				currency: configuration.currency as string | undefined,
				// The write shape has no time zone: a new site gets the sandbox's (the document does not say whose).
				timezone: app.world.siteTimeZone,
				...(configuration.expiration ? { expiresAt: new Date(configuration.expiration as string).toISOString() } : {}),
			};
			app.world.sites.push(site);
			state(app).siteConfigurations[String(siteId)] = clone(configuration);
			return ok({ id: siteId, active, login, tranKey });
		}),
	);
}
