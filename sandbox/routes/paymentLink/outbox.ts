/**
 * The e-mails the platform sends a link's `receiverEmails` once the link is created (payment-processing-api.md:
 * "addresses to which the link is sent after creation"). The sandbox sends no e-mail: it keeps them in an outbox
 * that GET /__sandbox/outbox shows (an HTML page a person opens, newest first; `?format=json` for a test), so that a
 * buyer's path works with nothing copied: open the outbox, click the link, pay. Internal state, in no API answer.
 */
import { escapeHtml } from '../../checkoutPage';
import { isoNow, ok, type SandboxApp, type SandboxResponse } from '../../http';
import type { Id } from '../../json';
import { state, type LinkRecord } from './state';

export interface OutboxMail {
	to: string;
	subject: string;
	linkId: Id;
	reference: string;
	url: string;
	amount: { currency: string; total: number };
	at: string;
}

/** Keeps at most this many mails, the oldest dropped first. */
const KEPT = 200;

const outboxOf = (app: SandboxApp): OutboxMail[] => {
	const links = state(app) as ReturnType<typeof state> & { outbox?: OutboxMail[] };
	return (links.outbox ??= []);
};

/** "Sends" the new link to each receiver address. */
export function mailLink(app: SandboxApp, link: LinkRecord): void {
	const outbox = outboxOf(app);
	for (const to of link.receiverEmails) {
		outbox.push({ to, subject: `Payment link: ${link.name}`, linkId: link.id, reference: link.reference, url: link.url, amount: { currency: link.amount.currency, total: link.amount.total }, at: isoNow() });
	}
	if (outbox.length > KEPT) outbox.splice(0, outbox.length - KEPT);
}

function outboxPage(mails: OutboxMail[]): SandboxResponse {
	const rows = mails.map(
		(mail) =>
			`<li><p><strong>${escapeHtml(mail.subject)}</strong><br><span class="muted">To ${escapeHtml(mail.to)} · ${escapeHtml(mail.at)} · reference ${escapeHtml(mail.reference)}</span></p>` +
			`<p><a href="${escapeHtml(mail.url)}">Pay ${escapeHtml(mail.amount.currency)} ${escapeHtml(Number(mail.amount.total).toFixed(2))}</a></p></li>`,
	);
	const body = rows.length ? `<ol>${rows.join('')}</ol>` : '<p>No e-mail yet: a payment link with Receiver Emails puts one here.</p>';
	const page = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sandbox outbox</title><style>body{font-family:system-ui,sans-serif;max-width:40rem;margin:2rem auto}.muted{color:#666;font-size:.9rem}li{margin-bottom:1rem}</style></head><body><h1>Sandbox outbox</h1><p class="muted">The e-mails the platform would have sent (payment links to their Receiver Emails), newest first.</p>${body}</body></html>`;
	return { status: 200, raw: page, headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' } };
}

export function register(app: SandboxApp): void {
	app.router.get('/__sandbox/outbox', (request) => {
		const mails = [...outboxOf(app)].reverse();
		return request.query.get('format') === 'json' ? ok({ mails }) : outboxPage(mails);
	});
}
