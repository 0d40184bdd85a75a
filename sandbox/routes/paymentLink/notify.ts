/**
 * A payment link's own notifications, as the platform publishes them (DESIGN.md, "Facts the spec leaves out"): to
 * the link's `notificationUrl`, `{status {status, reason, message, date}, linkId, reference, signature}` signed with
 * the site's secret key, PAID when a payment of the link is approved and EXPIRED when the link expires. A rejected
 * or pending payment and a disabled link send none (the facts publish no such event). See docs/sandbox/checkout.md.
 */
/* eslint-disable @n8n/community-nodes/no-restricted-globals -- runs in Node, not in n8n: eslint.dev.config.mjs lints it */
import { isoNow, statusBlock, type SandboxApp } from '../../http';
import { sendLinkNotification, type NotificationSent } from '../events/state';
import { linkDateMs, linkStatus, state, type LinkRecord } from './state';

const EVENTS = {
	PAID: () => statusBlock('PAID', '00', 'A payment of the link was approved'),
	EXPIRED: () => statusBlock('EXPIRED', 'EX', 'The payment link expired'),
} as const;

/** Sends the link's notification of `event` to its notificationUrl (nothing without one); the answer is recorded. */
export async function notifyLink(app: SandboxApp, link: LinkRecord, event: keyof typeof EVENTS): Promise<NotificationSent[]> {
	if (!link.notificationUrl) return [];
	const site = app.world.siteByLogin(link.siteLogin);
	const secretKey = site?.secretKey ?? app.world.credentials.secretKey;
	const status = { ...EVENTS[event](), date: isoNow() };
	return [await sendLinkNotification(app, link.notificationUrl, { linkId: link.id, status, reference: link.reference }, secretKey)];
}

/** setTimeout's longest delay; a later expiry is watched again when it comes. */
const LONGEST_DELAY_MS = 2 ** 31 - 1;

/**
 * Sends EXPIRED once when the link expires (a moment after its expirationDate on the site's clock, so that a query
 * made on receipt reads it EXPIRED), unless it was disabled first. The timer does not keep Node running; after a
 * reset the same id may name another link, which this timer leaves alone.
 */
export function watchExpiry(app: SandboxApp, link: LinkRecord): void {
	if (!link.notificationUrl || link.expiryNotified) return;
	const expiresAt = linkDateMs(link.expirationDate, link.timeZone);
	if (expiresAt === undefined) return;
	const delay = Math.min(Math.max(0, expiresAt - Date.now() + 250), LONGEST_DELAY_MS);
	const timer = setTimeout(() => {
		if (state(app).links[String(link.id)] !== link || link.expiryNotified) return;
		if (linkStatus(link) === 'ACTIVE') return watchExpiry(app, link);
		link.expiryNotified = true;
		app.world.save();
		if (linkStatus(link) === 'EXPIRED') void notifyLink(app, link, 'EXPIRED').catch(() => undefined);
	}, delay);
	timer.unref();
}

/** Watches the links kept from an earlier run (a state file): one that expired meanwhile is notified now. */
export function watchKeptLinks(app: SandboxApp): void {
	for (const link of Object.values(state(app).links)) watchExpiry(app, link);
}
