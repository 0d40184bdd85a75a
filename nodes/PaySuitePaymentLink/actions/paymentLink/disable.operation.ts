import type { IDataObject } from 'n8n-workflow';

import { pathId } from '../../../shared/identifiers';
import { toItems, type PaySuiteOperation } from '../../../shared/operation';
import { linkIdProperty } from '../../fields';

/** The path as the spec spells it, and the corrected spelling tried once when the platform answers 404 there. */
const DISABLE_PATHS = ['/api/payment-link/disalbe/', '/api/payment-link/disable/'] as const;

export const disable: PaySuiteOperation = {
	value: 'disable',
	name: 'Disable',
	action: 'Disable a payment link',
	description: 'Deactivate a payment link so that it accepts no more payments',
	properties: [linkIdProperty],
	async execute(ctx) {
		const id = pathId(ctx, 'linkId');
		const first = await ctx.request({
			api: 'links',
			path: `${DISABLE_PATHS[0]}${id}`,
			safety: 'write',
			passThroughStatuses: [404],
		});
		if (first.statusCode !== 404) return toItems(first.body);
		const second = await ctx.request<IDataObject>({ api: 'links', path: `${DISABLE_PATHS[1]}${id}`, safety: 'write' });
		return toItems(second.body);
	},
};
