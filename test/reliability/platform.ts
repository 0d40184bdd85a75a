/**
 * What the sandbox holds, read from its own state (never through the nodes under test): the platform's side
 * of every count of the reliability suite.
 */
import type { RunningSandbox } from '../../sandbox';
import type { SandboxApp } from '../../sandbox/http';
import { state as checkoutState } from '../../sandbox/routes/checkout/state';
import { state as gatewayState } from '../../sandbox/routes/gateway/state';
import { state as onboardingState } from '../../sandbox/routes/onboarding/state';

const appOf = (sandbox: RunningSandbox) => ({ world: sandbox.world }) as SandboxApp;

export const gatewayOf = (sandbox: RunningSandbox) => gatewayState(appOf(sandbox));
export const checkoutOf = (sandbox: RunningSandbox) => checkoutState(appOf(sandbox));
export const onboardingOf = (sandbox: RunningSandbox) => onboardingState(appOf(sandbox));

/** How many times each key occurs. */
export function countBy<T>(values: T[], key: (value: T) => string): Map<string, number> {
	const counts = new Map<string, number>();
	for (const value of values) counts.set(key(value), (counts.get(key(value)) ?? 0) + 1);
	return counts;
}

/** The keys that occur more than once: a double charge, refund, session or process. */
export const duplicates = (counts: Map<string, number>): string[] => [...counts].filter(([, count]) => count > 1).map(([key]) => key);
