/**
 * The platform's numeric IDs, kept exact: the spec types them as integers with no bound and a JS number keeps about 16 digits, so an ID
 * never goes through a number: a path gets its digits, a body a bigint (written bare by losslessJson).
 */
import { z } from 'zod/v3';

import type { OperationContext } from '../context/item';

const NOT_AN_ID = 'must be a positive whole number such as 500001 (digits only)';

/** Leading zeros dropped. */
export function readId(value: unknown): { digits: string } | { problem: string } {
	if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) return { problem: 'is required' };
	if (typeof value === 'bigint') return value > 0n ? { digits: value.toString() } : { problem: NOT_AN_ID };
	if (typeof value === 'number') {
		if (!Number.isInteger(value) || value <= 0) return { problem: NOT_AN_ID };
		if (!Number.isSafeInteger(value)) {
			return {
				problem: `is ${String(value)}, a number too long to be exact: numbers keep only about 16 digits, so it may already have lost some. Give the ID as text, as the platform returned it (such as "12345678901234567890").`,
			};
		}
		return { digits: String(value) };
	}
	if (typeof value === 'string') {
		const text = value.trim();
		if (!/^\d+$/.test(text) || /^0+$/.test(text)) return { problem: NOT_AN_ID };
		return { digits: text.replace(/^0+/, '') };
	}
	return { problem: NOT_AN_ID };
}

/** A bigint, so that it is sent as a bare JSON integer with all its digits. */
export const numericIdSchema = z.unknown().transform((value, ctx): bigint => {
	const read = readId(value);
	if ('problem' in read) {
		ctx.addIssue({ code: 'custom', message: read.problem });
		return z.NEVER;
	}
	return BigInt(read.digits);
});

/** Built once per parameter name: building a zod object costs more than checking an ID with it. */
const pathIdSchemas = new Map<string, z.ZodType<Record<string, bigint>, z.ZodTypeDef, unknown>>();
function pathIdSchema(parameter: string): z.ZodType<Record<string, bigint>, z.ZodTypeDef, unknown> {
	let schema = pathIdSchemas.get(parameter);
	if (!schema) {
		schema = z.object({ [parameter]: numericIdSchema }) as unknown as z.ZodType<Record<string, bigint>, z.ZodTypeDef, unknown>;
		pathIdSchemas.set(parameter, schema);
	}
	return schema;
}

/** Validated before anything is sent, naming the parameter and the item; its exact digits. */
export function pathId(ctx: OperationContext, parameter: string): string {
	const checked = ctx.validate(pathIdSchema(parameter), { [parameter]: ctx.param<unknown>(parameter, '') });
	return String(checked[parameter]);
}

/** As answers have it (losslessJson): a number when exact, otherwise its digits. */
export function outputId(id: bigint | string): number | string {
	const digits = String(id);
	return Number.isSafeInteger(Number(digits)) ? Number(digits) : digits;
}
