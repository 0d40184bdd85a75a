/**
 * The onboarding API's `Idempotency-Key` header (not the gateway's `idempotenceKey`:
 * PaySuiteGateway/processIdempotencyKey.ts). Pure.
 */
import { createHash } from 'crypto';

import { canonicalJson } from '../shared/transport/canonicalJson';

/** The platform's rule for `Idempotency-Key`: 16 to 64 characters of letters, digits and `_ . : -`. */
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_.:-]{16,64}$/;

/**
 * `n8n-` + 48 hex of SHA-256(scope + canonical body): running the same item again gets the original process back
 * instead of doing the work twice; any change to the body gives another key.
 */
export function idempotencyKeyHeaderFor(scope: string, body: unknown): string {
	const digest = createHash('sha256').update(`${scope}\n${canonicalJson(body)}`, 'utf8').digest('hex');
	return `n8n-${digest.slice(0, 48)}`;
}
