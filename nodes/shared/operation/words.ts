/** How operations name things in their messages: an amount, the record a request names. */
import type { INodeProperties } from 'n8n-workflow';

import type { NotFoundSubject } from '../transport/platformAnswer';
import type { OperationContext } from './types';

/**
 * The record a request names through one of its fields, for the words of a 404: `notFoundBy('Session',
 * requestIdProperty)` gives "Session 123 was not found: check the Request ID".
 */
export const notFoundBy =
	(what: string, property: Pick<INodeProperties, 'name' | 'displayName'>) =>
	(ctx: OperationContext): NotFoundSubject => ({
		what: `${what} ${String(ctx.param<unknown>(property.name, '') ?? '').trim()}`.trim(),
		field: property.displayName,
	});

/** An amount as people read it: "50.00 USD". */
export function formatAmount(amount: { currency?: unknown; total?: unknown } | undefined): string {
	if (!amount) return '';
	const total = Number(amount.total);
	const shown = Number.isFinite(total) && Math.round(total * 100) === total * 100 ? total.toFixed(2) : String(amount.total);
	return `${shown} ${String(amount.currency ?? '')}`.trim();
}
