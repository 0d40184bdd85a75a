/**
 * The Site node's fields that several operations show: the site write shape as n8n fields (simple fields, dropdowns, one collection per
 * configuration section, and a JSON input for power users). The `data` body is built from them in actions/site/siteBody.ts.
 */
import type { INodeProperties } from 'n8n-workflow';

import { currencyOptions, notificationLocaleOptions } from '../../shared/descriptions/choices';
import { merchantIdLocator, siteIdLocator } from '../../shared/descriptions/coreIds';
import { configurationProperties } from './configuration';
import { textField as text } from '../../shared/descriptions/fields';

type SiteMode = 'create' | 'update';

/** Options shown in one mode only, written in their alphabetical place among the others. */
const only = (shown: boolean, ...options: INodeProperties[]): INodeProperties[] => (shown ? options : []);

const clearTextNote = 'The platform answers it in clear: treat the output as a secret.';

export const siteIdProperty: INodeProperties = siteIdLocator();

export const merchantIdProperty: INodeProperties = { ...merchantIdLocator(), description: 'The merchant the site belongs to (the platform calls it customer)' };

export const checkoutVersionProperty: INodeProperties = {
	displayName: 'Checkout Version',
	name: 'checkoutVersion',
	type: 'string',
	default: '',
	placeholder: 'e.g. v4',
	description: 'Redirect checkout version, such as v3 or v4',
};

export const brandingProperty: INodeProperties = {
	displayName: 'Branding',
	name: 'branding',
	type: 'collection',
	placeholder: 'Add Branding Field',
	default: {},
	options: [
		{ displayName: 'Button Color', name: 'buttonColor', type: 'color', default: '#1a73e8', description: 'Colour of the checkout buttons (#rrggbb)' },
		{ displayName: 'Sidebar Color', name: 'sidebarColor', type: 'color', default: '#ffffff', description: 'Colour of the checkout sidebar (#rrggbb)' },
	],
};

/** Top-level fields of the write shape (create: "Additional Fields"; update-all: "Update Fields"). */
function siteFieldOptions(mode: SiteMode): INodeProperties[] {
	return [
		{
			displayName: 'Active',
			name: 'active',
			type: 'boolean',
			default: true,
			description: mode === 'create' ? 'Whether the site is enabled (the platform enables it when this is not set)' : 'Whether the site is enabled',
		},
		{ displayName: 'Category', name: 'category', type: 'string', default: '', description: 'Site category (the allowed values are not published)' },
		{
			displayName: 'Configuration (JSON)',
			name: 'configuration',
			type: 'json',
			default: '{}',
			description:
				'For power users: the site configuration as one JSON object (integration, control, threeDS, historic, creditBureau, riskEngine, securityFilters, operation, subscriptionValidation, branding). The fields of the node take precedence over the same fields here. Checked before sending, like the fields.',
		},
		{ displayName: 'Currency', name: 'currency', type: 'options', options: currencyOptions, default: 'USD', description: 'Currency of the site' },
		{ displayName: 'Custom Batch', name: 'customBatch', type: 'number', default: 0, description: 'Custom batch number' },
		{ displayName: 'Display Name', name: 'displayName', type: 'string', default: '', description: 'Name shown to buyers' },
		{ displayName: 'Email', name: 'email', type: 'string', placeholder: 'e.g. payments@shop.example.com', default: '', description: 'E-mail address of the site' },
		{ displayName: 'Expiration', name: 'expiration', type: 'dateTime', default: '', description: 'When the site expires' },
		{ displayName: 'Language', name: 'language', type: 'options', options: notificationLocaleOptions, default: 'en', description: 'Language of the site' },
		{
			displayName: 'Login',
			name: 'login',
			type: 'string',
			default: '',
			description:
				mode === 'create'
					? 'Login of the new site (not the login of your credential); the platform generates one when empty'
					: "New login of the site's own credentials (not the login of your credential)",
		},
		{ displayName: 'MD5 Hash', name: 'md5Hash', type: 'string', default: '', description: 'Data-masking value' },
		...only(mode === 'update', { displayName: 'Name', name: 'name', type: 'string', default: '', description: 'Site name' }),
		{ displayName: 'On Test', name: 'onTest', type: 'boolean', default: false, description: 'Whether the site is in test mode' },
		...only(mode === 'update', { displayName: 'Production Date', name: 'productionDate', type: 'dateTime', default: '', description: 'Date the site goes live (only the date is sent)' }),
		{
			displayName: 'Transactional Key',
			name: 'tranKey',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			description:
				mode === 'create'
					? `Transactional key (secret key) of the new site; the platform generates one when empty. ${clearTextNote}`
					: "New transactional key (secret key) of the site's own credentials",
		},
		{ displayName: 'Type', name: 'type', type: 'string', default: '', description: 'Site type (the allowed values are not published)' },
	];
}

function integrationOptions(mode: SiteMode): INodeProperties[] {
	return [
		{ displayName: 'Allow Partial Payments', name: 'allowPartial', type: 'boolean', default: false, description: 'Whether buyers may pay in parts' },
		{ displayName: 'Allow Wallet', name: 'allowWallet', type: 'boolean', default: false, description: 'Whether buyers may use a wallet' },
		text('Analytics Code', 'analyticsCode', 'Analytics and/or tag-manager codes; separate two codes with a comma'),
		{
			displayName: 'Checkout Attempts Limit',
			name: 'checkoutAttemptsLimit',
			type: 'number',
			typeOptions: { minValue: 0 },
			default: 3,
			description: 'How many times a buyer may try to pay in one checkout',
		},
		checkoutVersionProperty,
		{
			displayName: 'Connection Method',
			name: 'connectionMethod',
			type: 'string',
			default: '',
			placeholder: 'e.g. REDIRECT',
			description: 'How buyers are connected, such as REDIRECT (the full list is not published)',
		},
		...only(mode === 'create', {
			displayName: 'Initiator Indicator',
			name: 'initiatorIndicator',
			type: 'string',
			default: '',
			description:
				'Default transaction initiator indicator of the site: it applies when a transaction does not send a valid one; when the site has none, the platform determines it',
		}),
		{
			displayName: 'Notification URL',
			name: 'notificationUrl',
			type: 'string',
			default: '',
			placeholder: 'e.g. https://example.com/payments/notify',
			description: 'URL notified of transaction changes for redirect requests',
		},
		...only(mode === 'update', { displayName: 'Source Restriction', name: 'sourceRestriction', type: 'string', default: '', description: 'Source restriction of the site' }),
	];
}

export function siteWriteProperties(mode: SiteMode): INodeProperties[] {
	const properties: INodeProperties[] = [];
	if (mode === 'update') {
		properties.push(
			siteIdProperty,
			{
				displayName: 'Initiator Indicator',
				name: 'initiatorIndicatorAction',
				type: 'options',
				options: [
					{ name: 'Keep Current', value: 'keep', description: 'Do not send it: the stored value is kept' },
					{ name: 'Remove', value: 'remove', description: 'The stored value is removed, and the platform determines it' },
					{ name: 'Set', value: 'set', description: 'Send a new value' },
				],
				default: 'keep',
				description: "What to do with the site's default transaction initiator indicator",
			},
			{
				displayName: 'Initiator Indicator Value',
				name: 'initiatorIndicator',
				type: 'string',
				default: '',
				required: true,
				displayOptions: { show: { initiatorIndicatorAction: ['set'] } },
				description: 'Default transaction initiator indicator of the site, used when a transaction does not send a valid one',
			},
		);
	}
	properties.push(
		{
			displayName: mode === 'create' ? 'Additional Fields' : 'Update Fields',
			name: mode === 'create' ? 'additionalFields' : 'updateFields',
			type: 'collection',
			placeholder: mode === 'create' ? 'Add Field' : 'Add Field to Update',
			default: {},
			options: siteFieldOptions(mode),
		},
		{
			displayName: 'Integration',
			name: 'integration',
			type: 'collection',
			placeholder: 'Add Integration Field',
			default: {},
			options: integrationOptions(mode),
		},
		brandingProperty,
		...configurationProperties,
	);
	return properties;
}
