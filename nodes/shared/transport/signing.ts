import { createHash, randomBytes } from 'crypto';

import { formatIsoUtc } from '../schemas/dateTime';
import { parseJson, stringifyJson } from './losslessJson';

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

/**
 * The request body with `auth` added. The transport sends JSON text (written so that large identifiers keep all
 * their digits): it is read and written back with the same lossless JSON, so nothing but `auth` changes. A body
 * that is not a JSON object is left as it is (the platform then answers that `auth` is missing).
 */
export function withAuth(body: unknown, auth: SignedAuth): unknown {
	if (typeof body === 'string') {
		let parsed: unknown;
		try {
			parsed = parseJson(body.trim() === '' ? '{}' : body, { bigIntegers: 'bigint' });
		} catch {
			return body;
		}
		if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return body;
		return stringifyJson({ ...(parsed as Record<string, unknown>), auth: { ...auth } });
	}
	const object = body && typeof body === 'object' && !Array.isArray(body) && !Buffer.isBuffer(body) ? (body as Record<string, unknown>) : {};
	return { ...object, auth: { ...auth } };
}
