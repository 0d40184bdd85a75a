/**
 * A session takes no notification URL of its own (a site's serves all its sessions), so this reads the session every
 * few seconds in the running execution until final or the limit; that does not survive an n8n restart (docs/nodes/session.md).
 */
import { sleep, type IDataObject, type INodeProperties } from 'n8n-workflow';

import { optionsCollection } from '../../../shared/descriptions/collections';
import { simplifyProperty, simplifyOn } from '../../../shared/descriptions/simplify';
import { paySuiteRequest } from '../../../shared/transport/request';
import { clockOf } from '../../../shared/operation/siteClock';
import type { OperationContext, PaySuiteOperation } from '../../../shared/operation/types';
import { refuseAllButOneItem } from '../../../shared/operation/waitForOne';
import { sessionResult } from '../../../shared/output/paymentResult';
import { resolveExpiration } from '../../expiration';
import { create } from './create.operation';

const NOT_FINAL = new Set(['PENDING', 'PENDING_VALIDATION', 'PENDING_PROCESS']);

/** The platform's own clock may be a little late. */
const READ_AFTER_EXPIRATION_MS = 60 * 1000;

const properties: INodeProperties[] = [
	{
		displayName:
			'The workflow waits here, reading the session every few seconds, until the buyer has paid (or the payment failed) or the session expires, then goes on with the payment. The platform cannot notify one session, so n8n keeps this execution running meanwhile.',
		name: 'waitNotice',
		type: 'notice',
		default: '',
	},
	...create.properties,
	{
		displayName: 'Answer the Starting Webhook',
		name: 'answerWebhook',
		type: 'boolean',
		default: true,
		description:
			"Whether to answer the Webhook node that started the workflow with the checkout page as soon as the session exists (HTTP 303 to the processUrl, with requestId and processUrl as JSON), so that the buyer goes to pay while this node waits. Only a Webhook node set to respond 'Using Respond to Webhook Node' waits for this answer (n8n then asks for a Respond to Webhook node: put it at the end, it answers nothing more); otherwise nothing happens.",
	},
	optionsCollection([
		{
			displayName: 'Check Every (Seconds)',
			name: 'checkEverySeconds',
			type: 'number',
			typeOptions: { minValue: 1 },
			default: 5,
			description: 'How often to read the session while it is pending',
		},
		{
			displayName: 'Limit Wait Time (Minutes)',
			name: 'limitWaitMinutes',
			type: 'number',
			typeOptions: { minValue: 0.1, numberPrecision: 1 },
			default: 60,
			description:
				"Stop waiting after this many minutes even if the session is still pending: the node reads it once more then and goes on with what it says. Not added: until the session expires (its Expiration, 60 minutes from now unless set).",
		},
	]),
	simplifyProperty,
];

/** Reads once more when `limitAt` has passed; answers the last read. */
async function readUntilFinal(ctx: OperationContext, requestId: unknown, limitAt: number, everyMs: number): Promise<IDataObject> {
	const cancelled = ctx.fn.getExecutionCancelSignal?.();
	for (;;) {
		// A session whose status is FAILED or ERROR is a result to output, not a failed read.
		const read = await paySuiteRequest<IDataObject>(ctx, { api: 'checkout', path: `/api/session/${String(requestId)}`, safety: 'read', acceptFailedStatus: true });
		const status = String((read.body.status as IDataObject | undefined)?.status ?? '');
		const left = limitAt - Date.now();
		if (!NOT_FINAL.has(status) || left <= 0 || cancelled?.aborted) return read.body;
		await sleep(Math.min(everyMs, left));
	}
}

export const createAndWait: PaySuiteOperation = {
	value: 'createAndWait',
	name: 'Create and Wait for Payment',
	action: 'Create a checkout session and wait for its payment',
	description:
		'Create a checkout session and wait until it is paid, rejected or expired (reading it every few seconds), then go on with the payment (status, amount, internal reference)',
	properties,
	// Create reads the clock too: the executor resolves it before this operation runs.
	siteClock: {},
	async execute(ctx) {
		refuseAllButOneItem(ctx, "Session › Create, with a Checkout Trigger on the site's notification URL");
		const startedAt = Date.now();
		const [created] = await create.execute(ctx);
		const { requestId, processUrl } = created.json;
		if (ctx.param<boolean>('answerWebhook', true)) {
			await ctx.fn.sendResponse({ statusCode: 303, headers: { location: String(processUrl) }, body: { requestId, processUrl } });
		}
		const zone = clockOf(ctx).zone;
		const expiresAt = Date.parse(resolveExpiration(ctx.param<IDataObject>('additionalFields', {}).expiration, zone, startedAt));
		const options = ctx.param<IDataObject>('options', {});
		const untilExpired = (Number.isNaN(expiresAt) ? startedAt : expiresAt) + READ_AFTER_EXPIRATION_MS;
		const limitAt = typeof options.limitWaitMinutes === 'number' ? Math.min(untilExpired, startedAt + options.limitWaitMinutes * 60_000) : untilExpired;
		const everyMs = (typeof options.checkEverySeconds === 'number' ? options.checkEverySeconds : 5) * 1000;
		const session = await readUntilFinal(ctx, requestId, limitAt, everyMs);
		return ctx.fn.helpers.returnJsonArray(simplifyOn(ctx) ? sessionResult(session, zone) : session);
	},
};
