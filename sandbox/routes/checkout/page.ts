/**
 * The page a session's processUrl opens (GET), where a person pays with a test card (POST, the form the page
 * shows): the session moves as with POST /__sandbox/sessions/{requestId}/pay and the notifications are sent.
 * The page itself is rendered by sandbox/checkoutPage.ts.
 */
import { randomBytes } from 'crypto';

import { keepAnswer, missingPage, notificationNote, outcomeHeadline, payPage, readForm, resultPage, savedCardHeadline, type PageAnswers, type PageFacts } from '../../checkoutPage';
import type { SandboxApp, SandboxRequest, SandboxResponse } from '../../http';
import { notifySession, payRefusal, paySession } from './control';
import { findSession, type SessionRecord } from './state';

/** The pages' answers per form attempt (shared with the payment link page). */
export const pageAnswers = (app: SandboxApp): PageAnswers => app.world.slice<PageAnswers>('checkoutPage', () => ({ answers: {} }));

export function register(app: SandboxApp): void {
	app.router.get('/checkout/session/:requestId/:key', (request, app) => {
		const session = pageSession(request, app);
		if (!session) return missingPage('This checkout session');
		return closedPage(session) ?? payPage(facts(session), randomBytes(12).toString('hex'));
	});
	app.router.post('/checkout/session/:requestId/:key', async (request, app) => {
		const session = pageSession(request, app);
		if (!session) return missingPage('This checkout session');
		const form = readForm(request.rawBody);
		const key = form.attempt ? `session:${session.requestId}:${form.attempt}` : undefined;
		if (key && pageAnswers(app).answers[key]) return pageAnswers(app).answers[key];
		const closed = closedPage(session);
		if (closed) return closed;
		const paid = paySession(app, session, { card: form.card });
		if ('refusal' in paid) return resultPage(paid.refusal.status, facts(session), 'The payment was not taken', refusalMessage(paid.refusal));
		const notifications = await notifySession(app, session);
		const shown = facts(session);
		const headline = (shown.amount ? outcomeHeadline : savedCardHeadline)(session.status.status);
		const answer = resultPage(200, shown, headline, notificationNote(notifications));
		return key ? keepAnswer(pageAnswers(app), key, answer) : answer;
	});
}

function pageSession(request: SandboxRequest, app: SandboxApp): SessionRecord | undefined {
	const session = findSession(app, request.params.requestId);
	return session && session.processUrl.endsWith(`/${request.params.key}`) ? session : undefined;
}

function facts(session: SessionRecord): PageFacts {
	const payment = session.request.payment as { description?: string; amount?: { currency: string; total: number } } | undefined;
	return {
		title: `Checkout session ${session.requestId}`,
		description: payment?.description,
		reference: session.reference,
		amount: payment?.amount,
		details: [`Status: ${session.status.status}${session.status.message ? ` (${session.status.message})` : ''}`],
	};
}

/** The page of a session that takes no payment (cancelled, expired, already approved), or undefined. */
function closedPage(session: SessionRecord): SandboxResponse | undefined {
	const refusal = payRefusal(session);
	if (!refusal) return undefined;
	const shown = facts(session);
	if (session.status.status === 'APPROVED') return resultPage(200, shown, shown.amount ? 'This session is already paid' : 'This card is already saved');
	if (session.cancelled) return resultPage(410, shown, 'This session was cancelled by the merchant');
	return resultPage(410, shown, 'This session has expired', 'Ask the merchant for a new payment link or session.');
}

export const refusalMessage = (refusal: SandboxResponse): string =>
	String((refusal.body as { status?: { message?: unknown } } | undefined)?.status?.message ?? 'The sandbox refused the payment');
