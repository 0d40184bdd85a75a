/**
 * Saved cards: the token a buyer's card becomes in a subscription (or autopay) session, which `/gateway/process`
 * then charges whenever the merchant asks (payment-processing-api.md, POST /api/session: "the user registers a
 * payment method for later charges"). The card's number stays in the sandbox, never in an answer: a charge of its
 * token behaves as that test card does (docs/sandbox.md, Test cards). The demo site starts with two saved cards,
 * so that a monthly charge can be tried before any buyer has registered one (docs/sandbox/gateway.md).
 */
/* eslint-disable @n8n/community-nodes/no-hardcoded-secrets -- runs in Node, not in n8n: eslint.dev.config.mjs lints it */
import { cardBehaviour, type TestCard } from '../../cards';
import type { StoredToken, TokenInfo } from './state';

/** The demo site's saved cards: their token, subtoken and the test card behind each. */
export const DEMO_SAVED_CARDS = [
	{ token: 'demo-token-approves-0001', subtoken: '0000000000000001', card: '4111111111111111' },
	{ token: 'demo-token-declines-0002', subtoken: '0000000000000002', card: '4000000000000002' },
] as const;

function validUntil(): string {
	const at = new Date();
	at.setUTCFullYear(at.getUTCFullYear() + 3);
	return at.toISOString().slice(0, 10);
}

/** The token of a registered card, as the site keeps it (card tokens have no balance of their own: the card's, or 1000). */
function cardToken(siteLogin: string, card: TestCard, token: string, subtoken: string): StoredToken {
	return {
		token,
		subtoken,
		franchise: card.franchise,
		franchiseName: card.franchiseName,
		issuerName: card.issuerName,
		lastDigits: card.number.slice(-4),
		validUntil: validUntil(),
		siteLogin,
		balance: card.balance ?? 1000,
		active: true,
		currency: 'USD',
		card: card.number,
	};
}

/** Keeps a card a buyer registered in a session as a token of the site (in the gateway's `tokens`); answers what the session shows of it. */
export function saveCard(tokens: Record<string, StoredToken>, siteLogin: string, card: TestCard, token: string, subtoken: string): TokenInfo {
	const stored = cardToken(siteLogin, card, token, subtoken);
	tokens[token] = stored;
	const { token: t, subtoken: s, franchise, franchiseName, issuerName, lastDigits, validUntil: until } = stored;
	return { token: t, subtoken: s, franchise, franchiseName, issuerName, lastDigits, validUntil: until };
}

/** The tokens the gateway's state starts with: the demo site's saved cards. */
export function demoSavedCards(siteLogin: string): Record<string, StoredToken> {
	return Object.fromEntries(DEMO_SAVED_CARDS.map(({ token, subtoken, card }) => [token, cardToken(siteLogin, cardBehaviour(card)!, token, subtoken)]));
}
