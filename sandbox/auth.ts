/**
 * The two ways in: the signed `auth` structure (WSSE UsernameToken as DESIGN.md states it) and the
 * onboarding bearer token. Written independently of the nodes' signing code so that it can catch it wrong.
 */
import { createHash, timingSafeEqual } from 'crypto';

import { refuse, type SandboxRequest, type SandboxResponse } from './http';
import type { SandboxWorld, SiteRecord, TokenRecord } from './world';

export type AuthAlgorithm = 'sha256' | 'sha1';

const SEED_WINDOW_MS = 5 * 60 * 1000;

export const AUTH_REASONS: Record<number, string> = {
	100: 'The nonce was already used',
	101: 'The login is not known',
	102: 'The tranKey does not match',
	103: 'The seed is more than 5 minutes away from the server time',
	104: 'The site is inactive',
	105: 'The site is expired',
	106: 'The credentials are expired',
};

/** tranKey = Base64(digest(rawNonce + seed + secretKey)); the digest decides SHA-256 or SHA-1. */
export function expectedTranKey(rawNonce: Buffer, seed: string, secretKey: string, algorithm: AuthAlgorithm): string {
	return createHash(algorithm)
		.update(Buffer.concat([rawNonce, Buffer.from(seed + secretKey, 'utf8')]))
		.digest('base64');
}

export interface AuthOutcome {
	login?: string;
	ok: boolean;
	algorithm?: AuthAlgorithm;
	reason?: number;
	site?: SiteRecord;
}

const same = (a: string, b: string) => {
	const left = Buffer.from(a);
	const right = Buffer.from(b);
	return left.length === right.length && timingSafeEqual(left, right);
};

/** Checks a signed body's `auth`; on failure also returns the 401 to send. */
export function verifySignedAuth(world: SandboxWorld, body: unknown, now = Date.now()): AuthOutcome & { refusal?: SandboxResponse } {
	const auth = (body && typeof body === 'object' ? (body as Record<string, unknown>).auth : undefined) as Record<string, unknown> | undefined;
	const fail = (reason: number, extra: Partial<AuthOutcome> = {}) => ({
		ok: false,
		reason,
		...extra,
		refusal: refuse(401, String(reason), AUTH_REASONS[reason]),
	});
	if (!auth || typeof auth !== 'object') return fail(101);
	const { login, tranKey, nonce, seed } = auth as Record<string, unknown>;
	if (typeof login !== 'string' || typeof tranKey !== 'string' || typeof nonce !== 'string' || typeof seed !== 'string') {
		return fail(101, { login: typeof login === 'string' ? login : undefined });
	}
	const site = world.siteByLogin(login);
	if (!site) return fail(101, { login });
	const seedTime = Date.parse(seed);
	if (!/[+-]\d{2}:?\d{2}$|Z$/.test(seed) || Number.isNaN(seedTime) || Math.abs(now - seedTime) > SEED_WINDOW_MS) return fail(103, { login });
	const rawNonce = Buffer.from(nonce, 'base64');
	const algorithm = (['sha256', 'sha1'] as const).find((candidate) => same(expectedTranKey(rawNonce, seed, site.secretKey, candidate), tranKey));
	if (!algorithm) return fail(102, { login });
	const seen = world.seenNonces.get(login) ?? new Set<string>();
	world.seenNonces.set(login, seen);
	if (seen.has(nonce)) return fail(100, { login, algorithm });
	seen.add(nonce);
	if (site.state !== 'ACTIVE') return fail(104, { login, algorithm });
	if (site.expiresAt && Date.parse(site.expiresAt) < now) return fail(105, { login, algorithm });
	if (site.credentialsExpireAt && Date.parse(site.credentialsExpireAt) < now) return fail(106, { login, algorithm });
	return { ok: true, login, algorithm, site };
}

/** Checks `Authorization: Bearer …` and, when given, a permission; 401 / 403 in the status shape otherwise. */
export function verifyBearer(world: SandboxWorld, request: SandboxRequest, permission?: TokenRecord['permissions'][number]): { token?: TokenRecord; refusal?: SandboxResponse } {
	const header = request.headers.authorization ?? '';
	const match = /^Bearer\s+(\S+)$/i.exec(Array.isArray(header) ? header[0] : header);
	const token = match ? world.tokens.find((candidate) => same(candidate.token, match[1])) : undefined;
	if (!token) return { refusal: refuse(401, 'UNAUTHENTICATED', 'The access token is missing or not valid') };
	if (permission && !token.permissions.includes(permission)) {
		return { refusal: refuse(403, 'FORBIDDEN', `The access token lacks the permission ${permission}`) };
	}
	return { token };
}
