import { processPolling } from '../../../shared/operation/processPolling';
import { assertProcessSucceeded, DEFAULT_PROCESS_TIMEOUT_SECONDS, processOutput } from '../../../shared/schemas/onboardingProcess';
import { pollingOperation } from '../../../shared/operation/pollingOperation';
import { processIdLocator, processIdParam } from '../../descriptions/identifiers';

export const waitForCompletion = pollingOperation({
	value: 'waitForCompletion',
	name: 'Wait for Completion',
	action: 'Wait for a process to complete',
	description:
		'Ask for a merchant process until it is final, waiting what the platform says (Retry-After) between checks. Outputs the process with the merchant ID; a failed process fails the item, naming the fields in error.',
	properties: [processIdLocator],
	timeout: {
		name: 'timeoutSeconds',
		default: DEFAULT_PROCESS_TIMEOUT_SECONDS,
		description: 'How long to wait before the item fails (the process goes on on the platform)',
	},
	start: processIdParam,
	polling: processPolling,
	output: (ctx, process) => {
		assertProcessSucceeded(ctx, process);
		return ctx.fn.helpers.returnJsonArray(processOutput(process));
	},
});
