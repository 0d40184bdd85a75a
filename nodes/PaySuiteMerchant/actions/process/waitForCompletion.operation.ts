import { assertProcessSucceeded, DEFAULT_PROCESS_TIMEOUT_SECONDS, processOutput, waitForProcess } from '../../../shared/onboardingProcess';
import { toItems, type PaySuiteOperation } from '../../../shared/operation';
import { processIdParam, processIdProperty } from './fields';

export const waitForCompletion: PaySuiteOperation = {
	value: 'waitForCompletion',
	name: 'Wait for Completion',
	action: 'Wait for a process to complete',
	description:
		'Ask for a merchant process until it is final, waiting what the platform says (Retry-After) between checks. Outputs the process with the merchant ID; a failed process fails the item, naming the fields in error.',
	properties: [
		processIdProperty,
		{
			displayName: 'Timeout (Seconds)',
			name: 'timeoutSeconds',
			type: 'number',
			typeOptions: { minValue: 1 },
			default: DEFAULT_PROCESS_TIMEOUT_SECONDS,
			description: 'How long to wait before the item fails (the process goes on on the platform)',
		},
	],
	async execute(ctx) {
		const processId = processIdParam(ctx);
		const final = await waitForProcess(ctx, processId, ctx.param<number>('timeoutSeconds', DEFAULT_PROCESS_TIMEOUT_SECONDS));
		assertProcessSucceeded(ctx, final);
		return toItems(processOutput(final));
	},
};
