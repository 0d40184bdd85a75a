import type { IDataObject } from 'n8n-workflow';

import { limitProperty, returnAllProperty } from '../../../shared/descriptions/commonFields';
import { paySuiteRequest } from '../../../shared/transport/request';
import type { PaySuiteOperation } from '../../../shared/operation/types';
import { internalReferenceProperty } from '../../descriptions/fields';
import { ticketSearchSchema } from '../../schemas';

/** The search has no pagination: every ticket comes in one answer, and the limit is applied here. */
export const getMany: PaySuiteOperation = {
	value: 'getMany',
	name: 'Get Many',
	action: 'Get many tickets',
	description: 'Get the tickets recorded for a transaction',
	parallel: 'read',
	properties: [
		{ ...internalReferenceProperty, description: "The platform's internal reference of the transaction whose tickets to get" },
		returnAllProperty,
		limitProperty,
	],
	async execute(ctx) {
		const body = ctx.validate(ticketSearchSchema, { internalReference: ctx.param('internalReference') });
		const answer = await paySuiteRequest(ctx, { api: 'core', path: '/ticket/search', safety: 'read', body: body as unknown as IDataObject });
		const tickets = Array.isArray(answer.body.data) ? (answer.body.data as IDataObject[]) : [];
		const returnAll = ctx.param<boolean>('returnAll', false);
		return ctx.fn.helpers.returnJsonArray(returnAll ? tickets : tickets.slice(0, Math.max(0, ctx.param<number>('limit', 50))));
	},
};
