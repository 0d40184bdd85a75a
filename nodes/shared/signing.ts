import { createHash, randomBytes } from 'crypto';

import { formatIsoUtc } from './dateTime';

export type DigestAlgorithm = 'sha256' | 'sha1';

interface SignedAuth {
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

/** Builds the `auth` structure; a fresh 16-byte nonce and the seed (now) unless given (tests pass them). */
export function buildAuth(
	login: string,
	secretKey: string,
	algorithm: DigestAlgorithm = 'sha256',
	rawNonce: Buffer = randomBytes(16),
	seed: string = formatIsoUtc(),
): SignedAuth {
	return {
		login,
		tranKey: computeTranKey(rawNonce, seed, secretKey, algorithm),
		nonce: rawNonce.toString('base64'),
		seed,
	};
}
