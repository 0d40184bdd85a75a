/** The item a finished onboarding process starts a run with, and the filters on it. Pure. */
import type { IDataObject } from 'n8n-workflow';

import { asObject, orNull } from '../shared/descriptions/simplify';
import { describeProcessFailure, processSucceeded } from '../shared/schemas/onboardingProcess';
import { chosenOrAll } from '../shared/webhooks/delivery';
import { datesWithIso } from '../shared/output/datesWithIso';
import type { ProcessDelivery } from './schemas';

type ProcessOutcome = 'succeeded' | 'failed';

/** The rule Merchant › Wait for Completion applies: OK without errors succeeded, anything else failed. */
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

/** With whether (and with which key) the notification was signed. */
export function processItem(process: IDataObject, { signature }: ProcessDelivery): IDataObject {
	return {
		...process,
		outcome: outcomeOf(process),
		signatureVerified: signature !== undefined,
		...(signature?.keyId ? { signatureKeyId: signature.keyId } : {}),
	};
}

/** Simplified: what failed in words (null on success), the date as given and as ISO 8601 in `zone`. */
export function simpleProcessItem(process: IDataObject, { signature }: ProcessDelivery, zone: string): IDataObject {
	const status = asObject(process.status);
	const outcome = outcomeOf(process);
	const failure = outcome === 'failed' ? describeProcessFailure(process) : undefined;
	return {
		processId: process.processId ?? null,
		action: process.action ?? null,
		outcome,
		merchantId: asObject(process.result).merchantId ?? null,
		...orNull(status, 'status', 'reason', 'message'),
		failure: failure ? `${failure.message}. ${failure.description}` : null,
		...datesWithIso({ date: status.date }, zone),
		signatureVerified: signature !== undefined,
	};
}
