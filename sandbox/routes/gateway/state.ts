/**
 * What the gateway endpoints share: the area's state (transactions, reports, account validations and their
 * tokens), the instrument and payment request rules, the card or token behind an instrument, and marking a
 * report ready. See docs/sandbox/gateway.md.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- runs in Node, not in n8n: eslint.dev.config.mjs lints it */
import { randomBytes } from 'crypto';
import { z } from 'zod/v3';

import { cardBehaviour, type TestCard } from '../../cards';
import { invalidField, isoNow, type SandboxApp, type SandboxResponse } from '../../http';
import type { Id } from '../../json';
import { number, object, paymentRequestSchema, positiveInteger, text, webUrl } from '../../rules';
import { notifyReportReady } from '../events/state';
import { historyTransactions } from './history';
import { demoSavedCards } from './savedCards';

// ---------------------------------------------------------------------------------------------------------
// State
// ---------------------------------------------------------------------------------------------------------

export interface GatewayTransaction {
	siteLogin: string;
	idempotenceKey?: string;
	/** The answer of process and query, as sent. */
	view: Record<string, any>;
	/** Report columns that are not in the view. */
	payer: Record<string, any>;
	ipAddress?: string;
	/** One of the demo site's past transactions (history.ts), made again for the current days on each start. */
	seeded?: boolean;
}

export interface ReportRecord {
	id: Id;
	siteLogin: string;
	filters: { startDate: string; endDate: string; state?: string[]; type?: string[] };
	callbackUrl?: string;
	obtains: number;
	/** Set by the control endpoint: ready whatever the number of obtains. */
	forcedReady?: boolean;
	/** When the report became ready (the control endpoint, the obtain that found it ready, or its callback timer). */
	readyAt?: string;
	createdAt: string;
	/** When it was asked for, in milliseconds (option reportReadySeconds counts from it). */
	createdAtMs?: number;
	/** The rows of the site's own transactions, as the report was generated (at its first obtain once ready). */
	lines?: string[];
}

export interface ValidationRecord {
	requestId: string;
	siteLogin: string;
	user: Record<string, unknown>;
	returnUrl: string;
	isAuthenticated: boolean;
	expiresAt: string;
	token: TokenInfo | null;
}

export interface TokenInfo {
	token: string;
	subtoken: string;
	franchise: string;
	franchiseName: string;
	issuerName: string;
	lastDigits: string;
	validUntil: string;
}

export interface StoredToken extends TokenInfo {
	siteLogin: string;
	balance: number;
	active: boolean;
	currency: string;
	/** A saved card's number (savedCards.ts): its charges behave as that test card. Never answered. */
	card?: string;
}

export interface GatewayState {
	/** Keyed by internalReference. */
	transactions: Record<string, GatewayTransaction>;
	/** `${siteLogin} ${idempotenceKey}` → internalReference. */
	idempotence: Record<string, Id>;
	reports: Record<string, ReportRecord>;
	validations: Record<string, ValidationRecord>;
	/** Keyed by token. */
	tokens: Record<string, StoredToken>;
}

export const state = (app: SandboxApp): GatewayState =>
	app.world.slice<GatewayState>('gateway', () => ({ transactions: seededHistory(app), idempotence: {}, reports: {}, validations: {}, tokens: demoSavedCards(app.world.credentials.login) }));

/** The demo site's past transactions for the days the options ask for (none by default). */
const seededHistory = (app: SandboxApp): Record<string, GatewayTransaction> =>
	historyTransactions(app.world.credentials.login, app.world.options.historyDays ?? 0, app.world.siteTimeZone);

/**
 * Replaces the seeded transactions with those of the current days: a state file keeps the ones of the day it was
 * written, and a sandbox started days later must still have "yesterday". The site's own transactions stay, and so
 * do the past ones still in range (with their refunds).
 */
export function refreshHistory(app: SandboxApp): void {
	const transactions = state(app).transactions;
	const current = seededHistory(app);
	for (const [key, txn] of Object.entries(transactions)) if (txn.seeded && !(key in current)) delete transactions[key];
	// A past transaction still in range stays as it is: the same day gives the same one, and it may have been refunded.
	for (const [key, txn] of Object.entries(current)) transactions[key] ??= txn;
}

// ---------------------------------------------------------------------------------------------------------
// Field rules of more than one endpoint
// ---------------------------------------------------------------------------------------------------------

export const paymentRequest = paymentRequestSchema({
	reference: text(32).min(1, 'must be 1 to 32 characters'),
	description: text(255).min(1, 'must be 1 to 255 characters'),
	notificationUrl: webUrl(),
});

const cardSchema = object({
	number: text().regex(/^\d{12,19}$/, 'must be 12 to 19 digits'),
	// The spec: month/two-digit-year in requests.
	expiration: text()
		.regex(/^(0[1-9]|1[0-2])\/\d{2}$/, 'must be MM/YY')
		.optional(),
	cvv: text()
		.regex(/^\d{3,4}$/, 'must be 3 or 4 digits')
		.optional(),
});

export const instrumentSchema = object({
	card: cardSchema.optional(),
	token: object({ token: text().min(1, 'must not be empty'), subtoken: text().optional() }).optional(),
	credit: object({ code: z.union([text(), number()]), type: text(), groupCode: text(), installment: positiveInteger() })
		.partial()
		.optional(),
});

export type Instrument = z.infer<typeof instrumentSchema>;

export const auth = z.unknown();

// ---------------------------------------------------------------------------------------------------------
// Cards, instruments and reports
// ---------------------------------------------------------------------------------------------------------

/** The card or token behind an instrument, or the refusal to send. */
export function resolveInstrument(
	app: SandboxApp,
	siteLogin: string,
	instrument: Instrument,
	now = new Date(),
): { card: TestCard; token?: StoredToken } | { refusal: SandboxResponse } {
	if (instrument.card) {
		const card = cardBehaviour(instrument.card.number);
		if (!card) return { refusal: invalidField('instrument.card.number', 'is not a valid card number (Luhn check)') };
		if (instrument.card.expiration) {
			const [month, year] = instrument.card.expiration.split('/').map(Number);
			// Valid through the last day of the month.
			if (Date.UTC(2000 + year, month, 1) <= now.getTime()) return { refusal: invalidField('instrument.card.expiration', 'the card has expired') };
		}
		return { card };
	}
	if (instrument.token) {
		const token = state(app).tokens[instrument.token.token];
		if (!token || token.siteLogin !== siteLogin || (instrument.token.subtoken !== undefined && instrument.token.subtoken !== token.subtoken)) {
			return { refusal: invalidField('instrument.token.token', 'is not a token of this site') };
		}
		// A saved card's charge has the outcome of its card (savedCards.ts); any other token's is approved.
		const { outcome, reason, message } = cardBehaviour(token.card ?? '4111111111111111')!;
		const charged = { ...cardBehaviour('4111111111111111')!, outcome, reason, message };
		return { card: { ...charged, franchise: token.franchise, franchiseName: token.franchiseName, issuerName: token.issuerName, number: `000000000000${token.lastDigits}` }, token };
	}
	return { refusal: invalidField('instrument.card', 'is required (or instrument.token)') };
}

export const PROVIDER = 'SANDBOX';
export const creditOptions = (card: TestCard) =>
	card.displayInterest
		? [
				{ description: 'Deferred with interest', code: '1', groupCode: 'P', type: '02', installments: [3, 6, 12] },
				{ description: 'Deferred without interest', code: '2', groupCode: 'X', type: '03', installments: [3, 6] },
			]
		: card.cardType === 'C'
			? [{ description: 'Installments', code: '1', groupCode: 'C', type: '00', installments: [1, 2, 3, 6, 12] }]
			: [];

export const digits = (count: number) => Array.from(randomBytes(count), (byte) => String(byte % 10)).join('');
export const round2 = (value: number) => Math.round(value * 100) / 100;

/**
 * Marks a report ready (once) and, when it was asked with a callbackUrl, posts the ready notice there through
 * the outbound sender (recorded in /__sandbox/webhooks/deliveries). A failed delivery is only recorded.
 */
export function reportReady(app: SandboxApp, report: ReportRecord): void {
	if (report.readyAt) return;
	report.readyAt = isoNow();
	app.world.save();
	if (!report.callbackUrl) return;
	void notifyReportReady(app, { id: report.id, callbackUrl: report.callbackUrl }).catch(() => undefined);
}
