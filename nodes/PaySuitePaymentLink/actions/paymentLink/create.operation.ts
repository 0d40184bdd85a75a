import type { IDataObject } from 'n8n-workflow';

import { amountFromParameters } from '../../../shared/descriptions/amount';
import { toNameValuePairs } from '../../../shared/descriptions/nameValuePairs';
import { modifiersProperty, paymentPartsLabels } from '../../../shared/descriptions/payment';
import { simplifyOn } from '../../../shared/descriptions/simplify';
import { compact } from '../../../shared/operation/compact';
import type { LostAnswerWords } from '../../../shared/transport/lostAnswer';
import { modifiersOf, partsReader } from '../../../shared/operation/paymentBody';
import { paySuiteRequest } from '../../../shared/transport/request';
import { CREDENTIAL_TIME_ZONE_OPTION, siteClock, type SiteClock } from '../../../shared/operation/siteClock';
import type { OperationContext, PaySuiteOperation } from '../../../shared/operation/types';
import { resolveTimeZone, sentAs, WORKFLOW_TIME_ZONE } from '../../../shared/schemas/timeZone';
import { createProperties } from '../../descriptions/createFields';
import { DEFAULT_VALID_DAYS, expiryAfterDays, toLinkDate, toList } from '../../linkDate';
import { createdLink } from '../../output';
import { linkCreateSchema } from '../../schemas';
import { onSiteClock } from '../../versions';

const SITE_TIME_ZONE = 'Site Time Zone Name or ID';

function linkBody(ctx: OperationContext, expirationDate: unknown): IDataObject {
	const extra = ctx.param<IDataObject>('additionalFields', {});
	const modifiers = modifiersOf(extra, 'additionalFields', partsReader(ctx));
	return {
		name: ctx.param<string>('name', ''),
		// The spec lists reference and description among the top-level fields.
		reference: ctx.param<string>('reference', ''),
		description: ctx.param<string>('description', ''),
		payment: { amount: amountFromParameters(ctx), modifiers },
		expirationDate: expirationDate as string | undefined,
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

// The platform offers no search of links by reference, so a lost answer can only be reported.
export const lostLink = (body: IDataObject): LostAnswerWords => ({
	maybe: `A payment link with reference ${String(body.reference ?? '')} may have been created`,
	check: "Look for it in the platform's back office before creating another: two links with the same reference could both be paid.",
});

interface LinkToCreate {
	body: IDataObject;
	zone: string;
	/** Version 2: the site's clock with where it came from. */
	clock?: SiteClock;
}

/** N days from now, or the date given, both on the site's clock. */
function expiryOnSiteClock(ctx: OperationContext, clock: SiteClock): unknown {
	if (ctx.param<string>('validity', 'days') === 'date') return toLinkDate(ctx.param('expirationDate', ''), clock.zone, clock.zone);
	const days = ctx.param<unknown>('validDays', DEFAULT_VALID_DAYS);
	if (typeof days !== 'number' || !Number.isInteger(days) || days < 1) {
		return ctx.fail(`Days must be a whole number of days, 1 or more; got '${String(days)}'`, 'Set how many days the link takes payments, such as 14.');
	}
	return expiryAfterDays(days, new Date(), clock.zone);
}

/**
 * Validated. Version 1: a required date read in the workflow's zone, written in the node's Site Time Zone (the
 * workflow's by default). Version 2: valid 14 days unless told otherwise, every date on the site's clock.
 */
export async function linkToCreate(ctx: OperationContext): Promise<LinkToCreate> {
	if (onSiteClock(ctx.node.typeVersion)) {
		const clock = await siteClock(ctx, ctx.param('siteTimeZone', CREDENTIAL_TIME_ZONE_OPTION), SITE_TIME_ZONE);
		return { body: ctx.validate(linkCreateSchema(clock.zone), compact(linkBody(ctx, expiryOnSiteClock(ctx, clock)))) as IDataObject, zone: clock.zone, clock };
	}
	const workflowZone = ctx.fn.getTimezone();
	const site = resolveTimeZone(ctx.param('siteTimeZone', WORKFLOW_TIME_ZONE), workflowZone);
	if ('error' in site) return ctx.fail(`${SITE_TIME_ZONE} ${site.error}`, "Choose the site's time zone in the list: the platform reads the expiration date in it.");
	const expiration = toLinkDate(ctx.param('expirationDate', ''), workflowZone, site.zone);
	return { body: ctx.validate(linkCreateSchema(site.zone), compact(linkBody(ctx, expiration))) as IDataObject, zone: site.zone };
}

export const create: PaySuiteOperation = {
	value: 'create',
	name: 'Create',
	action: 'Create a payment link',
	description: 'Create a payment link to send to buyers. Sent once: if its answer is lost, the item fails saying what to check.',
	fieldLabels: paymentPartsLabels('Additional Fields', [modifiersProperty]),
	properties: createProperties,
	async execute(ctx) {
		const { body, zone, clock } = await linkToCreate(ctx);
		const simple = simplifyOn(ctx);
		return paySuiteRequest<IDataObject>(ctx, { api: 'links', path: '/api/payment-link', safety: 'write', body }, {
			lostAnswer: lostLink(body),
			// Version 1: what was sent with the zone it is read in, so the instant is checkable at a glance.
			output: (answer) => ctx.fn.helpers.returnJsonArray(clock ? createdLink(answer, body, clock, simple) : { ...answer, expirationSentAs: sentAs(String(body.expirationDate), zone) }),
		});
	},
};
