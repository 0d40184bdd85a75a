import { oneRequestOperation } from '../../../shared/operation/oneRequestOperation';
import { notFoundBy } from '../../../shared/operation/words';
import { siteUpdateAllSchema, type SiteUpdateAllBody } from '../../schemas';
import { siteIdProperty, siteWriteProperties } from '../../descriptions/fields';
import { siteData } from './siteBody';

export const updateAll = oneRequestOperation<SiteUpdateAllBody>({
	value: 'updateAll',
	name: 'Update All',
	action: 'Update the whole configuration of a site',
	description: 'Update any part of the configuration of a site; only the fields you set are sent',
	api: 'core',
	path: '/core/site/update-all',
	notFound: notFoundBy('Site', siteIdProperty),
	safety: 'write',
	properties: siteWriteProperties('update'),
	body: (ctx) => ({ id: ctx.param('siteId'), data: siteData(ctx, 'update') }),
	schema: siteUpdateAllSchema,
	// A key no field names came from Configuration (JSON), merged into what is sent.
	fieldLabels: { id: 'Site ID', data: 'Update Fields', '*': 'Update Fields › Configuration (JSON)' },
});
