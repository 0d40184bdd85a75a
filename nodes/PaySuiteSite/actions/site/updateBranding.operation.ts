import { includeSecretsProperty } from '../../../shared/descriptions/commonFields';
import { oneRequestOperation } from '../../../shared/operation/oneRequestOperation';
import { notFoundBy } from '../../../shared/operation/words';
import { siteUpdateBrandingSchema, type SiteUpdateBrandingBody } from '../../schemas';
import { brandingProperty, checkoutVersionProperty, siteIdProperty } from '../../descriptions/fields';
import { simplifyProperty, simplifyOn } from '../../../shared/descriptions/simplify';
import { simplifySite, SITE_DATES } from '../../output';

export const updateBranding = oneRequestOperation<SiteUpdateBrandingBody>({
	siteClock: { dates: SITE_DATES, zoneKey: 'timezone' },
	value: 'updateBranding',
	name: 'Update Branding',
	action: 'Update the branding of a site',
	description:
		'Update the checkout colours and checkout version of a site; outputs the site (simplified by default), its credentials only with Include Secrets on',
	api: 'core',
	path: '/core/site/update',
	notFound: notFoundBy('Site', siteIdProperty),
	safety: 'write',
	properties: [
		siteIdProperty,
		brandingProperty,
		{ ...checkoutVersionProperty, description: 'Redirect checkout version, such as v3 or v4; leave empty to keep it' },
		simplifyProperty,
		{ ...includeSecretsProperty, hint: 'Off: the site\'s transactional keys (tranKey) and the passwords and keys in its services\' settings are output as "[hidden: turn on Include Secrets]".' },
	],
	body: (ctx) => ({ id: ctx.param('siteId'), branding: ctx.param('branding', {}), checkoutVersion: ctx.param<string>('checkoutVersion', '') }),
	schema: siteUpdateBrandingSchema,
	fieldLabels: { id: 'Site ID' },
	output: (answer, ctx) => (simplifyOn(ctx) ? simplifySite(answer) : answer),
});
