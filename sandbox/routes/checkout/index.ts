/**
 * Checkout sessions, refunds, transaction actions (spec: payment-processing-api.md, "Checkout sessions") and
 * ticket records (spec: core-administration-api.md, /ticket/create and /ticket/search). See docs/sandbox/checkout.md.
 *
 * Written from the spec, never from the nodes: every field rule the spec states is a refusal (HTTP 400,
 * reason XN, the field path in the message and in `errors`), and fields the spec does not list for a request
 * are refused too, so a node that sends something off-spec is caught. State changes follow the spec's table
 * of transitions; what the spec leaves out is a sandbox choice written down in the docs page.
 */
import type { SandboxApp } from '../../http';
import * as control from './control';
import * as page from './page';
import * as sessionCancel from './session/cancel';
import * as sessionCreate from './session/create';
import * as sessionGet from './session/get';
import * as ticketCreate from './ticket/create';
import * as ticketGetMany from './ticket/getMany';
import * as transactionAction from './transaction/action';
import * as transactionRefund from './transaction/refund';

export function register(app: SandboxApp): void {
	for (const endpoint of [sessionCreate, sessionGet, sessionCancel, transactionRefund, transactionAction, ticketCreate, ticketGetMany, control, page]) endpoint.register(app);
}
