import { requestOperation } from '../../../shared/operation';
import { siteUpdateBrandingSchema, type SiteUpdateBrandingBody } from '../../schemas';
import { siteIdProperty } from './fields';

export const updateBranding = requestOperation<SiteUpdateBrandingBody>({
	value: 'updateBranding',
	name: 'Update Branding',
	action: 'Update the branding of a site',
	description:
		"Update the checkout colours and checkout version of a site; outputs the whole site, including its credentials in clear (treat it as a secret)",
	api: 'core',
	path: '/core/site/update',
	safety: 'write',
	properties: [
		siteIdProperty,
		{
			displayName: 'Branding',
			name: 'branding',
			type: 'collection',
			placeholder: 'Add Branding Field',
			default: {},
			options: [
				{ displayName: 'Button Color', name: 'buttonColor', type: 'color', default: '#1a73e8', description: 'Colour of the checkout buttons (#rrggbb)' },
				{ displayName: 'Sidebar Color', name: 'sidebarColor', type: 'color', default: '#ffffff', description: 'Colour of the checkout sidebar (#rrggbb)' },
			],
		},
		{
			displayName: 'Checkout Version',
			name: 'checkoutVersion',
			type: 'string',
			default: '',
			placeholder: 'v4',
			description: 'Redirect checkout version, such as v3 or v4; leave empty to keep it',
		},
	],
	body: (ctx) => ({
		id: ctx.param('siteId'),
		branding: ctx.param('branding', {}),
		checkoutVersion: ctx.param<string>('checkoutVersion', ''),
	}),
	schema: siteUpdateBrandingSchema,
});
