import type { IDataObject } from 'n8n-workflow';

import { limitProperty, returnAllProperty } from '../../../shared/descriptions/commonFields';
import { oneRequestOperation } from '../../../shared/operation/oneRequestOperation';
import { internalReferenceProperty } from '../../descriptions/fields';
import { ticketSearchSchema } from '../../schemas';

/** The search has no pagination: every ticket comes in one answer, and the limit is applied here. */
export const getMany = oneRequestOperation({
	value: 'getMany',
	name: 'Get Many',
	action: 'Get many tickets',
	description: 'Get the tickets recorded for a transaction',
	api: 'core',
	path: '/ticket/search',
	safety: 'read',
	properties: [
		{ ...internalReferenceProperty, description: "The platform's internal reference of the transaction whose tickets to get" },
		returnAllProperty,
		limitProperty,
	],
	body: (ctx) => ({ internalReference: ctx.param('internalReference') }),
	schema: ticketSearchSchema,
	output: (answer, ctx) => {
		const tickets = Array.isArray(answer.data) ? (answer.data as IDataObject[]) : [];
		return ctx.param<boolean>('returnAll', false) ? tickets : tickets.slice(0, Math.max(0, ctx.param<number>('limit', 50)));
	},
});
