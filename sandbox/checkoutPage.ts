/**
 * The small checkout page a link's `url` and a session's `processUrl` open: plain HTML with its style inline and
 * no script or external asset, so it works offline and in any browser. A person pays with one of three test
 * cards (approve, reject, leave pending); the form posts back to the page's own address.
 */
import { TEST_CARDS } from './cards';
import type { SandboxResponse } from './http';

export const escapeHtml = (value: unknown): string => String(value ?? '').replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The buttons: the first test card of each outcome (sandbox/cards.ts). */
export const PAGE_CARDS = (['APPROVED', 'REJECTED', 'PENDING'] as const).map((outcome) => {
	const card = TEST_CARDS.find((entry) => entry.outcome === outcome)!;
	const label = { APPROVED: 'Pay (approved)', REJECTED: 'Pay (rejected)', PENDING: 'Pay (pending review)' }[outcome];
	return { outcome, number: card.number, label };
});

export interface PageFacts {
	/** "Payment link 3001" or "Checkout session 10001". */
	title: string;
	name?: string;
	description?: string;
	reference: string;
	/** None for a session that only registers a card (a subscription). */
	amount?: { currency: string; total: number | string };
	/** Lines under the amount: the status, payments so far... */
	details?: string[];
}

const STYLE =
	'body{font-family:system-ui,sans-serif;background:#f4f5f7;margin:0;padding:2rem}main{max-width:28rem;margin:auto;background:#fff;border-radius:8px;padding:1.5rem;box-shadow:0 1px 4px #0002}' +
	'h1{font-size:1.2rem;margin-top:0}.amount{font-size:1.8rem;font-weight:600;margin:.5rem 0}.muted{color:#666;font-size:.9rem}' +
	'button{display:block;width:100%;margin:.5rem 0;padding:.7rem;border:0;border-radius:6px;font-size:1rem;cursor:pointer;color:#fff}' +
	'.APPROVED{background:#1a7f37}.REJECTED{background:#b42318}.PENDING{background:#9a6700}.note{border-left:4px solid #999;padding-left:.7rem}';

const amountText = (amount: NonNullable<PageFacts['amount']>) => `${escapeHtml(amount.currency)} ${escapeHtml(Number(amount.total).toFixed(2))}`;

function layout(title: string, body: string): string {
	return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)} · Sandbox checkout</title><style>${STYLE}</style></head><body><main>${body}<p class="muted">Sandbox checkout: no real money moves.</p></main></body></html>`;
}

function summary(facts: PageFacts): string {
	return [
		`<h1>${escapeHtml(facts.title)}${facts.name ? `: ${escapeHtml(facts.name)}` : ''}</h1>`,
		facts.description ? `<p>${escapeHtml(facts.description)}</p>` : '',
		facts.amount ? `<p class="amount">${amountText(facts.amount)}</p>` : '',
		`<p>Reference <strong>${escapeHtml(facts.reference)}</strong></p>`,
		...(facts.details ?? []).map((line) => `<p class="muted">${escapeHtml(line)}</p>`),
	].join('');
}

const html = (status: number, page: string): SandboxResponse => ({
	status,
	raw: page,
	headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' },
});

/** The form: one button per test card, and an attempt id so that a form sent twice pays once. */
export function payPage(facts: PageFacts, attempt: string): SandboxResponse {
	// A subscription only registers the card: nothing is charged.
	const label = (text: string) => (facts.amount ? text : text.replace(/^Pay/, 'Save the card'));
	const buttons = PAGE_CARDS.map(
		(card) => `<button class="${card.outcome}" type="submit" name="card" value="${card.number}">${label(card.label)}<br><small>test card ${card.number}</small></button>`,
	).join('');
	return html(200, layout(facts.title, `${summary(facts)}<form method="post"><input type="hidden" name="attempt" value="${escapeHtml(attempt)}">${buttons}</form>`));
}

/** What the person sees after paying (or when there is nothing left to pay). */
export function resultPage(status: number, facts: PageFacts, headline: string, note?: string): SandboxResponse {
	return html(status, layout(facts.title, `${summary(facts)}<h2>${escapeHtml(headline)}</h2>${note ? `<p class="note">${escapeHtml(note)}</p>` : ''}`));
}

/** An address that names no link or session (or whose key does not match). */
export function missingPage(what: string): SandboxResponse {
	return html(404, layout('Not found', `<h1>${escapeHtml(what)} does not exist</h1><p>Check the address: it may have been copied only in part.</p>`));
}

/** The card and attempt a posted form carries (application/x-www-form-urlencoded, as a browser sends it). */
export function readForm(rawBody: Buffer): { card?: string; attempt?: string } {
	const form = new URLSearchParams(rawBody.toString('utf8'));
	return { card: form.get('card') ?? undefined, attempt: form.get('attempt') ?? undefined };
}

/** The headline of a payment's outcome. */
export const outcomeHeadline = (status: string): string =>
	({ APPROVED: 'Payment approved', REJECTED: 'Payment rejected', PENDING: 'Payment pending review' })[status] ?? `Payment ${status}`;

/** The headline of a card's registration (a subscription: nothing is charged). */
export const savedCardHeadline = (status: string): string =>
	({ APPROVED: 'Card saved: nothing was charged', REJECTED: 'Card refused: not saved', PENDING: 'Card pending review' })[status] ?? `Card ${status}`;

/** A page's answer kept per form attempt, so that a form sent again shows the first answer and pays nothing. */
export interface PageAnswers {
	answers: Record<string, SandboxResponse>;
}

const MAX_KEPT_ANSWERS = 1000;

/** Keeps an attempt's answer, the oldest forgotten past MAX_KEPT_ANSWERS. */
export function keepAnswer(kept: PageAnswers, key: string, answer: SandboxResponse): SandboxResponse {
	kept.answers[key] = answer;
	const keys = Object.keys(kept.answers);
	for (const old of keys.slice(0, Math.max(0, keys.length - MAX_KEPT_ANSWERS))) delete kept.answers[old];
	return answer;
}

/**
 * The sentence under a result about the notifications the payment sent. The buyer reads this page: it says whether
 * the shop was told, never where (a notification address can be a workflow's signed resume URL).
 */
export function notificationNote(sent: Array<{ url: string; status: number }>): string | undefined {
	if (!sent.length) return undefined;
	return sent.map((entry) => `The shop was notified: ${entry.status ? `it answered HTTP ${entry.status}` : 'no answer'}.`).join(' ');
}
