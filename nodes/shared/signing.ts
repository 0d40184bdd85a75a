import { createHash, randomBytes } from 'crypto';

export type DigestAlgorithm = 'sha256' | 'sha1';

export interface SignedAuth {
	login: string;
	tranKey: string;
	nonce: string;
	seed: string;
}

/** tranKey = Base64(digest(rawNonce + seed + secretKey)), over the raw digest bytes (WSSE UsernameToken). */
export function computeTranKey(
	rawNonce: Buffer,
	seed: string,
	secretKey: string,
	algorithm: DigestAlgorithm = 'sha256',
): string {
	return createHash(algorithm)
		.update(Buffer.concat([rawNonce, Buffer.from(seed, 'utf8'), Buffer.from(secretKey, 'utf8')]))
		.digest('base64');
}

/** ISO 8601 with an explicit offset and no milliseconds, the form the platform's samples use. */
export function currentSeed(now: Date = new Date()): string {
	return now.toISOString().replace(/\.\d{3}Z$/, '+00:00');
}

/** Builds the `auth` structure; a fresh 16-byte nonce and the current seed unless given (tests pass them). */
export function buildAuth(
	login: string,
	secretKey: string,
	algorithm: DigestAlgorithm = 'sha256',
	rawNonce: Buffer = randomBytes(16),
	seed: string = currentSeed(),
): SignedAuth {
	return {
		login,
		tranKey: computeTranKey(rawNonce, seed, secretKey, algorithm),
		nonce: rawNonce.toString('base64'),
		seed,
	};
}
