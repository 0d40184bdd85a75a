import { pathId } from '../../../shared/schemas/identifiers';
import { itemRun, itemRunDigest } from '../../../shared/operation/itemRun';
import type { PaySuiteOperation } from '../../../shared/operation/types';
import { merchantUpdateSchema } from '../../schemas';
import { merchantIdLocator } from '../../descriptions/identifiers';
import { merchantBody } from './merchantBody';
import { updateFieldsProperties } from '../../descriptions/merchantFields';
import { waitProperties, writeOptionsProperty } from '../../descriptions/writeOptions';
import { merchantWrite } from './write';

export const update: PaySuiteOperation = {
	value: 'update',
	name: 'Update',
	action: 'Update a merchant',
	description:
		'Change the details of a merchant. An integration replaces the one of the same type; a payment method with an ID changes that one, one with a code is added.',
	properties: [merchantIdLocator, ...updateFieldsProperties, ...waitProperties, writeOptionsProperty],
	fieldLabels: { '': 'Update Fields' },
	execute: (ctx) => {
		const merchantId = pathId(ctx, 'merchantId');
		return merchantWrite(ctx, {
			// PUT as the platform publishes the update; PATCH, as the document describes it, where PUT is not there.
			method: 'PUT',
			fallbackMethod: 'PATCH',
			path: `/api/merchants/${merchantId}`,
			body: merchantBody(ctx, 'update'),
			schema: merchantUpdateSchema,
			// Unique to this run of the item: a retry, n8n's Retry of the execution included, is deduplicated; a
			// later run with a new input applies the change again.
			keyScope: `merchant.update:${merchantId}:${itemRunDigest(itemRun(ctx))}`,
		});
	},
};
