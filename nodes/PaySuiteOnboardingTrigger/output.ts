/** The item a finished onboarding process starts a run with, and the filters on it. Pure. */
import type { IDataObject } from 'n8n-workflow';

import { processSucceeded } from '../shared/schemas/onboardingProcess';
import { chosenOrAll } from '../shared/webhooks/delivery';
import type { ProcessDelivery } from './schemas';

type ProcessOutcome = 'succeeded' | 'failed';

/** The outcome by the rule Merchant › Wait for Completion applies: OK without errors succeeded, anything else failed. */
export function outcomeOf(process: IDataObject): ProcessOutcome {
	return processSucceeded(process) ? 'succeeded' : 'failed';
}

interface ProcessFilters {
	/** merchant.create / merchant.update; empty: all. */
	actions: string[];
	/** succeeded / failed; empty: all. */
	outcomes: string[];
}

export function matchesProcessFilters(process: IDataObject, filters: ProcessFilters): boolean {
	return chosenOrAll(filters.actions, String(process.action)) && chosenOrAll(filters.outcomes, outcomeOf(process));
}

/** The process as the platform reports it, its outcome, and whether (and with which key) the notification was signed. */
export function processItem(process: IDataObject, { signature }: ProcessDelivery): IDataObject {
	return {
		...process,
		outcome: outcomeOf(process),
		signatureVerified: signature !== undefined,
		...(signature?.keyId ? { signatureKeyId: signature.keyId } : {}),
	};
}
