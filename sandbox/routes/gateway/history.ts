/**
 * The demo site's past: a few transactions a day for the last `historyDays` days (none by default; `npm start`
 * and `npm run sandbox` ask for 62, so that "yesterday" and the whole of "last month" always have rows). Each
 * calendar day of the site's time zone always gets the same transactions, whenever the sandbox starts: they are
 * drawn from a generator seeded with the date. Some days are empty (never yesterday); states, types, currencies, cards and payers
 * vary. They are gateway transactions like those of /gateway/process: the report, query and search find them.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- runs in Node, not in n8n: eslint.dev.config.mjs lints it */
import { TEST_CARDS } from '../../cards';
import { seededRandom } from '../../faults';
import { isoNow, statusBlock } from '../../http';
import { wallClockMs, wallClockText } from '../../wallClock';
import type { GatewayTransaction } from './state';

const DAY_MS = 86_400_000;

/** The sandbox's seeded generator (faults.ts), seeded from a text: the same text gives the same numbers everywhere. */
function generator(seed: string): () => number {
	let hash = 2166136261;
	for (const char of seed) hash = Math.imul(hash ^ char.charCodeAt(0), 16777619) >>> 0;
	return seededRandom(hash);
}

/** One of the choices, by weight. */
function pick<T>(random: () => number, choices: Array<[T, number]>): T {
	const total = choices.reduce((sum, [, weight]) => sum + weight, 0);
	let draw = random() * total;
	for (const [value, weight] of choices) {
		draw -= weight;
		if (draw < 0) return value;
	}
	return choices[choices.length - 1][0];
}

const FIRST_NAMES = ['Ana', 'Luis', 'Maria', 'Jorge', 'Sofia', 'Pedro', 'Lucia', 'Diego', 'Valentina', 'Andres'];
const LAST_NAMES = ['Gomez', 'Perez', 'Rodriguez', 'Lopez', 'Martinez', 'Diaz', 'Torres', 'Ruiz', 'Castro', 'Vargas'];
const STATES: Array<[string, number]> = [
	['APPROVED', 70],
	['REJECTED', 15],
	['PENDING', 8],
	['FAILED', 7],
];
const TYPES: Array<[string, number]> = [
	['AUTH_ONLY', 75],
	['CHECKIN', 10],
	['REFUND', 8],
	['CHECKOUT', 7],
];
const CURRENCIES: Array<[string, number]> = [
	['USD', 6],
	['COP', 3],
	['EUR', 1],
];
const REASONS: Record<string, [string, string]> = {
	APPROVED: ['00', 'Approved'],
	REJECTED: ['05', 'Declined by the issuer'],
	PENDING: ['?-', 'Pending review'],
	FAILED: ['XA', 'The processor did not answer'],
};
const PAYMENT_METHODS: Record<string, string> = { CARD_A: 'CRA', CARD_B: 'CRB', CARD_C: 'DBC' };

const digitsOf = (random: () => number, count: number) => Array.from({ length: count }, () => String(Math.floor(random() * 10))).join('');

/**
 * The transactions of one calendar day (`YYYY-MM-DD` in the zone), in time order; the same for the same day.
 * `mayBeEmpty` false: a day drawn empty gets the transactions it would have had otherwise.
 */
export function dayTransactions(siteLogin: string, day: string, timeZone: string, mayBeEmpty = true): GatewayTransaction[] {
	const random = generator(`paysuite-sandbox ${day}`);
	const weekday = new Date(`${day}T12:00:00Z`).getUTCDay();
	const weekend = weekday === 0 || weekday === 6;
	// About one day in six has no transaction at all (more often on weekends).
	const empty = random() < (weekend ? 0.35 : 0.12);
	if (empty && mayBeEmpty) return [];
	const count = 1 + Math.floor(random() * (weekend ? 3 : 6));
	// Seconds of the day, between 08:00 and 20:00 of the site's clocks.
	const seconds = Array.from({ length: count }, () => 8 * 3600 + Math.floor(random() * 12 * 3600)).sort((a, b) => a - b);
	const two = (value: number) => String(value).padStart(2, '0');
	return seconds.map((second, index) => {
		const at = new Date(wallClockMs(`${day} ${two(Math.floor(second / 3600))}:${two(Math.floor(second / 60) % 60)}:${two(second % 60)}`, timeZone)!);
		const status = pick(random, STATES);
		const type = pick(random, TYPES);
		const currency = pick(random, CURRENCIES);
		const total = currency === 'COP' ? 1000 * (20 + Math.floor(random() * 480)) : Math.round((5 + random() * 495) * 100) / 100;
		const card = TEST_CARDS[[0, 3, 4][Math.floor(random() * 3)]];
		const first = FIRST_NAMES[Math.floor(random() * FIRST_NAMES.length)];
		const last = LAST_NAMES[Math.floor(random() * LAST_NAMES.length)];
		const approved = status === 'APPROVED';
		const [reason, message] = REASONS[status];
		const compact = day.replace(/-/g, '');
		const number = String(index + 1).padStart(2, '0');
		const view: Record<string, any> = {
			status: { ...statusBlock(status, reason, message), date: isoNow(at) },
			date: isoNow(at),
			transactionDate: isoNow(at),
			internalReference: Number(compact) * 100 + index + 1,
			reference: `ORDER-${compact}-${number}`,
			paymentMethod: PAYMENT_METHODS[card.franchise] ?? 'CRA',
			franchise: card.franchise,
			franchiseName: card.franchiseName,
			issuerName: card.issuerName,
			amount: { currency, total },
			conversion: { from: { currency, total }, to: { currency, total }, factor: 1 },
			authorization: approved ? digitsOf(random, 6) : null,
			receipt: approved ? digitsOf(random, 12) : null,
			type,
			refunded: false,
			lastDigits: card.number.slice(-4),
			provider: 'SANDBOX',
			discount: null,
			processorFields: { merchantCode: '1465675', terminalNumber: '00990001' },
			additional: {},
		};
		const payer = {
			name: first,
			surname: last,
			email: `${first}.${last}@example.com`.toLowerCase(),
			document: digitsOf(random, 10),
			documentType: 'CC',
		};
		return { siteLogin, view, payer, ipAddress: `198.51.100.${1 + Math.floor(random() * 254)}`, seeded: true };
	});
}

/** The calendar days `1..days` before the one the zone's clocks show at `now`, oldest first. */
export function pastDays(days: number, now: number, timeZone: string): string[] {
	const today = wallClockText(now, timeZone).slice(0, 10);
	const noon = Date.parse(`${today}T12:00:00Z`);
	return Array.from({ length: days }, (_, index) => new Date(noon - (days - index) * DAY_MS).toISOString().slice(0, 10));
}

/**
 * The seeded transactions of the last `days` days, keyed by internal reference as the gateway keeps them.
 * Yesterday is never empty: a report of "yesterday" on a fresh sandbox always has rows.
 */
export function historyTransactions(siteLogin: string, days: number, timeZone: string, now = Date.now()): Record<string, GatewayTransaction> {
	const out: Record<string, GatewayTransaction> = {};
	const all = pastDays(days, now, timeZone);
	all.forEach((day, index) => {
		for (const txn of dayTransactions(siteLogin, day, timeZone, index < all.length - 1)) out[String(txn.view.internalReference)] = txn;
	});
	return out;
}
