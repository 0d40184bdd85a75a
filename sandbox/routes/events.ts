/**
 * Outbound events: the webhooks the platform sends to merchants (autopay, checkout notifications, onboarding
 * process results), fired by control calls under /__sandbox/webhooks/ and, for onboarding, when a process
 * with a notification URL finishes.
 */
import type { SandboxApp } from '../http';
import type { Delivery } from '../webhooks';

/** A finished onboarding process, as the onboarding routes keep it. */
export interface FinishedProcess {
	processId: string;
	action: 'merchant.create' | 'merchant.update';
	status: string;
	notificationUrl: string;
}

/**
 * Delivers an onboarding process result to its notification URL, signed with `X-Signature`.
 * Called by routes/onboarding.ts when a process with a notification URL becomes final.
 */
export async function notifyProcessFinished(app: SandboxApp, process: FinishedProcess): Promise<Delivery | undefined> {
	void app;
	void process;
	return undefined;
}

export function register(app: SandboxApp): void {
	void app;
}
