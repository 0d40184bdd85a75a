import type { IDataObject } from 'n8n-workflow';

import { formatDateOnly } from '../../../shared/schemas/dateTime';
import { oneRequestOperation } from '../../../shared/operation/oneRequestOperation';
import { notFoundBy } from '../../../shared/operation/words';
import { internalReferenceProperty } from '../../descriptions/fields';
import { ticketCreateSchema } from '../../schemas';

export const create = oneRequestOperation({
	value: 'create',
	name: 'Create',
	action: 'Create tickets',
	description: "Record ticket numbers for an approved session's transaction",
	api: 'core',
	path: '/ticket/create',
	safety: 'write',
	notFound: notFoundBy('Transaction', internalReferenceProperty),
	properties: [
		{ ...internalReferenceProperty, description: "The platform's internal reference of the approved session's transaction" },
		{
			displayName: 'Tickets',
			name: 'tickets',
			type: 'fixedCollection',
			typeOptions: { multipleValues: true },
			placeholder: 'Add Ticket',
			default: {},
			required: true,
			options: [
				{
					name: 'ticket',
					displayName: 'Ticket',
					values: [
						{ displayName: 'Ticket', name: 'ticket', type: 'string', default: '', description: 'The ticket number' },
						{
							displayName: 'Issued At',
							name: 'issuedAt',
							type: 'dateTime',
							default: '',
							description: 'The date the ticket was issued; only the date is sent (YYYY-MM-DD)',
						},
					],
				},
			],
		},
	],
	body: (ctx) => {
		const timeZone = ctx.fn.getTimezone();
		const tickets = ctx.param<{ ticket?: IDataObject[] }>('tickets', {}).ticket ?? [];
		return {
			internalReference: ctx.param('internalReference'),
			tickets: tickets.map((entry) => ({
				ticket: entry.ticket === undefined ? undefined : String(entry.ticket),
				issuedAt: formatDateOnly(entry.issuedAt, timeZone) ?? entry.issuedAt,
			})),
		};
	},
	schema: ticketCreateSchema,
});
