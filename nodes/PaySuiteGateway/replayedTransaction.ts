/**
 * For a key it has seen, the platform answers Process with the transaction it already made: when that is another
 * payment (the key reused for another amount, currency, reference or card), it must not be reported as this one. Pure.
 */
import { minorUnitsOf } from '../shared/schemas/currencies';

interface SentPayment {
	reference?: string;
	amount?: { currency?: string; total?: number };
	lastDigits?: string;
}

type AnswerAmount = { currency?: unknown; total?: unknown } | undefined;

const text = (value: unknown): string | undefined => (value === undefined || value === null || value === '' ? undefined : String(value));

/** "50,000.00 COP". */
export function readableAmount(amount: AnswerAmount): string {
	if (!amount) return 'an unknown amount';
	const currency = text(amount.currency) ?? '';
	const total = Number(amount.total);
	if (!Number.isFinite(total)) return `${String(amount.total)} ${currency}`.trim();
	const decimals = minorUnitsOf(currency) ?? 2;
	const shown = total.toLocaleString('en-US', { minimumFractionDigits: decimals, maximumFractionDigits: Math.max(decimals, 6) });
	return `${shown} ${currency}`.trim();
}

/** Empty when it is the same payment. */
export function replayDifferences(sent: SentPayment, answer: Record<string, unknown>): string[] {
	const differences: string[] = [];
	const amount = answer.amount as AnswerAmount;
	const answeredCurrency = text(amount?.currency);
	const answeredReference = text(answer.reference);
	const answeredDigits = text(answer.lastDigits);
	if (sent.amount?.total !== undefined && amount?.total !== undefined && Number(amount.total) !== Number(sent.amount.total)) differences.push('amount');
	if (sent.amount?.currency && answeredCurrency && answeredCurrency.toUpperCase() !== sent.amount.currency.toUpperCase()) differences.push('currency');
	if (sent.reference !== undefined && answeredReference !== undefined && answeredReference !== sent.reference) differences.push('reference');
	if (sent.lastDigits && answeredDigits && answeredDigits !== sent.lastDigits) differences.push('card');
	return differences;
}

/** Undefined when it is this payment. */
export function replayedTransactionFailure(
	key: string,
	sent: SentPayment,
	answer: Record<string, unknown>,
	/** The field as the node's version shows it: Idempotency Key, or Idempotence Key before version 4. */
	keyLabel = 'Idempotency Key',
): { message: string; description: string } | undefined {
	const differences = replayDifferences(sent, answer);
	if (!differences.length) return undefined;
	const status = text((answer.status as { status?: unknown } | undefined)?.status);
	const details = [`reference ${text(answer.reference) ?? 'unknown'}`, `transaction ${text(answer.internalReference) ?? 'unknown'}`, ...(status ? [status] : [])].join(', ');
	return {
		message: `This ${keyLabel.toLowerCase()} was already used for a payment of ${readableAmount(answer.amount as AnswerAmount)} (${details}). Leave ${keyLabel} empty to get a new one, or give this payment its own key.`,
		description: `For the key ${key} the platform answered with that earlier transaction instead of charging ${readableAmount(sent.amount)} with reference ${sent.reference ?? '(none)'} (different: ${differences.join(', ')}): nothing was charged for this payment.`,
	};
}
