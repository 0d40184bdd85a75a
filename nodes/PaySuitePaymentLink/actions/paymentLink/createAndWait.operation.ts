/**
 * The link's notification URL is this execution's resume URL: it resumes when the signed notification says paid or
 * expired. n8n also ends the wait an hour after the expiry running none of the node's code (n8n 2.40.7's
 * WorkflowExecute.handleWaitingState disables the waiting node, which passes its input on): version 3 makes that input
 * an UNKNOWN outcome naming the link (docs/nodes/payment-link.md).
 */
import type { IDataObject, INodeProperties, IWebhookFunctions } from 'n8n-workflow';

import { simplifyOn } from '../../../shared/descriptions/simplify';
import { paySuiteRequest } from '../../../shared/transport/request';
import { chooseSiteClock, CREDENTIAL_TIME_ZONE_OPTION } from '../../../shared/operation/siteClock';
import type { PaySuiteOperation } from '../../../shared/operation/types';
import { passOnAtTimeLimit, refuseAllButOneItem } from '../../../shared/operation/waitForOne';
import { linkOutcome, linkResult, unknownLinkResult } from '../../../shared/output/paymentResult';
import { parseDateTimeInput } from '../../../shared/schemas/dateTime';
import { credentialTimeZone } from '../../../shared/schemas/timeZone';
import { credentialsOnce } from '../../../shared/transport/credentials';
import { foundLink, linkRequest } from '../../../shared/webhooks/linkLookup';
import { checkLinkNotification, type LinkNotification } from '../../../shared/webhooks/linkNotification';
import { NOT_VERIFIED } from '../../../shared/webhooks/reply';
import { awaitedReference, resumeTurn, resumeUrlFor, type ResumeDeclaration } from '../../../shared/webhooks/resume';
import { createProperties } from '../../descriptions/createFields';
import { createdLink } from '../../output';
import { BEFORE_TIME_LIMIT_OUTCOME, FROM_TIME_LIMIT_OUTCOME, saysTimeLimitOutcome } from '../../versions';
import { linkToCreate, lostLink } from './create.operation';

/** For a platform that never said the link expired. */
export const WAIT_AFTER_EXPIRY_MS = 60 * 60 * 1000;

const notice: INodeProperties = {
	displayName:
		'The workflow waits here until the link is paid or expires (Valid For), then goes on with the payment: status APPROVED, or EXPIRED when nobody paid. Nothing to paste: the link notifies this execution itself. The workflow must be published (or run from the editor) for the platform to reach it.',
	name: 'waitNotice',
	type: 'notice',
	default: '',
	displayOptions: { show: BEFORE_TIME_LIMIT_OUTCOME },
};

const noticeWithTimeLimit: INodeProperties = {
	...notice,
	displayName:
		"The workflow waits here until the link is paid or expires (Valid For), then goes on with the payment: status APPROVED, or EXPIRED when nobody paid. If the platform never says (an hour after the expiry), status UNKNOWN: read the link with Get before treating it as unpaid. Nothing to paste: the link notifies this execution itself. The workflow must be published (or run from the editor) for the platform to reach it.",
	displayOptions: { show: FROM_TIME_LIMIT_OUTCOME },
};

/** Version 3: how the outcome was learned (`outcomeFrom`). */
const OUTCOME_FROM = { notification: 'notification', timeLimit: 'timeLimit' } as const;

/** The node sets the Notification URL itself. */
const properties: INodeProperties[] = [
	notice,
	noticeWithTimeLimit,
	...createProperties.map((property) =>
		property.name === 'additionalFields' && property.options
			? { ...property, options: property.options.filter((option) => option.name !== 'notificationUrl') }
			: property,
	),
];

/** Signed, and the resume URL's reference checked. */
interface AwaitedNotification {
	ok: true;
	notification: LinkNotification;
	/** From the resume URL, whose check held. */
	reference: string;
	siteTimeZone?: string;
}

const awaitLink: ResumeDeclaration<AwaitedNotification, IDataObject> = {
	signature: {
		covers: 'fields',
		credentialType: 'paySuiteApi',
		check: (body, credentials, fn) => {
			const secretKey = String(credentials.secretKey ?? '');
			const checked = checkLinkNotification(body, secretKey);
			if (!checked.ok) return checked;
			const reference = awaitedReference(fn, secretKey);
			if (reference === undefined) return { ok: false, httpStatus: 401, message: NOT_VERIFIED };
			return { ...checked, reference, siteTimeZone: credentialTimeZone(credentials) };
		},
	},
	received: ({ notification }) => `Notification of payment link ${notification.signed.linkId} received`,
	notAwaited: ({ notification, reference }, link) =>
		link.reference === reference ? undefined : `the payment link ${notification.signed.linkId} is not the one this execution waits for (${reference})`,
	// Over once a payment is approved or the link takes no more payments (a payment still pending is said so).
	final: (link) => linkOutcome(link).status === 'APPROVED' || link.status === 'EXPIRED' || link.status === 'INACTIVE',
	output: (fn, { notification, siteTimeZone }, link) => {
		const from = saysTimeLimitOutcome(fn.getNode().typeVersion) ? { outcomeFrom: OUTCOME_FROM.notification } : {};
		if (!simplifyOn(fn)) return { ...link, notification: { signed: notification.signed, unsigned: notification.unsigned }, ...from };
		const clock = chooseSiteClock(fn.getNodeParameter('siteTimeZone', CREDENTIAL_TIME_ZONE_OPTION), siteTimeZone, fn.getTimezone());
		return { ...linkResult(link, notification.signed.date, 'error' in clock ? fn.getTimezone() : clock.zone), ...from };
	},
};

export const createAndWait: PaySuiteOperation = {
	value: 'createAndWait',
	name: 'Create and Wait for Payment',
	action: 'Create a payment link and wait for its payment',
	description:
		'Create a payment link and wait until it is paid or expires, then go on with the payment (status, amount, internal reference). Nothing to paste: the link notifies this execution.',
	properties,
	async execute(ctx) {
		refuseAllButOneItem(ctx, 'Payment Link › Create, with a Checkout Trigger on the link\'s Notification URL');
		const link = await linkToCreate(ctx);
		const { zone, clock } = link;
		// Checked first: the URL is this execution's own, named after the link's reference.
		const credentials = await credentialsOnce(ctx.fn, 'paySuiteApi');
		const body: IDataObject = { ...link.body, notificationUrl: resumeUrlFor(ctx.fn, String(credentials.secretKey ?? ''), String(link.body.reference)) };
		const simple = simplifyOn(ctx);
		// Shown by the editor while the execution waits (the link's url, to pay it); n8n replaces it on resume.
		const created = await paySuiteRequest<IDataObject>(ctx, { api: 'links', path: '/api/payment-link', safety: 'write', body }, {
			lostAnswer: lostLink(body),
			output: (answer) => ctx.fn.helpers.returnJsonArray(clock ? createdLink(answer, body, clock, simple) : { ...answer, expirationDate: body.expirationDate }),
		});
		const expiresAt = parseDateTimeInput(body.expirationDate, zone)?.getTime() ?? Date.now();
		await ctx.fn.putExecutionToWait(new Date(expiresAt + WAIT_AFTER_EXPIRY_MS));
		if (saysTimeLimitOutcome(ctx.node.typeVersion)) {
			passOnAtTimeLimit(ctx, { ...unknownLinkResult(created[0]?.json.id, body), outcomeFrom: OUTCOME_FROM.timeLimit });
		}
		return created;
	},
	// The notification does not say which payment: the link's read does, here, one step from the request.
	async resume(fn: IWebhookFunctions) {
		const turn = await resumeTurn(fn, awaitLink);
		if (!turn.ok) return turn.answer;
		const { linkId } = turn.delivery.notification.signed;
		try {
			return turn.answer(foundLink(await paySuiteRequest(fn, linkRequest(linkId)), linkId));
		} catch (error) {
			return turn.failed(error);
		}
	},
};
