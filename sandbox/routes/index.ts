import type { SandboxApp } from '../http';
import * as checkout from './checkout';
import * as core from './core';
import * as events from './events';
import * as gateway from './gateway';
import * as links from './links';
import * as onboarding from './onboarding';

/** Every API area of the spec, plus the outbound event senders. */
export function registerRoutes(app: SandboxApp): void {
	for (const area of [core, gateway, checkout, links, onboarding, events]) area.register(app);
}
