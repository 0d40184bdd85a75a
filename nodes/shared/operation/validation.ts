import { NodeOperationError, type INode } from 'n8n-workflow';
import { defaultErrorMap, type ZodErrorMap, type ZodIssue, type ZodType, type ZodTypeDef } from 'zod/v3';

import { FieldNames } from '../descriptions/fieldNames';
import { parseJson } from '../transport/losslessJson';
import { redact } from '../transport/redact';

export { FieldNames } from '../descriptions/fieldNames';

const KINDS: Record<string, string> = {
	string: 'text',
	number: 'a number',
	bigint: 'a whole number',
	integer: 'a whole number',
	float: 'a number',
	nan: 'a number',
	boolean: 'true or false',
	date: 'a date',
	array: 'a list',
	object: 'an object (JSON such as {"key": "value"})',
	null: 'empty',
};

const kind = (type: string) => KINDS[type] ?? type;
const plural = (count: number | bigint, one: string, many: string) => `${count} ${Number(count) === 1 ? one : many}`;
const list = (values: unknown[]) => values.map((value) => `'${String(value)}'`).join(', ');

/** "must be a number", "must be at most 32 characters". */
export function plainWords(issue: ZodIssue): string {
	switch (issue.code) {
		case 'invalid_type':
			if (issue.received === 'undefined') return 'is required';
			return `must be ${kind(issue.expected)}`;
		case 'invalid_literal':
			return `must be '${String(issue.expected)}'`;
		case 'invalid_enum_value':
			return `must be one of ${list(issue.options)}`;
		case 'unrecognized_keys':
			return `has ${issue.keys.length === 1 ? 'a field' : 'fields'} the platform does not take: ${list(issue.keys)} (check the spelling)`;
		case 'invalid_union':
		case 'invalid_union_discriminator':
			return 'is not in a form the platform takes';
		case 'invalid_string': {
			const validation = issue.validation;
			if (validation === 'email') return 'must be an e-mail address such as name@example.com';
			if (validation === 'url') return 'must be a web address such as https://shop.example.com';
			if (validation === 'datetime') return 'must be a date and time such as 2030-01-31T17:00:00-05:00';
			if (validation === 'date') return 'must be a date such as 2030-01-31';
			if (validation === 'uuid') return 'must be an identifier such as 123e4567-e89b-12d3-a456-426614174000';
			if (typeof validation === 'object' && 'startsWith' in validation) return `must start with '${validation.startsWith}'`;
			if (typeof validation === 'object' && 'endsWith' in validation) return `must end with '${validation.endsWith}'`;
			return 'is not in the expected format';
		}
		case 'too_small': {
			const { minimum, inclusive, type } = issue;
			if (type === 'string') return Number(minimum) <= 1 ? 'must not be empty' : `must be at least ${plural(minimum, 'character', 'characters')}`;
			if (type === 'array' || type === 'set') return `must hold at least ${plural(minimum, 'entry', 'entries')}`;
			if (type === 'date') return `must be on or after ${new Date(Number(minimum)).toISOString()}`;
			return inclusive ? `must be a number of at least ${minimum}` : `must be a number greater than ${minimum}`;
		}
		case 'too_big': {
			const { maximum, inclusive, type } = issue;
			if (type === 'string') return `must be at most ${plural(maximum, 'character', 'characters')}`;
			if (type === 'array' || type === 'set') return `must hold at most ${plural(maximum, 'entry', 'entries')}`;
			if (type === 'date') return `must be on or before ${new Date(Number(maximum)).toISOString()}`;
			return inclusive ? `must be a number of at most ${maximum}` : `must be a number less than ${maximum}`;
		}
		case 'not_multiple_of': {
			const step = Number(issue.multipleOf);
			const decimals = step > 0 && step < 1 ? Math.round(-Math.log10(step)) : undefined;
			if (decimals !== undefined && 10 ** -decimals === step) return `must have at most ${plural(decimals, 'decimal', 'decimals')}`;
			return step === 1 ? 'must be a whole number' : `must be a multiple of ${step}`;
		}
		case 'not_finite':
			return 'must be a finite number';
		case 'invalid_date':
			return 'must be a valid date';
		default:
			return 'is not valid';
	}
}

/**
 * A schema's own messages are written for users and kept; zod's defaults (recognised as what its map says) are
 * reworded.
 */
const plainErrorMap: ZodErrorMap = (issue, ctx) => {
	const zodDefault = defaultErrorMap(issue, { data: ctx.data, defaultError: '' }).message;
	if (ctx.defaultError && ctx.defaultError !== zodDefault) return { message: ctx.defaultError };
	return { message: plainWords(issue as ZodIssue) };
};

function valueAt(value: unknown, path: ReadonlyArray<string | number>): unknown {
	let current = value;
	for (const key of path) {
		if (current === null || typeof current !== 'object') return undefined;
		current = (current as Record<string | number, unknown>)[key];
	}
	return current;
}

/** On top of what redact() hides. */
const HIDDEN_FIELD = /^(number|cardNumber|pan|expiration|expirationMonth|expirationYear|cvv\d?|password|pin|otp|.*secret.*|.*token.*|.*key)$/i;

/** Short, and never a secret. */
export function shownValue(path: ReadonlyArray<string | number>, value: unknown): string | undefined {
	if (value === undefined) return undefined;
	const keys = path.filter((segment): segment is string => typeof segment === 'string');
	const leaf = keys[keys.length - 1] ?? '';
	if (keys.some((key) => /card|instrument|auth/i.test(key)) && HIDDEN_FIELD.test(leaf)) return '(hidden)';
	if (/^(cvv\d?|.*secret.*|.*token|password|trankey|pin|otp|.*apikey)$/i.test(leaf)) return '(hidden)';
	const safe = leaf ? (redact({ [leaf]: value }) as Record<string, unknown>)[leaf] : redact(value);
	if (safe === '[redacted]') return '(hidden)';
	if (safe === null) return 'empty (null)';
	if (typeof safe === 'string') {
		if (safe === '') return 'nothing (empty)';
		return `'${safe.length > 60 ? `${safe.slice(0, 57)}...` : safe}'`;
	}
	if (typeof safe === 'number' || typeof safe === 'boolean' || typeof safe === 'bigint') return String(safe);
	if (Array.isArray(safe)) return `a list of ${plural(safe.length, 'entry', 'entries')}`;
	return 'an object';
}

/** "Amount must be a number; got '12,50'". */
function describe(issue: ZodIssue, input: unknown, names: FieldNames): string {
	const label = names.label(issue.path);
	const value = valueAt(input, issue.path);
	// "got an object" only helps when the kind of value is the problem.
	const untold = issue.code === 'unrecognized_keys' || (typeof value === 'object' && value !== null && issue.code !== 'invalid_type');
	const given = untold ? undefined : shownValue(issue.path, value);
	const allowed = withOptionNames(issue, names);
	// A schema's words follow the field's name ("must be ..."); a whole sentence of its own is set apart.
	const words = /^[A-Z]/.test(allowed) ? `: ${allowed.replace(/\.$/, '')}` : ` ${allowed}`;
	return `${label}${words}${given ? `; got ${given}` : ''}`;
}

/** As the dropdown shows them. */
function withOptionNames(issue: ZodIssue, names: FieldNames): string {
	const field = names.field(issue.path);
	if (issue.code !== 'invalid_enum_value' || !field?.property.options) return issue.message;
	const byValue = new Map<unknown, string>();
	for (const option of field.property.options) {
		if (option && typeof option === 'object' && 'value' in option && 'name' in option) byValue.set(option.value, String(option.name));
	}
	if (!issue.options.every((value) => byValue.has(value)) || issue.message !== plainWords(issue)) return issue.message;
	return `must be one of ${issue.options.map((value) => `'${byValue.get(value)}'`).join(', ')}`;
}

/** "Card Number", "Card Number and Reference", "Card Number, Payer and Reference". */
const inWords = (names: string[]) => (names.length < 2 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`);

/** The first problem in the message, the other fields needing a change named after it, every problem below. */
function refusal(node: INode, itemIndex: number, problems: string[], fieldPaths: string[], others: string[] = []): never {
	const named = others.length ? `; also ${inWords(others)}: see below` : `; ${plural(problems.length - 1, 'more problem', 'more problems')} below`;
	const more = problems.length > 1 ? named : '';
	const error = new NodeOperationError(node, `${problems[0]} (item ${itemIndex}${more})`, {
		itemIndex,
		description: `${problems.join('\n')}\nNothing was sent to the platform for this item.`,
	});
	// For support: not in the words the user reads.
	error.context.fieldPaths = fieldPaths;
	throw error;
}

/**
 * Nothing is sent on failure: the error names each field as the panel shows it, what it takes, what it got, and the
 * item.
 */
export function validateInput<Output, Input = Output>(
	node: INode,
	schema: ZodType<Output, ZodTypeDef, Input>,
	value: unknown,
	itemIndex: number,
	names: FieldNames = new FieldNames(),
): Output {
	const result = schema.safeParse(value, { errorMap: plainErrorMap });
	if (result.success) return result.data;
	const issues = result.error.issues;
	const problems = [...new Set(issues.map((issue) => describe(issue, value, names)))];
	const fieldPaths = [...new Set(issues.map((issue) => issue.path.join('.') || '(input)'))];
	const first = names.label(issues[0].path);
	const others = [...new Set(issues.map((issue) => names.label(issue.path)))].filter((label) => label !== first);
	return refusal(node, itemIndex, problems, fieldPaths, others);
}

/** For a rule no schema states (two fields that exclude each other), in the same words. */
export function refuseField(node: INode, itemIndex: number, names: FieldNames, path: string, problem: string): never {
	return refusal(node, itemIndex, [`${names.label(path.split('.'))} ${problem}`], [path]);
}

/**
 * Not JSON: names the field and the item. A whole number beyond a JS number (an ID) is read as a bigint, all digits
 * kept.
 */
export function parseJsonParameter(
	node: INode,
	name: string,
	value: unknown,
	itemIndex: number,
	names: FieldNames = new FieldNames(),
): unknown {
	if (typeof value !== 'string') return value;
	if (value.trim() === '') return undefined;
	try {
		return parseJson(value, { bigIntegers: 'bigint' });
	} catch (error) {
		const label = names.label(name.split('.'));
		return refusal(
			node,
			itemIndex,
			[`${label} must be JSON, such as {"key": "value"}; it could not be read (${(error as Error).message})`],
			[name],
		);
	}
}
