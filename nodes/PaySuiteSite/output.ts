/**
 * The Simplify output of a site (the platform's site read shape, some forty fields): what a workflow uses,
 * flat. Never the site's transactional keys: the credentials give only the login.
 */
import type { IDataObject } from 'n8n-workflow';

/** The site's dates, also as ISO 8601 with the site's own offset (`expirationIso`). */
export const SITE_DATES = ['expiration'] as const;

const orNull = (value: unknown) => (value === undefined ? null : value);

export function simplifySite(site: IDataObject): IDataObject {
	const credentials = Array.isArray(site.credentials) ? (site.credentials as IDataObject[]) : [];
	const services = Array.isArray(site.services) ? (site.services as IDataObject[]) : [];
	return {
		id: orNull(site.id),
		name: orNull(site.name),
		displayName: orNull(site.displayName),
		active: site.state === undefined ? null : site.state === 'ACTIVE',
		state: orNull(site.state),
		login: orNull(credentials[0]?.login),
		merchant: orNull(site.merchant),
		currency: orNull(site.currency),
		country: orNull(site.country),
		language: orNull(site.locale),
		email: orNull(site.email),
		expiration: orNull(site.expireOn),
		checkoutVersion: orNull(site.checkoutVersion),
		notificationUrl: orNull(site.notificationUrl),
		timezone: orNull(site.timezone),
		paymentMethodCodes: services.map((service) => service.code).filter((code) => code !== undefined && code !== null),
	};
}
