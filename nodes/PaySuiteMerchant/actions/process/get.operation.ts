import { getProcess } from '../../../shared/operation/processPolling';
import { processOutput } from '../../../shared/schemas/onboardingProcess';
import { paySuiteRequest } from '../../../shared/transport/request';
import type { PaySuiteOperation } from '../../../shared/operation/types';
import { processIdLocator, processIdParam } from '../../descriptions/identifiers';

export const get: PaySuiteOperation = {
	value: 'get',
	name: 'Get',
	action: 'Get a process',
	description:
		'Get the state of a merchant process once. The output says whether it is final (the platform sent no Retry-After) and, when it succeeded, the merchant ID. A failed process is output as it is, not as an error.',
	properties: [processIdLocator],
	parallel: 'read',
	async execute(ctx) {
		const state = await getProcess((request) => paySuiteRequest(ctx, request), processIdParam(ctx));
		return ctx.fn.helpers.returnJsonArray(processOutput(state.process, { final: state.final, ...(state.final ? {} : { retryAfterSeconds: state.retryAfterSeconds ?? null }) }));
	},
};
