/**
 * The `Idempotency-Key` header of the onboarding API's merchant writes (the gateway's `idempotenceKey` body field
 * is another thing: see PaySuiteGateway/processIdempotencyKey.ts). Pure: nothing here knows about n8n.
 */
import { createHash } from 'crypto';

import { canonicalJson } from '../shared/transport/canonicalJson';

/** The platform's rule for `Idempotency-Key`: 16 to 64 characters of letters, digits and `_ . : -`. */
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_.:-]{16,64}$/;

/**
 * An Idempotency-Key derived from what is sent: `n8n-` + 48 hex characters of SHA-256(scope + canonical body).
 * The same scope and body always give the same key, so running the same item again makes the platform
 * return the original process instead of doing the work twice; any change to the body gives another key.
 */
export function deriveIdempotencyKey(scope: string, body: unknown): string {
	const digest = createHash('sha256').update(`${scope}\n${canonicalJson(body)}`, 'utf8').digest('hex');
	return `n8n-${digest.slice(0, 48)}`;
}
