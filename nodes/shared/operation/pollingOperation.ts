import type { INodeExecutionData } from 'n8n-workflow';

import { pollUntilDone, type PollOutcome, type PollResult } from './polling';
import { intervalProperty, timeoutProperty, type SecondsField } from '../descriptions/commonFields';
import { labelsOf, type OperationContext, type OperationLabels, type PaySuiteOperation } from './types';

export interface Polling<Subject, Done, Pending = Done> {
	/** Done, or pending with the wait the platform asked for (Retry-After). */
	check(ctx: OperationContext, subject: Subject): Promise<PollOutcome<Done, Pending>>;
	/** When the platform asks for no wait of its own. */
	intervalSeconds: number;
	/** What is still pending, and how to look at it later. */
	stillPending(
		subject: Subject,
		timedOut: Extract<PollResult<Done, Pending>, { done: false }>,
		timeoutSeconds: number,
	): { message: string; description: string };
}

/** The timeout fails the item with `stillPending`'s words; other errors go on unchanged. */
export async function pollOrFail<Subject, Done, Pending>(
	ctx: OperationContext,
	polling: Polling<Subject, Done, Pending>,
	subject: Subject,
	timing: { timeoutSeconds: number; intervalSeconds?: number },
): Promise<Done> {
	const result = await pollUntilDone(() => polling.check(ctx, subject), {
		timeoutMs: Math.max(0, timing.timeoutSeconds) * 1000,
		defaultDelayMs: (timing.intervalSeconds ?? polling.intervalSeconds) * 1000,
		maxDelayMs: 60_000,
	});
	if (result.done) return result.value;
	const { message, description } = polling.stillPending(subject, result, timing.timeoutSeconds);
	return ctx.fail(message, description);
}

interface PollingOperationSpec<Subject, Done, Pending> extends OperationLabels {
	/** An ID from the parameters, or the answer of the request that starts the work. */
	start: (ctx: OperationContext) => Subject | Promise<Subject>;
	polling: Polling<Subject, Done, Pending>;
	/** Added after `properties`. */
	timeout: SecondsField;
	/** Added after the timeout; without it, `polling.intervalSeconds`. */
	interval?: SecondsField;
	output: (ctx: OperationContext, done: Done, subject: Subject) => INodeExecutionData[] | Promise<INodeExecutionData[]>;
}

/** Starts or names something the platform works on, then asks for it until done. */
export function pollingOperation<Subject, Done, Pending = Done>(spec: PollingOperationSpec<Subject, Done, Pending>): PaySuiteOperation {
	const { timeout, interval } = spec;
	return {
		...labelsOf(spec),
		properties: [...spec.properties, timeoutProperty(timeout), ...(interval ? [intervalProperty(interval)] : [])],
		async execute(ctx) {
			const subject = await spec.start(ctx);
			const done = await pollOrFail(ctx, spec.polling, subject, {
				timeoutSeconds: ctx.param<number>(timeout.name, timeout.default),
				intervalSeconds: interval ? ctx.param<number>(interval.name, interval.default) : undefined,
			});
			return spec.output(ctx, done, subject);
		},
	};
}
