/**
 * Payment links (spec: payment-processing-api.md, "Payment links"): create, query and disable, with the
 * disable path spelled as the spec spells it (`disalbe`), the corrected spelling, or both
 * (`options.disablePathSpelling`); a link notifies its notificationUrl when paid and when it expires (notify.ts).
 * See docs/sandbox/checkout.md.
 *
 * Written from the spec, never from the nodes: field rules are refusals (HTTP 400, reason XN, the field path
 * in the message and in `errors`), and fields the spec does not list are refused too.
 */
import type { SandboxApp } from '../../http';
import * as control from './control';
import * as create from './create';
import * as disable from './disable';
import * as get from './get';
import { watchKeptLinks } from './notify';
import * as outbox from './outbox';
import * as page from './page';

export function register(app: SandboxApp): void {
	for (const endpoint of [create, get, disable, control, page, outbox]) endpoint.register(app);
	watchKeptLinks(app);
}
