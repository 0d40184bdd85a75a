import { z } from 'zod/v3';

import { filtersCollection } from '../../../shared/descriptions/collections';
import { listOperation } from '../../../shared/operation';

const filtersSchema = z
	.object({
		id: z.string().optional(),
		name: z.string().optional(),
		active: z.boolean().optional(),
	})
	.strict();

export const getMany = listOperation({
	value: 'getMany',
	name: 'Get Many',
	action: 'Get many payment facilitators',
	description: 'Search payment facilitators, optionally filtered by ID, name or whether they are active',
	api: 'core',
	path: '/core/tools/payment-facilitator/search',
	properties: [
		filtersCollection([
			{
				displayName: 'Active',
				name: 'active',
				type: 'boolean',
				default: true,
				description: 'Whether to return only active facilitators (on) or only inactive ones (off)',
			},
			{ displayName: 'ID', name: 'id', type: 'string', default: '', description: 'Identifier of the facilitator' },
			{ displayName: 'Name', name: 'name', type: 'string', default: '', description: 'Name of the facilitator' },
		]),
	],
	filters: (ctx) => {
		const filters = ctx.param<{ id?: string | number; name?: string; active?: boolean }>('filters', {});
		return { ...filters, id: filters.id === undefined ? undefined : String(filters.id) };
	},
	schema: filtersSchema,
});
