/**
 * Outbound events: the webhooks the platform sends to merchants (autopay, checkout and payment link
 * notifications, onboarding process results), fired by control calls under /__sandbox/webhooks/ and, for onboarding, when a process
 * with a notification URL finishes; and the gateway's report callback when a report with a callbackUrl is
 * ready. See docs/sandbox/events.md.
 */
import type { SandboxApp } from '../../http';
import * as autopay from './autopay';
import * as checkout from './checkout';
import * as deliveries from './deliveries';
import * as link from './link';
import * as onboarding from './onboarding';

export function register(app: SandboxApp): void {
	for (const endpoint of [autopay, checkout, link, onboarding, deliveries]) endpoint.register(app);
}
