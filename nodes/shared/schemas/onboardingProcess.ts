import type { IDataObject } from 'n8n-workflow';
import { z } from 'zod/v3';

import type { OperationContext } from '../context/item';

export const DEFAULT_PROCESS_TIMEOUT_SECONDS = 300;

export const processIdSchema = z
	.string({ required_error: 'is required', invalid_type_error: 'must be text' })
	.trim()
	.min(1, 'is required')
	.regex(/^[A-Za-z0-9._:-]+$/, 'must be the process ID returned by the write (letters, digits, - _ . :)')
	.transform((value) => value.toLowerCase());

/**
 * Whether a final process succeeded: status OK and no field errors (OK with errors is a failure). The one rule:
 * Merchant › Wait for Completion and the Onboarding Trigger's outcome both follow it. Pure.
 */
export function processSucceeded(process: IDataObject): boolean {
	const status = (process.status as IDataObject | undefined)?.status;
	const errors = process.errors as IDataObject | undefined;
	return String(status ?? '').toUpperCase() === 'OK' && (!errors || Object.keys(errors).length === 0);
}

/** The words for a failed process: the status and each body path the platform named in `errors`. Pure. */
export function describeProcessFailure(process: IDataObject): { message: string; description: string } {
	const status = (process.status as IDataObject | undefined) ?? {};
	const errors = (process.errors as IDataObject | undefined) ?? {};
	const paths = Object.keys(errors);
	const message =
		`Process ${String(process.processId)} (${String(process.action)}) ended ${String(status.status ?? 'without a status')}` +
		(paths.length ? ` with errors in ${paths.join(', ')}` : status.message ? `: ${String(status.message)}` : '');
	const lines = paths.map((path) => {
		const problems = errors[path];
		return `${path}: ${Array.isArray(problems) ? problems.join('; ') : String(problems)}`;
	});
	if (status.message) lines.push(`Platform message: ${String(status.message)}`);
	return { message, description: lines.join('\n') || 'The platform gave no details.' };
}

/** The process with its merchant ID at the top, for the next node. */
export function processOutput(process: IDataObject, extra: IDataObject = {}): IDataObject {
	const result = process.result as IDataObject | null | undefined;
	return { ...process, ...(result && result.merchantId !== undefined ? { merchantId: result.merchantId } : {}), ...extra };
}

/** Fails the item when a final process did not succeed, naming the body paths of its errors. */
export function assertProcessSucceeded(ctx: OperationContext, process: IDataObject): void {
	if (processSucceeded(process)) return;
	const { message, description } = describeProcessFailure(process);
	ctx.fail(message, description);
}
