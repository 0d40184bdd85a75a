import { z } from 'zod/v3';

import type { OperationContext } from './operation';

/** A numeric identifier (a request ID, an internal reference, a link ID); numeric text is accepted. */
export const numericIdSchema = z.preprocess(
	(value) => (typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : value),
	z
		.number({ invalid_type_error: 'must be a whole number', required_error: 'is required' })
		.int('must be a whole number')
		.positive('must be a positive whole number'),
);

/**
 * The identifier a path carries, validated before anything is sent: a failure names the parameter and the
 * item. Returned as text to put in the path.
 */
export function pathId(ctx: OperationContext, parameter: string): string {
	const value = ctx.param<unknown>(parameter, '');
	const checked = ctx.validate(z.object({ [parameter]: numericIdSchema }), { [parameter]: value === '' ? undefined : value });
	return String(checked[parameter]);
}
