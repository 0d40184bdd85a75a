/**
 * The Core Administration field rules of more than one endpoint (from the spec's tables and limits); the site
 * write shape is in siteData.ts.
 */
import { z } from 'zod/v3';

import { bool, id as identifier, object, text } from '../../rules';

export const integer = () => z.number({ required_error: 'is required', invalid_type_error: 'must be a whole number' }).int('must be a whole number');
/** An identifier (site, merchant, payment method, financial entity): any positive integer, beyond 2^53 too. */
export const id = identifier;
const positive = () => integer().positive('must be a positive whole number');
export const hex = () => text().regex(/^[0-9a-fA-F]+$/, 'must be a string of hexadecimal characters');
export const colour = () => text().regex(/^#[0-9a-fA-F]{6}$/, 'must be a colour of the form #rrggbb');
export const countryCode = () => text().regex(/^[A-Z]{2}$/, 'must be a two-letter country code');
export const dateTime = () =>
	text().refine(
		(value) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/.test(value) && !Number.isNaN(Date.parse(value)),
		'must be an ISO 8601 date-time such as 2030-01-31T17:00:00-05:00',
	);
export const commissionModel = () =>
	text(1).refine((value) => value === 'P' || value === 'F', 'must be P or F');

export const settingsSchema = object({
	merchantCode: text(),
	terminalNumber: text(),
	MID: text(),
	RUC: text(),
	username: text(30),
	password: text(30),
	retailCode: text(10),
	terminalLocation: text(),
	serviceCode: text(),
	isEcommerce: bool(),
	'3DSVersion': text().refine((value) => value === 'v1' || value === 'v2', 'must be v1 or v2'),
	'3DSApiKey': text(380),
	aggregatorModel: bool(),
}).partial();

/** creditRules: payment method code → card group code → installment number (as a string) → rule. */
export const creditRulesSchema = z.record(
	z.record(
		z.record(
			text().regex(/^\d+$/, 'installment keys must be numbers written as strings'),
			object({ minimum: text(), maximum: text(), remove: bool() }).partial(),
			{ invalid_type_error: 'must be an object keyed by installment number' },
		),
		{ invalid_type_error: 'must be an object keyed by card group code' },
	),
	{ invalid_type_error: 'must be an object keyed by payment method code' },
);

export const paginationSchema = object({ perPage: positive(), currentPage: positive() }).partial();

export const auth = z.unknown();
