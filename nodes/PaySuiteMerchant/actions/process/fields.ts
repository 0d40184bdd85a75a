import type { INodeProperties } from 'n8n-workflow';
import { z } from 'zod';

import { processIdSchema } from '../../../shared/onboardingProcess';
import type { OperationContext } from '../../../shared/operation';

export const processIdProperty: INodeProperties = {
	displayName: 'Process ID',
	name: 'processId',
	type: 'string',
	default: '',
	required: true,
	placeholder: '5f0c8a3e-2b1d-4c6f-9a7e-0d1e2f3a4b5c',
	description: 'The processId a merchant Create or Update returned',
};

/** The process ID, checked before anything is sent. */
export function processIdParam(ctx: OperationContext): string {
	return ctx.validate(z.object({ processId: processIdSchema }), { processId: ctx.param<string>('processId', '') }).processId;
}
