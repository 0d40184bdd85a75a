/**
 * The site write shape (`data` of /core/site/create and /core/site/update-all), section by section; a section
 * and each of its fields are optional. See docs/sandbox/core.md.
 */
import { z, type ZodTypeAny } from 'zod/v3';

import { bool, dateOnly, list, number, object, text, webUrl } from '../../rules';
import { colour, countryCode, dateTime, hex, id, integer } from './fieldRules';

type SiteMode = 'create' | 'update';

/** A field update-all accepts and create refuses. */
const updateOnly = <T extends ZodTypeAny>(mode: SiteMode, schema: T) =>
	mode === 'update' ? schema.optional() : z.never({ invalid_type_error: 'is only accepted by update-all' }).optional();

const integrationSchema = (mode: SiteMode) =>
	object({
		allowPartial: bool(),
		allowWallet: bool(),
		checkoutAttemptsLimit: integer().nullable(),
		connectionMethod: text(),
		notificationUrl: webUrl(),
		checkoutVersion: text(),
		analyticsCode: text(),
		sourceRestriction: updateOnly(mode, text()),
		initiatorIndicator: z.union([text(), integer()], { errorMap: () => ({ message: 'must be a string or null' }) }).nullable(),
	}).partial();

const controlSchema = () =>
	object({
		minAmount: number(),
		maxAmount: number(),
		allowedDays: integer(),
		allowedHours: hex(),
		delegatedAuthorization: hex(),
		filterMethodA: bool(),
		filterMethodB: bool(),
		filterMethodC: bool(),
		prechargeFilter: integer(),
		allowedBankCountries: list(countryCode()),
		filterByBin: bool(),
		exceptionBinsList: list(integer()),
	}).partial();

/** The screening sections: 3-D Secure, payment history, credit bureau and risk engine. */
const screeningSchemas = () => ({
	threeDS: object({ setting: text(), minAmount: number() }).partial(),
	historic: object({ behaviour: text(), lowerScore: number().nullable(), rejectionScore: number().nullable() }).partial(),
	creditBureau: object({
		behaviours: object({ onFailed: text(), onNoMatch: text(), onMatch: text() }).partial(),
		paymentGroups: list(text()),
		minAmount: number(),
	}).partial(),
	riskEngine: object({
		behaviours: object({ onFailed: text(), onLowRisk: text(), onMediumRisk: text(), onHighRisk: text() }).partial(),
		paymentGroups: list(text()),
		minAmount: number(),
		approvalScore: number(),
		rejectionScore: number(),
		onCalibration: bool(),
	}).partial(),
});

const securityFiltersSchema = () =>
	object({
		filterLockedByTries: bool(),
		allowedIssuerCountries: list(text()),
		forceIPMatch: bool(),
		excludeIPCountry: list(text()),
		onlyWhitelisted: bool(),
		allowedIPCountries: list(text()),
		allowedCardsDay: integer(),
		allowedCardsByIP: integer(),
		allowedCardsMonth: integer(),
		allowedCardsYear: integer(),
		dayMax: integer(),
		monthMax: integer(),
		dayMaxAmount: number(),
		monthMaxAmount: number(),
	}).partial();

const operationSchema = () =>
	object({
		disableTax: bool(),
		calculateTax: bool(),
		taxPercentage: number(),
		patternReference: text(),
		mailCustomer: bool(),
		mailMerchant: bool(),
	}).partial();

/** Create requires `customerId` and refuses update-all's own fields; update-all refuses `customerId`. */
export function siteDataSchema(mode: SiteMode) {
	const schema = object({
		login: text(),
		tranKey: text(),
		md5Hash: text(),
		name: text(),
		displayName: text(),
		customerId: mode === 'create' ? id() : z.never({ invalid_type_error: 'is only accepted on create' }).optional(),
		type: text(),
		category: text(),
		email: text().email('must be an e-mail address'),
		currency: text(),
		language: text(),
		active: bool(),
		customBatch: integer(),
		expiration: dateTime(),
		onTest: bool(),
		productionDate: updateOnly(mode, dateOnly()),
		integration: integrationSchema(mode),
		control: controlSchema(),
		...screeningSchemas(),
		securityFilters: securityFiltersSchema(),
		operation: operationSchema(),
		subscriptionValidation: object({ enable: bool(), amount: number() }).partial(),
		branding: object({ buttonColor: colour(), sidebarColor: colour(), logoUrl: text() }).partial(),
	}).partial();
	return mode === 'create' ? schema.required({ customerId: true }) : schema;
}
