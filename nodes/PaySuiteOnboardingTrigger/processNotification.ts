/** The onboarding process notification: what the trigger needs from it, and how it filters the result. Pure. */
import type { IDataObject } from 'n8n-workflow';

import { processSucceeded } from '../shared/schemas/onboardingProcess';
import { NOT_VERIFIED } from '../shared/webhooks/reply';

type NotificationCheck = { ok: true; processId: string } | { ok: false; message: string };

/** The notification only has to name the process: its result is read from the platform, not from the body. */
export function checkProcessNotification(body: Record<string, unknown> | undefined): NotificationCheck {
	if (!body) return { ok: false, message: 'The body is not a JSON object' };
	const processId = body.processId;
	if (typeof processId !== 'string' || processId.trim() === '') return { ok: false, message: 'Missing or empty field: processId' };
	if (processId.length > 100 || /[/?#\s]/.test(processId)) return { ok: false, message: 'The field processId is not a process identifier' };
	return { ok: true, processId: processId.trim() };
}

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
	if (filters.actions.length && !filters.actions.includes(String(process.action))) return false;
	if (filters.outcomes.length && !filters.outcomes.includes(outcomeOf(process))) return false;
	return true;
}

export const SIGNATURE_PROBLEM_WORDS: Record<string, string> = {
	missing: 'The X-Signature header is missing',
	malformed: 'The X-Signature header is malformed',
	'unknown key': 'The X-Signature header names another key (kid)',
	'outside the time window': 'The X-Signature timestamp is more than 300 seconds away from now',
	mismatch: NOT_VERIFIED,
};
