import { NodeOperationError, type INode } from 'n8n-workflow';
import type { ZodIssue, ZodType, ZodTypeDef } from 'zod/v3';

import { parseJson } from './losslessJson';

/** "payment.reference: must be at most 32 characters" for each problem zod found. */
function formatIssues(issues: ZodIssue[]): string[] {
	return issues.map((issue) => {
		const path = issue.path.length ? issue.path.join('.') : '(input)';
		return `${path}: ${issue.message}`;
	});
}

/**
 * Validates what is about to be sent. On failure nothing is sent: the item fails with an error that names
 * each field path and the item index.
 */
export function validateInput<Output, Input = Output>(
	node: INode,
	schema: ZodType<Output, ZodTypeDef, Input>,
	value: unknown,
	itemIndex: number,
): Output {
	const result = schema.safeParse(value);
	if (result.success) return result.data;
	const problems = formatIssues(result.error.issues);
	const fields = [...new Set(result.error.issues.map((issue) => issue.path.join('.') || '(input)'))];
	return fail(node, itemIndex, `Invalid ${fields.map((f) => `'${f}'`).join(', ')} in item ${itemIndex}`, problems);
}

function fail(node: INode, itemIndex: number, message: string, problems: string[]): never {
	throw new NodeOperationError(node, message, {
		itemIndex,
		description: `${problems.join('\n')}\nNothing was sent to the platform for this item.`,
	});
}

/**
 * A parameter holding JSON text or an object, parsed; names the parameter and the item when it is not JSON.
 * A whole number too large for a JS number (an ID) is read as a bigint, so it is sent on with all its digits.
 */
export function parseJsonParameter(node: INode, name: string, value: unknown, itemIndex: number): unknown {
	if (typeof value !== 'string') return value;
	if (value.trim() === '') return undefined;
	try {
		return parseJson(value, { bigIntegers: 'bigint' });
	} catch (error) {
		return fail(node, itemIndex, `Invalid '${name}' in item ${itemIndex}: not valid JSON`, [
			`${name}: ${(error as Error).message}`,
		]);
	}
}
