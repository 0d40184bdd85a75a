/**
 * Core Administration API (spec: core-administration-api.md), except the ticket paths (checkout/ticket/):
 * sites, merchant payment methods, site payment methods and payment facilitators. See docs/sandbox/core.md.
 *
 * Written from the spec, never from the nodes: every field rule the spec states is a refusal (HTTP 400,
 * reason XN, the field path in the message and in `errors`), and fields the spec does not describe for an
 * endpoint are refused as well, so that a node sending something off-spec is caught.
 */
import type { SandboxApp } from '../../http';
import * as control from './control';
import * as merchantPaymentMethodCreate from './merchantPaymentMethod/create';
import * as merchantPaymentMethodDelete from './merchantPaymentMethod/delete';
import * as merchantPaymentMethodGetMany from './merchantPaymentMethod/getMany';
import * as merchantPaymentMethodUpdate from './merchantPaymentMethod/update';
import * as paymentFacilitatorGetMany from './paymentFacilitator/getMany';
import * as siteCreate from './site/create';
import * as siteUpdateAll from './site/updateAll';
import * as siteUpdateBranding from './site/updateBranding';
import * as sitePaymentMethodAddToSite from './sitePaymentMethod/addToSite';

export function register(app: SandboxApp): void {
	for (const endpoint of [
		siteCreate,
		siteUpdateBranding,
		siteUpdateAll,
		sitePaymentMethodAddToSite,
		merchantPaymentMethodCreate,
		merchantPaymentMethodUpdate,
		merchantPaymentMethodDelete,
		merchantPaymentMethodGetMany,
		paymentFacilitatorGetMany,
		control,
	])
		endpoint.register(app);
}
