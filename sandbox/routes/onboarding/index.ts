/**
 * Merchant Onboarding API (spec: merchant-onboarding-api.md): asynchronous merchant writes answered with a
 * process, the process query (PENDING with Retry-After, then final), the merchant read shape, the calling
 * consumer and one-way messages. See docs/sandbox/onboarding.md.
 *
 * Written from the spec, never from the nodes: every rule the spec states for a body is a 422 with `errors`
 * keyed by body path (time zones and currencies outside the catalog too); the mcc catalog is checked while the
 * process runs, so an unknown mcc makes the process fail with `errors` (the documented way to see a failed process).
 */
import type { SandboxApp } from '../../http';
import * as accountGetCurrentUser from './account/getCurrentUser';
import * as control from './control';
import * as merchantCreate from './merchant/create';
import * as merchantGet from './merchant/get';
import * as merchantUpdate from './merchant/update';
import * as messageSend from './message/send';
import * as processGet from './process/get';

export function register(app: SandboxApp): void {
	for (const endpoint of [merchantCreate, merchantUpdate, merchantGet, processGet, accountGetCurrentUser, messageSend, control]) endpoint.register(app);
}
