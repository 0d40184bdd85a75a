import { z } from 'zod/v3';

import { filtersCollection } from '../../../shared/descriptions/collections';
import { locatorValue, optionalLocator } from '../../../shared/descriptions/coreIds';
import { idLocatorProperty } from '../../../shared/descriptions/locator';
import { SEARCH_PAYMENT_FACILITATORS } from '../../../shared/methods/paymentFacilitators';
import { oneRequestOperation } from '../../../shared/operation/oneRequestOperation';

const filtersSchema = z
	.object({ id: z.string().regex(/^\d+$/, 'must be the digits of the ID').optional(), name: z.string().optional(), active: z.boolean().optional() })
	.strict();

/** The ID filter is a locator inside the Filters collection: its value is the ID (there is no "By URL"); empty is none. */
const idOf = (value: unknown): string | undefined => {
	const id = locatorValue(value);
	return id === undefined || id === null || String(id).trim() === '' ? undefined : String(id).trim();
};

export const getMany = oneRequestOperation({
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
			{ displayName: 'Name', name: 'name', type: 'string', default: '', description: 'Name of the facilitator, or part of it' },
			optionalLocator(
				idLocatorProperty({
					displayName: 'Payment Facilitator ID',
					name: 'id',
					description: 'Only this facilitator',
					example: '7',
					searchListMethod: SEARCH_PAYMENT_FACILITATORS,
				}),
			),
		]),
	],
	list: {},
	body: (ctx) => {
		const filters = ctx.param<{ id?: unknown; name?: string; active?: boolean }>('filters', {});
		return { ...filters, id: idOf(filters.id) };
	},
	schema: filtersSchema,
	fieldLabels: { id: 'Filters › Payment Facilitator ID' },
});
