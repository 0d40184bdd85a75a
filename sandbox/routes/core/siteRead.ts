/** The site read shape: what the core API answers for a site (update branding, the control API's site view). */
import type { SandboxApp } from '../../http';
import { wallClockText } from '../../wallClock';
import type { SiteRecord } from '../../world';
import { configurationOf, merchantOf, state } from './state';

/** `YYYY-MM-DD HH:MM:SS` on the site's clock (its time zone), as the platform writes a site's wall-clock dates. */
const spaced = (iso: string | undefined, zone: string) => (iso ? wallClockText(Date.parse(iso), zone) : null);

/** The site's payment methods as the read shape lists them: the site's own values over its merchant method's. */
const siteServices = (app: SandboxApp, site: SiteRecord) =>
	state(app)
		.sitePaymentMethods.filter((entry) => entry.siteId === site.id)
		.map((entry) => {
			const method = state(app).merchantPaymentMethods.find((candidate) => candidate.id === entry.customerPaymentId);
			const entity = state(app).financialEntities.find((candidate) => candidate.id === (entry.financialEntity ?? method?.financialEntity));
			return {
				code: method?.code ?? null,
				priority: entry.order ?? method?.order ?? null,
				minPayment: entry.minAmount === undefined ? null : String(entry.minAmount),
				maxPayment: entry.maxAmount === undefined ? null : String(entry.maxAmount),
				accountNumber: entry.accountNumber ?? method?.accountNumber ?? null,
				accountType: entry.accountType ?? method?.accountType ?? null,
				bankName: entity?.name ?? null,
				bankCode: entity?.code ?? null,
				settings: [],
				promotions: [],
			};
		});

export const siteReadShape = (app: SandboxApp, site: SiteRecord) => {
	const configuration = configurationOf(app, site);
	const integration = (configuration.integration ?? {}) as Record<string, unknown>;
	const branding = (configuration.branding ?? {}) as Record<string, unknown>;
	const merchant = merchantOf(app, site.customerId);
	const language = String(configuration.language ?? 'en');
	return {
		id: site.id,
		name: configuration.name ?? site.name ?? null,
		displayName: configuration.displayName ?? configuration.name ?? site.name ?? null,
		document: merchant?.document ?? null,
		documentType: merchant?.documentType ?? null,
		merchant: merchant?.name ?? null,
		merchantBrand: merchant?.brand ?? null,
		email: configuration.email ?? 'sandbox@example.com',
		supportEmail: null,
		allowedIP: null,
		allowPartial: integration.allowPartial ?? false,
		allowMulticredit: false,
		state: site.state,
		currency: configuration.currency ?? 'USD',
		country: merchant?.country ?? 'US',
		locale: language,
		locales: [language],
		expireOn: spaced(site.expiresAt, site.timezone ?? app.world.siteTimeZone),
		logoUrl: branding.logoUrl ?? `${app.url()}/__sandbox/assets/logo.png`,
		cssUrl: `${app.url()}/__sandbox/assets/site.css`,
		analyticsCode: integration.analyticsCode ?? null,
		notificationUrl: integration.notificationUrl ?? null,
		inlineJs: null,
		allowedCurrencies: [configuration.currency ?? 'USD'],
		screeningVendor: null,
		md5Hash: configuration.md5Hash ?? 'sandbox-md5-hash',
		// "Access token for the onboarding system": the sandbox's own, so that a read carries every secret it can.
		onboardingToken: app.world.credentials.accessToken,
		credentials: [{ login: site.login, tranKey: site.secretKey, expireOn: spaced(site.credentialsExpireAt, site.timezone ?? app.world.siteTimeZone) }],
		integrations: {},
		payerFields: ['name', 'surname', 'email', 'mobile', 'document', 'documentType'],
		allowWallet: integration.allowWallet ?? false,
		checkoutAttemptsLimit: integration.checkoutAttemptsLimit ?? null,
		timezone: site.timezone ?? app.world.siteTimeZone,
		services: siteServices(app, site),
		transactionModifiers: [],
		compensationMethod: {},
		checkoutVersion: configuration.checkoutVersion ?? integration.checkoutVersion ?? 'v4',
		branding: Object.keys(branding).length ? { logoUrl: branding.logoUrl ?? null, buttonColor: branding.buttonColor ?? null, sidebarColor: branding.sidebarColor ?? null } : null,
		openLinks: {},
		promotions: [],
	};
};

