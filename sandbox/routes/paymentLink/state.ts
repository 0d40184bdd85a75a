/**
 * What the payment link endpoints share: the area's state (links and their payments), the link date form, a
 * link's status and its answer shape. See docs/sandbox/checkout.md.
 */
import { notFound, statusBlock, type SandboxApp, type SandboxRequest, type SandboxResponse } from '../../http';
import { idKey, type Id } from '../../json';
import { wallClockMs, wallClockText } from '../../wallClock';

// ---------------------------------------------------------------------------------------------------------
// State
// ---------------------------------------------------------------------------------------------------------

export interface LinkPayment {
	id: Id;
	requestId: Id;
	status: 'APPROVED' | 'REJECTED' | 'PENDING';
	message: string;
	processUrl: string;
	amount: { currency: string; total: string };
	receipt: string | null;
	franchise: string;
	paymentMethod: string;
	paymentDate: string;
	internalReference: Id;
	authorization: string | null;
	issuerName: string;
	merchantCode: string;
	terminalNumber: string;
	installments: number;
	lastDigits: string;
	payer: { name: string; surname: string; email: string; phone: string; document: string; documentType: string };
}

export interface LinkRecord {
	id: Id;
	siteLogin: string;
	site: { id: Id; name: string };
	disabled: boolean;
	url: string;
	name: string;
	reference: string;
	description: string;
	expirationDate: string;
	/** The site's zone when the link was created: `expirationDate` is read in it. */
	timeZone: string;
	paymentExpiration: number;
	paymentsAllowed: number | null;
	isGeneric: boolean;
	amount: { currency: string; total: number; [key: string]: unknown };
	modifiers: unknown[];
	notificationUrl: string | null;
	locale: string;
	allowedPaymentMethods: string[];
	receiverEmails: string[];
	additional: Array<{ keyword: string; value?: unknown; displayOn?: string }>;
	payments: LinkPayment[];
	createdAt: string;
	/** Internal: the EXPIRED notification was sent (or the link ended otherwise); never in an answer. */
	expiryNotified?: boolean;
}

export interface LinksState {
	/** Keyed by link id. */
	links: Record<string, LinkRecord>;
}

export const state = (app: SandboxApp): LinksState => app.world.slice<LinksState>('links', () => ({ links: {} }));

// ---------------------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------------------

/**
 * `YYYY-MM-DD HH:MM:SS` carries no offset: the platform reads it as the clocks of the site's time zone show it
 * (the site read shape's `timezone`). A link stored before zones were kept is read as UTC.
 */
export function linkDateMs(value: string, timeZone = 'UTC'): number | undefined {
	return wallClockMs(value, timeZone);
}

/** An instant as the platform writes a link's dates (`paymentDate`): `YYYY-MM-DD HH:MM:SS` on the site's clock. */
export const spaced = (at: Date, timeZone: string) => wallClockText(at.getTime(), timeZone);

export function linkStatus(link: LinkRecord, now = Date.now()): 'ACTIVE' | 'INACTIVE' | 'EXPIRED' {
	if (link.disabled) return 'INACTIVE';
	if ((linkDateMs(link.expirationDate, link.timeZone) ?? 0) <= now) return 'EXPIRED';
	return 'ACTIVE';
}

/** Approved payments a link takes: paymentsAllowed for a generic link (unlimited when omitted), else one. */
export function allowedPayments(link: LinkRecord): number | null {
	return link.isGeneric ? link.paymentsAllowed : 1;
}

export function linkView(link: LinkRecord): Record<string, unknown> {
	const approved = link.payments.filter((payment) => payment.status === 'APPROVED').length;
	const allowed = allowedPayments(link);
	return {
		id: link.id,
		status: linkStatus(link),
		url: link.url,
		expirationDate: link.expirationDate,
		name: link.name,
		reference: link.reference,
		description: link.description,
		totalPayments: approved,
		availablePayments: allowed === null ? null : Math.max(0, allowed - approved),
		paymentExpiration: link.paymentExpiration,
		amount: link.amount,
		site: link.site,
		metadata: { discount: link.modifiers },
		payments: link.payments,
		isGeneric: link.isGeneric,
		notificationUrl: link.notificationUrl,
		locale: link.locale,
		allowedPaymentMethods: link.allowedPaymentMethods,
	};
}

export function ownLink(request: SandboxRequest, app: SandboxApp): LinkRecord | SandboxResponse {
	const key = idKey(request.params.id);
	const link = key === undefined ? undefined : state(app).links[key];
	if (!link || link.siteLogin !== request.site?.login) return notFound(`The payment link ${request.params.id}`);
	return link;
}

export const answer = (reason: number, message: string, fields: Record<string, unknown>): SandboxResponse => ({
	status: 200,
	body: { status: statusBlock('OK', reason, message), ...fields },
});
