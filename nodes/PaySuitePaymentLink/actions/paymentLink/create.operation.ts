import type { IDataObject } from 'n8n-workflow';

import { amountFromParameters, amountProperties } from '../../../shared/descriptions/amount';
import { localeOptions } from '../../../shared/descriptions/choices';
import { additionalFieldsCollection } from '../../../shared/descriptions/collections';
import { nameValuePairsProperty, toNameValuePairs } from '../../../shared/descriptions/nameValuePairs';
import { compact } from '../../../shared/operation/compact';
import { toItems } from '../../../shared/operation/items';
import { sendWrite } from '../../../shared/operation/lostAnswer';
import type { OperationContext, PaySuiteOperation } from '../../../shared/operation/types';
import { resolveTimeZone, sentAs, WORKFLOW_TIME_ZONE } from '../../../shared/schemas/timeZone';
import { modifiersOf, modifiersProperty, partsReader, paymentPartsLabels } from '../../../shared/descriptions/payment';
import { toLinkDate, toList } from '../../linkDate';
import { linkCreateSchema } from '../../schemas';

function linkBody(ctx: OperationContext, workflowZone: string, siteZone: string): IDataObject {
	const extra = ctx.param<IDataObject>('additionalFields', {});
	const modifiers = modifiersOf(extra, 'additionalFields', partsReader(ctx));
	return {
		name: ctx.param<string>('name', ''),
		// The spec lists reference and description among the top-level fields; they are sent there.
		reference: ctx.param<string>('reference', ''),
		description: ctx.param<string>('description', ''),
		payment: {
			amount: amountFromParameters(ctx),
			modifiers,
		},
		expirationDate: toLinkDate(ctx.param('expirationDate', ''), workflowZone, siteZone) as string | undefined,
		paymentExpiration: ctx.param('paymentExpiration'),
		paymentsAllowed: extra.paymentsAllowed,
		isGeneric: extra.isGeneric,
		receiverEmails: toList(extra.receiverEmails),
		paymentMethod: toList(extra.paymentMethod),
		additional: toNameValuePairs(extra.additional),
		notificationUrl: extra.notificationUrl,
		locale: extra.locale,
	};
}

export const create: PaySuiteOperation = {
	value: 'create',
	name: 'Create',
	action: 'Create a payment link',
	description: 'Create a payment link to send to buyers. Sent once: if its answer is lost, the item fails saying what to check.',
	fieldLabels: paymentPartsLabels('Additional Fields', [modifiersProperty]),
	properties: [
		{ displayName: 'Name', name: 'name', type: 'string', default: '', required: true, description: 'Name of the link' },
		{
			displayName: 'Reference',
			name: 'reference',
			type: 'string',
			default: '',
			required: true,
			description: 'Your unique reference of the link (1 to 32 characters)',
		},
		{
			displayName: 'Description',
			name: 'description',
			type: 'string',
			default: '',
			required: true,
			description: 'What is paid, shown to the buyer (1 to 255 characters)',
		},
		...amountProperties({ amount: 'Amount of each payment' }),
		{
			displayName: 'Expiration Date',
			name: 'expirationDate',
			type: 'dateTime',
			default: '',
			required: true,
			description:
				"When the link stops accepting payments; later than now. A date without an offset (as the picker gives) is the workflow's time zone; it is sent as the site's clocks show it (see Site Time Zone).",
		},
		{
			displayName: 'Site Time Zone Name or ID',
			name: 'siteTimeZone',
			type: 'options',
			typeOptions: { loadOptionsMethod: 'getSiteTimeZones', loadOptionsDependsOn: ['expirationDate'] },
			default: WORKFLOW_TIME_ZONE,
			description:
				'The time zone of the site. The platform reads the expiration (YYYY-MM-DD HH:MM:SS, no offset) in it, so it must be the site\'s zone, not yours: each option shows what it sends. Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
			hint: "Must be the site's time zone (ask the platform or see the site's configuration). The output's expirationSentAs shows what was sent.",
		},
		{
			displayName: 'Payment Expiration (Minutes)',
			name: 'paymentExpiration',
			type: 'number',
			typeOptions: { minValue: 1 },
			default: 30,
			required: true,
			description: 'Minutes the buyer has to finish each checkout opened from the link',
		},
		additionalFieldsCollection([
			nameValuePairsProperty('additional', 'Additional Data', 'Extra fields of the link; each keyword may appear only once'),
			{
				displayName: 'Is Generic',
				name: 'isGeneric',
				type: 'boolean',
				default: false,
				description: 'Whether the same link may be paid again and again until the allowed number of approved payments',
			},
			{
				displayName: 'Language',
				name: 'locale',
				type: 'options',
				options: localeOptions,
				default: 'en_US',
				description: 'Language of the link page',
			},
			modifiersProperty,
			{
				displayName: 'Notification URL',
				name: 'notificationUrl',
				type: 'string',
				default: '',
				description: 'URL notified of payments made through the link and of its expiration',
			},
			{
				displayName: 'Payment Methods',
				name: 'paymentMethod',
				type: 'string',
				default: '',
				placeholder: 'e.g. visa,master',
				description: 'Codes of the payment methods to offer, separated by commas; only methods enabled on the site',
			},
			{
				displayName: 'Payments Allowed',
				name: 'paymentsAllowed',
				type: 'number',
				typeOptions: { minValue: 1 },
				default: 1,
				description: 'How many payments the link accepts; unlimited when not set',
			},
			{
				displayName: 'Receiver Emails',
				name: 'receiverEmails',
				type: 'string',
				default: '',
				placeholder: 'e.g. name@example.com, other@example.com',
				description: 'Addresses the link is sent to after it is created, separated by commas',
			},
		]),
	],
	async execute(ctx) {
		const workflowZone = ctx.fn.getTimezone();
		const site = resolveTimeZone(ctx.param('siteTimeZone', WORKFLOW_TIME_ZONE), workflowZone);
		if ('error' in site) return ctx.fail(`Site Time Zone Name or ID ${site.error}`, 'Choose the site\'s time zone in the list: the platform reads the expiration date in it.');
		const siteZone = site.zone;
		const body = ctx.validate(linkCreateSchema(siteZone), compact(linkBody(ctx, workflowZone, siteZone)));
		// The platform offers no search of links by reference, so a lost answer can only be reported.
		const lost = {
			maybe: `A payment link with reference ${String((body as IDataObject).reference ?? '')} may have been created`,
			check: "Look for it in the platform's back office before creating another: two links with the same reference could both be paid.",
		};
		return sendWrite<IDataObject>(ctx, { api: 'links', path: '/api/payment-link', safety: 'write', body: body as IDataObject }, lost, (answer) =>
			// What the platform was sent, with the zone it reads it in: the instant is checkable at a glance.
			toItems({ ...answer, expirationSentAs: sentAs(String((body as IDataObject).expirationDate), siteZone) }),
		);
	},
};
