/**
 * The page a payment link's `url` opens (GET), where a person pays with a test card (POST, the form the page
 * shows): exactly as POST /__sandbox/payment-links/{id}/pay, a checkout session is opened and paid, and the
 * link's notificationUrl is notified. The page itself is rendered by sandbox/checkoutPage.ts.
 */
import { randomBytes } from 'crypto';

import { keepAnswer, missingPage, notificationNote, outcomeHeadline, payPage, readForm, resultPage, type PageFacts } from '../../checkoutPage';
import type { SandboxApp, SandboxRequest, SandboxResponse } from '../../http';
import { idKey } from '../../json';
import { pageAnswers, refusalMessage } from '../checkout/page';
import { linkPayRefusal, payLink } from './control';
import { wallClockText } from '../../wallClock';
import { allowedPayments, linkDateMs, linkStatus, state, type LinkRecord } from './state';

export function register(app: SandboxApp): void {
	app.router.get('/payment-link/:id/:key', (request, app) => {
		const link = pageLink(request, app);
		if (!link) return missingPage('This payment link');
		return closedPage(link) ?? payPage(facts(link), randomBytes(12).toString('hex'));
	});
	app.router.post('/payment-link/:id/:key', async (request, app) => {
		const link = pageLink(request, app);
		if (!link) return missingPage('This payment link');
		const form = readForm(request.rawBody);
		const key = form.attempt ? `link:${link.id}:${form.attempt}` : undefined;
		if (key && pageAnswers(app).answers[key]) return pageAnswers(app).answers[key];
		const closed = closedPage(link);
		if (closed) return closed;
		const paid = await payLink(app, link, { card: form.card });
		if ('refusal' in paid) return resultPage(paid.refusal.status, facts(link), 'The payment was not taken', refusalMessage(paid.refusal));
		const answer = resultPage(200, facts(link), outcomeHeadline(paid.payment.status), notificationNote(paid.notifications));
		return key ? keepAnswer(pageAnswers(app), key, answer) : answer;
	});
}

function pageLink(request: SandboxRequest, app: SandboxApp): LinkRecord | undefined {
	const key = idKey(request.params.id);
	const link = key === undefined ? undefined : state(app).links[key];
	return link && link.url.endsWith(`/${request.params.id}/${request.params.key}`) ? link : undefined;
}

function facts(link: LinkRecord): PageFacts {
	const approved = link.payments.filter((payment) => payment.status === 'APPROVED').length;
	const allowed = allowedPayments(link);
	const status = linkStatus(link);
	// The documented status stays ACTIVE for a paid link: the buyer reads that it takes no more payments.
	const paid = status === 'ACTIVE' && linkPayRefusal(link) ? ' (paid: takes no more payments)' : '';
	return {
		title: `Payment link ${link.id}`,
		name: link.name,
		description: link.description,
		reference: link.reference,
		amount: link.amount,
		details: [
			`Status: ${status}${paid}`,
			`Approved payments: ${approved}${allowed === null ? '' : ` of ${allowed}`}`,
			`Valid until ${validUntil(link)} (${link.timeZone})`,
		],
	};
}

/**
 * The link's expiry as a buyer reads it: its `expirationDate` read on the site's clock (the zone the link was
 * created in), to the minute, such as `2026-12-01 18:00`.
 */
function validUntil(link: LinkRecord): string {
	const at = linkDateMs(link.expirationDate, link.timeZone);
	return at === undefined ? link.expirationDate : wallClockText(at, link.timeZone).slice(0, 16);
}

/** The page of a link that takes no payment (disabled, expired, fully paid), or undefined. */
function closedPage(link: LinkRecord): SandboxResponse | undefined {
	if (!linkPayRefusal(link)) return undefined;
	const status = linkStatus(link);
	if (status === 'EXPIRED') return resultPage(410, facts(link), 'This payment link has expired', 'Ask the merchant for a new link.');
	if (status === 'INACTIVE') return resultPage(410, facts(link), 'This payment link was disabled by the merchant');
	return resultPage(200, facts(link), 'This payment link is already paid');
}
