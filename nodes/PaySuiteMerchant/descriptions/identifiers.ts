/**
 * The Merchant node's record IDs as resource locators. Nothing in the onboarding API lists merchants or
 * processes, so both are "By ID" with a hint saying where the ID comes from.
 */
import type { INodeProperties } from 'n8n-workflow';
import { z } from 'zod/v3';

import { idLocatorProperty } from '../../shared/descriptions/locator';
import { processIdSchema } from '../../shared/schemas/onboardingProcess';
import type { OperationContext } from '../../shared/operation/types';

export const merchantIdLocator: INodeProperties = idLocatorProperty({
	displayName: 'Merchant ID',
	name: 'merchantId',
	description: 'The merchant to read or change',
	example: '3001',
	hint: "The Merchant ID is in the output of a finished Create (merchantId, or the process's result.merchantId) and in the Onboarding Trigger's items",
});

/** A process ID is the platform's UUID, not digits: the "By ID" box checks that form instead. */
const PROCESS_ID_REGEX = '^\\s*[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}\\s*$';

export const processIdLocator: INodeProperties = idLocatorProperty({
	displayName: 'Process ID',
	name: 'processId',
	description: 'The merchant process to read',
	example: '5f0c8a3e-2b1d-4c6f-9a7e-0d1e2f3a4b5c',
	idFormat: {
		regex: PROCESS_ID_REGEX,
		errorMessage: 'Use the process ID as the Create or Update output gives it, such as 5f0c8a3e-2b1d-4c6f-9a7e-0d1e2f3a4b5c',
	},
	hint: 'The Process ID is in the output of Merchant › Create or Update (processId)',
});

/** The process ID, checked before anything is sent. */
export function processIdParam(ctx: OperationContext): string {
	return ctx.validate(z.object({ processId: processIdSchema }), { processId: ctx.param<string>('processId', '') }).processId;
}
