import type { SandboxApp } from '../http';
import * as checkout from './checkout';
import * as core from './core';
import * as events from './events';
import * as gateway from './gateway';
import * as onboarding from './onboarding';
import * as paymentLink from './paymentLink';

/**
 * Every API area of the spec, plus the outbound event senders. An area is a folder: `index.ts` registers its
 * endpoints, `state.ts` holds its state and what its endpoints share, and `<resource>/<operation>.ts` is one
 * endpoint, named as the node operation that calls it (`nodes/<Node>/actions/<resource>/<operation>.operation.ts`).
 */
export function registerRoutes(app: SandboxApp): void {
	for (const area of [core, gateway, checkout, paymentLink, onboarding, events]) area.register(app);
}
