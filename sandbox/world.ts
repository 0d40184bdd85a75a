/**
 * The sandbox's state: the seeded demo site and tokens, plus one named slice per API area that the route
 * modules own. Everything lives in memory; with `stateFile` it is written out after each change and read
 * back on start, so a demo keeps its sessions and links between runs.
 */
/* eslint-disable @n8n/community-nodes/no-restricted-imports -- runs in Node, not in n8n: eslint.dev.config.mjs lints it */
import { randomBytes } from 'crypto';
import { existsSync, readFileSync, writeFileSync } from 'fs';

import { parseJson, stringifyJson, toId, type Id } from './json';

export interface SiteRecord {
	id: Id;
	customerId: Id;
	login: string;
	secretKey: string;
	state: 'ACTIVE' | 'INACTIVE';
	/** ISO date-time after which the site answers 105. */
	expiresAt?: string;
	/** ISO date-time after which the credentials answer 106. */
	credentialsExpireAt?: string;
	/** IANA zone of the site (read shape `timezone`): the platform reads a link's `expirationDate` in it. */
	timezone?: string;
	[key: string]: unknown;
}

export interface TokenRecord {
	token: string;
	consumerId: number;
	username: string;
	permissions: Array<'onboarding:create' | 'onboarding:read' | 'onboarding:update'>;
}

export interface SandboxOptions {
	/** 0 picks a free port. Default 8765 for the CLI, 0 for tests. */
	port?: number;
	host?: string;
	/** Polls of /api/processes/{id} that still answer PENDING with Retry-After (default 2). */
	processPendingPolls?: number;
	/** Seconds announced in Retry-After (default 1; tests use 0 or 1). */
	retryAfterSeconds?: number;
	/**
	 * Calls of /gateway/report/obtain answered 425 before the report is ready (default 1). A report with a
	 * callbackUrl is also ready by itself after reportPendingPolls × retryAfterSeconds seconds.
	 */
	reportPendingPolls?: number;
	/**
	 * Seconds a report takes to be generated after it is asked for, as the platform's do: until then obtain answers
	 * 425, after that it answers the report (reportPendingPolls is then not counted). Default: unset, the count above.
	 */
	reportReadySeconds?: number;
	/** Rows of a generated report when the site has fewer transactions than that (default: the transactions). */
	reportRows?: number;
	/**
	 * Days of past transactions the demo site starts with (sandbox/routes/gateway/history.ts): a few a day, the
	 * same for the same calendar day. Default 0, an empty world, which tests count on; the CLI and `npm start`
	 * use 62 so that "yesterday" and the whole of "last month" have rows.
	 */
	historyDays?: number;
	/** Which spelling of the payment link disable path answers: the spec's `disalbe`, `disable`, or both (default). */
	disablePathSpelling?: 'disalbe' | 'disable' | 'both';
	/**
	 * Which method the merchant update answers: PUT (as the platform publishes it), PATCH (as the document describes
	 * it) or both (default); the other answers 405.
	 */
	merchantUpdateMethods?: 'PUT' | 'PATCH' | 'both';
	/** Keep state in this JSON file between runs. */
	stateFile?: string;
	/** IANA time zone of the seeded sites and of the sites created later (default America/Bogota). */
	siteTimeZone?: string;
	/** Fixed demo credentials (the CLI keeps them stable so an n8n credential keeps working). */
	login?: string;
	secretKey?: string;
	accessToken?: string;
	/** Log each request line to stdout (CLI). */
	log?: boolean;
	/** Largest request body accepted, in bytes; larger ones answer 413 (default 1 MiB). */
	maxBodyBytes?: number;
	/** Ledger entries kept, oldest dropped first (default 10,000). */
	ledgerEntries?: number;
	/** Bytes of a body the ledger keeps; the rest is cut with a marker (default 64 KiB). */
	ledgerBodyBytes?: number;
	/** Bytes the whole ledger may hold, oldest entries dropped first (default 64 MiB). */
	ledgerTotalBytes?: number;
	/**
	 * Holds every answer and webhook to the fields the API documents show (sandbox/documented/): 'fail' (default)
	 * records each undocumented field and fails the test file naming them (test/documentedFields.setup.js);
	 * 'record' only records them (sandbox.violations(), GET /__sandbox/violations); 'off' checks nothing.
	 */
	documentedFields?: 'fail' | 'record' | 'off';
}

export interface SandboxCredentials {
	login: string;
	secretKey: string;
	/** The site's time zone: what a signed credential's Site Time Zone holds for this sandbox's site. */
	timeZone: string;
	accessToken: string;
	readOnlyToken: string;
	notificationSecret: string;
	notificationKeyId: string;
	inactiveLogin: string;
	expiredLogin: string;
	expiredCredentialsLogin: string;
	customerId: number;
	siteId: number;
}

type Slices = Record<string, unknown>;

/** The sites' time zone unless the options say otherwise: a zone of the platform's market, not UTC. */
export const DEFAULT_SITE_TIME_ZONE = 'America/Bogota';

export class SandboxWorld {
	readonly options: Required<Pick<SandboxOptions, 'processPendingPolls' | 'retryAfterSeconds' | 'reportPendingPolls' | 'disablePathSpelling'>> &
		SandboxOptions;
	readonly credentials: SandboxCredentials;
	sites: SiteRecord[] = [];
	tokens: TokenRecord[] = [];
	/** Nonces seen per login, for replay refusal (reason 100). */
	readonly seenNonces = new Map<string, Set<string>>();
	private slices: Slices = {};
	private readonly initializers = new Map<string, () => unknown>();
	private nextIds: Record<string, Id> = {};

	constructor(options: SandboxOptions = {}) {
		this.options = {
			processPendingPolls: 2,
			retryAfterSeconds: 1,
			reportPendingPolls: 1,
			disablePathSpelling: 'both',
			...options,
		};
		const secret = (bytes: number) => randomBytes(bytes).toString('base64url');
		this.credentials = {
			login: options.login ?? 'demo-site-login',
			secretKey: options.secretKey ?? secret(24),
			timeZone: options.siteTimeZone ?? DEFAULT_SITE_TIME_ZONE,
			accessToken: options.accessToken ?? `sbx_${secret(24)}`,
			readOnlyToken: `sbx_ro_${secret(18)}`,
			notificationSecret: `whsec_${secret(18)}`,
			notificationKeyId: 'sandbox-key-1',
			inactiveLogin: 'inactive-site-login',
			expiredLogin: 'expired-site-login',
			expiredCredentialsLogin: 'expired-credentials-login',
			customerId: 1001,
			siteId: 2001,
		};
		this.seed();
		this.load();
	}

	/** A named piece of state owned by one route module; created on first use and after reset(). */
	slice<T>(name: string, initial: () => T): T {
		if (!this.initializers.has(name)) this.initializers.set(name, initial);
		if (!(name in this.slices)) this.slices[name] = initial();
		return this.slices[name] as T;
	}

	/** Incremental ids per kind, as the platform hands out: a number, or a bigint beyond 2^53 (see setNextId). */
	nextId(kind: string, start = 1): Id {
		const next = BigInt(this.nextIds[kind] ?? start);
		this.nextIds[kind] = toId(next + 1n);
		return toId(next);
	}

	/** The next id of a kind; tests and demos give records identifiers beyond 2^53 this way. */
	setNextId(kind: string, next: bigint | number): void {
		this.nextIds[kind] = toId(BigInt(next));
	}

	/** The zone of the seeded sites and of new ones. */
	get siteTimeZone(): string {
		return this.options.siteTimeZone ?? DEFAULT_SITE_TIME_ZONE;
	}

	siteByLogin(login: string): SiteRecord | undefined {
		return this.sites.find((site) => site.login === login);
	}

	reset(): void {
		this.slices = {};
		this.nextIds = {};
		this.seenNonces.clear();
		this.seed();
		for (const [name, initial] of this.initializers) this.slices[name] = initial();
		this.save();
	}

	save(): void {
		if (!this.options.stateFile) return;
		const { sites, slices, nextIds } = this;
		writeFileSync(this.options.stateFile, stringifyJson({ sites, slices, nextIds }, 1));
	}

	private load(): void {
		const file = this.options.stateFile;
		if (!file || !existsSync(file)) return;
		try {
			const saved = parseJson(readFileSync(file, 'utf8')) as { sites?: SiteRecord[]; slices?: Slices; nextIds?: Record<string, Id> };
			const seededLogins = new Set(this.sites.map((site) => site.login));
			this.sites.push(...(saved.sites ?? []).filter((site) => !seededLogins.has(site.login)));
			this.slices = saved.slices ?? {};
			this.nextIds = saved.nextIds ?? {};
		} catch {
			// A damaged state file is ignored: the sandbox starts fresh rather than not at all.
		}
	}

	private seed(): void {
		const c = this.credentials;
		const past = new Date(Date.now() - 86_400_000).toISOString();
		const timezone = this.siteTimeZone;
		this.sites = ([
			{ id: c.siteId, customerId: c.customerId, login: c.login, secretKey: c.secretKey, state: 'ACTIVE', name: 'Demo store', currency: 'USD' },
			{ id: c.siteId + 1, customerId: c.customerId, login: c.inactiveLogin, secretKey: c.secretKey, state: 'INACTIVE', name: 'Paused store' },
			{ id: c.siteId + 2, customerId: c.customerId, login: c.expiredLogin, secretKey: c.secretKey, state: 'ACTIVE', expiresAt: past, name: 'Old store' },
			{
				id: c.siteId + 3,
				customerId: c.customerId,
				login: c.expiredCredentialsLogin,
				secretKey: c.secretKey,
				state: 'ACTIVE',
				credentialsExpireAt: past,
				name: 'Store with old credentials',
			},
		] as SiteRecord[]).map((site) => ({ ...site, timezone }));
		this.nextIds.site = c.siteId + 10;
		this.tokens = [
			{ token: c.accessToken, consumerId: 7, username: 'sandbox-integrator', permissions: ['onboarding:create', 'onboarding:read', 'onboarding:update'] },
			{ token: c.readOnlyToken, consumerId: 8, username: 'sandbox-reader', permissions: ['onboarding:read'] },
		];
	}
}
