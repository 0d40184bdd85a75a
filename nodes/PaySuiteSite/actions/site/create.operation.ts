import { includeSecretsProperty } from '../../../shared/descriptions/commonFields';
import { oneRequestOperation } from '../../../shared/operation/oneRequestOperation';
import { siteCreateSchema, type SiteCreateBody } from '../../schemas';
import { merchantIdProperty, siteWriteProperties } from '../../descriptions/fields';
import { siteData } from './siteBody';

export const create = oneRequestOperation<SiteCreateBody>({
	value: 'create',
	name: 'Create',
	action: 'Create a site',
	description:
		"Create a site for a merchant; outputs the new site's ID, state and login, and its transactional key only with Include Secrets on",
	api: 'core',
	path: '/core/site/create',
	safety: 'write',
	properties: [
		merchantIdProperty,
		{ displayName: 'Name', name: 'name', type: 'string', default: '', required: true, description: 'Site name' },
		...siteWriteProperties('create'),
		{ ...includeSecretsProperty, hint: 'Off: the new site\'s transactional key (tranKey) is output as "[hidden: turn on Include Secrets]".' },
	],
	body: (ctx) => ({ data: siteData(ctx, 'create') }),
	schema: siteCreateSchema,
	// A key no field names came from Configuration (JSON), merged into what is sent.
	fieldLabels: { 'data.customerId': 'Merchant ID', '*': 'Additional Fields › Configuration (JSON)' },
});
