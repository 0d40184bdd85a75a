/**
 * The sandbox suites' own signer of the `auth` structure, written from DESIGN.md. It imports nothing from
 * nodes/ or sandbox/: it is the independent check on both the nodes' signer and the sandbox's verifier, so
 * neither can hide a mistake the other shares.
 *
 * tranKey = Base64(SHA-256(rawNonce + seed + secretKey)) (or SHA-1), nonce = Base64(rawNonce).
 */
import { createHash, randomBytes } from 'crypto';

export interface SignOptions {
	algorithm?: 'sha256' | 'sha1';
	/** Default: now, ISO 8601 in whole seconds with the +00:00 offset. */
	seed?: string;
	/** Default: 16 random bytes. */
	rawNonce?: Buffer;
}

export function auth(login: string, secretKey: string, options: SignOptions = {}) {
	const rawNonce = options.rawNonce ?? randomBytes(16);
	const seed = options.seed ?? new Date().toISOString().replace(/\.\d{3}Z$/, '+00:00');
	const tranKey = createHash(options.algorithm ?? 'sha256')
		.update(Buffer.concat([rawNonce, Buffer.from(seed + secretKey)]))
		.digest('base64');
	return { login, tranKey, nonce: rawNonce.toString('base64'), seed };
}
