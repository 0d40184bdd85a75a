/**
 * Part 3 of the reliability suite (test/RELIABILITY.md): bad inputs across every action node, several
 * operations each, generated from a table of fields and the kinds of bad value each can get (wrong types,
 * out-of-range amounts, too-long text, bad e-mails, URLs and ids, missing required fields...). Each one must
 * fail its item with an error naming the field and the item, saying nothing was sent, and reach the platform
 * with no request at all; none may echo a secret.
 */
import type { IDataObject } from 'n8n-workflow';

import { runWorkflow, type TestCredentials } from '../helpers/engine';
import { merchantBody, sessionCreateParameters } from '../helpers/fixtures';
import { packageNodeTypes, panelNames, startsWithPanelName } from '../helpers/nodeTypes';
import { captureLogs, type LogCapture } from '../helpers/logs';
import { apiCallsOf, onboardingApi, paySuiteApi, withSandbox } from '../helpers/sandbox';
import { SecretScan } from './evidence';
import { writePart } from './report';

jest.setTimeout(300_000);

const sandbox = withSandbox({ retryAfterSeconds: 0 }, () => undefined);

const CARD = '4111111111111111';
const CVV = '987';

// ---------------------------------------------------------------------------------------------------------
// Kinds of bad value
// ---------------------------------------------------------------------------------------------------------

/** Resolves to nothing: how a required field ends up missing in a workflow (an expression of an absent field). */
const MISSING = '={{ $json.absent }}';
const EMPTY = '={{ "" }}';
const EMAILS = ['ana', 'ana@', '@example.com', 'ana@@example.com', 'ana example@x.com', 'ana@example'];
const URLS = ['nope', 'shop/return', 'www.example.com', 'https://', 'http//shop.example.com', '://shop'];
const CURRENCIES = ['usd', 'US', 'DOLLARS', 'U$D', '840', 'u sd'];
const NEGATIVE = [-1, -0.01, -1000];
const long = (max: number, letter = 'x') => letter.repeat(max + 1);
const COLOURS = ['blue', '#12345', '#GGGGGG', '123456', '#1234567'];

// ---------------------------------------------------------------------------------------------------------
// The table: per node and operation, good parameters and, per field, the bad values and the field path the
// error must name
// ---------------------------------------------------------------------------------------------------------

interface NodeSpec {
	name: string;
	type: string;
	credential: 'paySuiteApi' | 'paySuiteOnboardingApi';
}

const NODES: Record<string, NodeSpec> = {
	Site: { name: 'Site', type: 'paySuiteSite', credential: 'paySuiteApi' },
	PaymentMethod: { name: 'Payment Method', type: 'paySuitePaymentMethod', credential: 'paySuiteApi' },
	Gateway: { name: 'Gateway', type: 'paySuiteGateway', credential: 'paySuiteApi' },
	Session: { name: 'Session', type: 'paySuiteSession', credential: 'paySuiteApi' },
	PaymentLink: { name: 'Payment Link', type: 'paySuitePaymentLink', credential: 'paySuiteApi' },
	Merchant: { name: 'Merchant', type: 'paySuiteMerchant', credential: 'paySuiteOnboardingApi' },
	Notification: { name: 'Notification', type: 'paySuiteNotification', credential: 'paySuiteOnboardingApi' },
};

/** `[parameter path, field the error names, bad values]`; the path is dotted into the parameters. */
type FieldCases = [string, string, unknown[]];

interface OperationTable {
	node: keyof typeof NODES;
	operation: string;
	base: IDataObject;
	fields: FieldCases[];
}

const nextYear = new Date().getUTCFullYear() + 1;
const payer = { name: 'Ana', surname: 'Gomez', email: 'ana@example.com', document: '1020304050', documentType: 'CC' };
// Languages and currencies as text, the way a user types them.
const merchant = { specifyBody: 'fields', ...merchantBody(), languages: 'es, en', currencies: 'USD, COP', additionalFields: {}, waitForCompletion: false };
const email = { email: { email: 'owner@acme.example.com', subject: 'Welcome' } };

const TABLE: OperationTable[] = [
	// Site
	{
		node: 'Site',
		operation: 'site > create',
		base: { resource: 'site', operation: 'create', merchantId: 1001, name: 'Shoe shop' },
		fields: [
			['merchantId', 'data.customerId', ['={{ 0 }}', '={{ -7 }}']],
			['control.allowedHours', 'data.control.allowedHours', ['nine']],
			['control.exceptionBinsList', 'data.control.exceptionBinsList', ['411111, abc']],
			['name', 'data.name', [EMPTY]],
			['additionalFields.email', 'data.email', EMAILS],
			['additionalFields.expiration', 'data.expiration', ['tomorrow', '31/01/2030', '2030-13-45T10:00:00Z']],
			['integration.notificationUrl', 'data.integration.notificationUrl', URLS],
			['branding.buttonColor', 'data.branding.buttonColor', COLOURS],
			['additionalFields.configuration', 'data.control.allowedHours', ['{"control":{"allowedHours":"nine"}}', '{"control":{"allowedHours":"zz"}}']],
			['additionalFields.configuration', 'data.control.maxAmmount', ['{"control":{"maxAmmount":5}}']],
			['additionalFields.configuration', 'data.control.minAmount', ['{"control":{"minAmount":"ten"}}', '{"control":{"minAmount":true}}']],
			['additionalFields.configuration', 'configuration', ['[1]', '"text"', '42']],
			['additionalFields.configuration', 'additionalFields.configuration', ['{control:', '{"a":', 'not json']],
		],
	},
	{
		node: 'Site',
		operation: 'site > updateBranding',
		base: { resource: 'site', operation: 'updateBranding', siteId: 2001, branding: { sidebarColor: '#abcdef' } },
		fields: [
			['branding.sidebarColor', 'branding.sidebarColor', COLOURS],
			['siteId', 'id', ['={{ 0 }}', '={{ -1 }}', '={{ "abc" }}', '={{ "12a" }}']],
		],
	},
	{
		node: 'Site',
		operation: 'site > updateAll',
		base: { resource: 'site', operation: 'updateAll', siteId: 2001, updateFields: { name: 'Renamed' } },
		fields: [
			['updateFields.productionDate', 'data.productionDate', ['soon', '2030/02/01', 'the first of May']],
			['updateFields.email', 'data.email', EMAILS.slice(0, 3)],
			['updateFields.configuration', 'data.customerId', ['{"customerId":5}']],
			['siteId', 'id', ['={{ 0 }}', '={{ "abc" }}']],
		],
	},
	// Payment Method
	{
		node: 'PaymentMethod',
		operation: 'merchantPaymentMethod > create',
		base: {
			resource: 'merchantPaymentMethod',
			operation: 'create',
			merchantId: 1001,
			code: 'CRA',
			commissionModel: 'F',
			commissionValue: 0.35,
			accountType: 2,
			accountNumber: '00123456789012345678',
		},
		fields: [
			['commissionModel', 'data.commissionModel', ['={{ "X" }}', '={{ "percent" }}']],
			['accountNumber', 'data.accountNumber', [long(20, '1')]],
			['code', 'data.code', [long(5, 'C')]],
			['settings.username', 'data.settings.username', [long(30, 'u')]],
			['settings.password', 'data.settings.password', [long(30, 'p')]],
			['settings.retailCode', 'data.settings.retailCode', [long(10, 'r')]],
			['settings.threeDSApiKey', 'data.settings.3DSApiKey', [long(380, 'k')]],
			['settings.threeDSVersion', 'data.settings.3DSVersion', ['={{ "v3" }}']],
			['additionalFields.creditRulesJson', 'data.creditRules.CRA.G.three', ['{"CRA":{"G":{"three":{"remove":true}}}}']],
			['additionalFields.creditRulesJson', 'additionalFields.creditRulesJson', ['{CRA', '[{']],
			['merchantId', 'data.customerId', ['={{ 0 }}', '={{ -2 }}']],
		],
	},
	{
		node: 'PaymentMethod',
		operation: 'merchantPaymentMethod > update',
		base: { resource: 'merchantPaymentMethod', operation: 'update', paymentMethodId: 501, updateFields: { commissionValue: 1 } },
		fields: [
			['updateFields.accountNumber', 'data.accountNumber', [long(20)]],
			['paymentMethodId', 'id', ['={{ 0 }}', '={{ "abc" }}']],
		],
	},
	{
		node: 'PaymentMethod',
		operation: 'merchantPaymentMethod > delete',
		base: { resource: 'merchantPaymentMethod', operation: 'delete', paymentMethodId: 505 },
		fields: [['paymentMethodId', 'id', ['={{ 0 }}', '={{ -5 }}', '={{ "abc" }}', '={{ "1.5" }}']]],
	},
	{
		node: 'PaymentMethod',
		operation: 'merchantPaymentMethod > getMany',
		base: { resource: 'merchantPaymentMethod', operation: 'getMany', merchantId: 1001, returnAll: true },
		fields: [
			['filters.name', 'name', ['ab', long(50, 'n')]],
			['filters.code', 'code', [long(5, 'C')]],
			['merchantId', 'customerId', ['={{ 0 }}', '={{ -1 }}']],
		],
	},
	{
		node: 'PaymentMethod',
		operation: 'sitePaymentMethod > addToSite',
		base: { resource: 'sitePaymentMethod', operation: 'addToSite', siteId: 2001, paymentMethodId: 502 },
		fields: [
			['additionalFields.minAmount', 'data.maxAmount', [5]],
			['additionalFields.maxAmount', 'data.minAmount', [5]],
			['additionalFields.accountType', 'data.accountNumber', [1]],
			['siteId', 'data.siteId', ['={{ 0 }}', '={{ -3 }}']],
		],
	},
	// Gateway
	{
		node: 'Gateway',
		operation: 'transaction > process',
		base: {
			resource: 'transaction',
			operation: 'process',
			cardNumber: CARD,
			expiration: '12/30',
			cvv: CVV,
			reference: 'ORDER-1',
			description: 'Shoes',
			currency: 'USD',
			total: 120.5,
			payer,
		},
		fields: [
			['cardNumber', 'instrument.card.number', ['4111-1111-1111-111x', '4111 abcd', '41111111111', `${CARD}0000`, EMPTY]],
			['expiration', 'instrument.card.expiration', ['1230', '13/30', '12/2030', '00/30', 'Dec 30']],
			['cvv', 'instrument.card.cvv', ['12', '12345', 'abc']],
			['reference', 'payment.reference', [long(32, 'R'), EMPTY]],
			['description', 'payment.description', [long(255, 'd')]],
			['currency', 'payment.amount.currency', CURRENCIES],
			['total', 'payment.amount.total', [...NEGATIVE, '={{ "ten" }}', '={{ [5] }}']],
			['payer.email', 'payer.email', EMAILS],
			['payer', 'payer', [{}]],
			['additionalFields.additionalJson', 'additional.onTest', ['{"onTest":true}']],
			['additionalFields.additionalJson', 'additional._accountNumber', ['{"_accountNumber":"1"}']],
			['additionalFields.idempotenceKey', 'idempotenceKey', [long(32, 'k')]],
			['additionalFields.notificationURL', 'notificationURL', URLS.slice(0, 4)],
			['additionalFields.ipAddress', 'ipAddress', [long(46, '1')]],
			['additionalFields.userAgent', 'userAgent', [long(255, 'u')]],
			['additionalFields.locale', 'locale', [long(5, 'e')]],
			['additionalFields.modifiers', 'additionalFields.modifiers.modifier.0.additional', ['[1]', '"x"'].map((additional) => ({ modifier: [{ type: 'T', code: '1', additional }] }))],
			['shipping', 'payment.shipping.email', EMAILS.map((value) => ({ email: value }))],
		],
	},
	{
		node: 'Gateway',
		operation: 'transaction > get',
		base: { resource: 'transaction', operation: 'get', internalReference: '500001' },
		fields: [['internalReference', 'internalReference', ['abc', '12a', '../1', '0', '-4', EMPTY]]],
	},
	{
		node: 'Gateway',
		operation: 'transaction > search',
		base: { resource: 'transaction', operation: 'search', reference: 'ORDER-1', currency: 'USD', total: 10 },
		fields: [
			['reference', 'reference', [EMPTY, MISSING]],
			['currency', 'amount.currency', CURRENCIES.slice(0, 4)],
		],
	},
	{
		node: 'Gateway',
		operation: 'card > getInformation',
		base: { resource: 'card', operation: 'getInformation', cardNumber: CARD },
		fields: [
			['cardNumber', 'instrument.card.number', ['4111-abcd', EMPTY, '1234']],
			['options.locale', 'locale', ['es_EC_X']],
			['expiration', 'instrument.card.expiration', ['2029-11', '11-29']],
		],
	},
	{
		node: 'Gateway',
		operation: 'card > calculateInterests',
		base: {
			resource: 'card',
			operation: 'calculateInterests',
			cardNumber: '5500000000000004',
			expiration: '11/29',
			creditCode: '1',
			installment: 6,
			reference: 'INT-1',
			currency: 'USD',
			total: 1000,
		},
		fields: [
			['installment', 'instrument.credit.installment', [0, -1, 1.5]],
			['creditCode', 'instrument.credit.code', [EMPTY]],
			['currency', 'payment.amount.currency', ['usd', 'EURO']],
			['reference', 'payment.reference', [EMPTY, long(32)]],
		],
	},
	{
		node: 'Gateway',
		operation: 'card > getBalance',
		base: { resource: 'card', operation: 'getBalance', cardNumber: '6011000000000004', expiration: '10/29' },
		fields: [
			['expiration', 'instrument.card.expiration', ['13/29', '1029']],
			['cardNumber', 'instrument.card.number', ['6011-0000', EMPTY]],
		],
	},
	{
		node: 'Gateway',
		operation: 'report > request',
		base: { resource: 'report', operation: 'request', startDate: '2025-01-01T00:00:00Z', endDate: '2025-01-10T00:00:00Z' },
		fields: [
			['endDate', 'filters.endDate', ['2024-12-01T00:00:00Z']],
			['startDate', 'filters.startDate', [EMPTY, 'yesterday', '01/01/2025']],
			['options.callbackUrl', 'callbackUrl', URLS.slice(0, 3)],
		],
	},
	{
		node: 'Gateway',
		operation: 'accountValidation > createSession',
		base: { resource: 'accountValidation', operation: 'createSession', email: 'ana@example.com', returnUrl: 'https://x.example.com' },
		fields: [
			['email', 'user', [EMPTY]],
			['email', 'user.email', EMAILS.slice(0, 4)],
			['returnUrl', 'returnUrl', [`https://x.example.com/${'a'.repeat(250)}`]],
			['options.locale', 'locale', ['es_CO_1']],
		],
	},
	{
		node: 'Gateway',
		operation: 'accountValidation > getSession',
		base: { resource: 'accountValidation', operation: 'getSession', requestId: '0f8fad5b-d9cb-469f-a165-70867728950e' },
		fields: [['requestId', 'requestId', ['session-1', '0F8FAD5B-D9CB-469F-A165-70867728950E', '0f8fad5b-d9cb-469f-a165-70867728950e0', '../x']]],
	},
	{
		node: 'Gateway',
		operation: 'accountValidation > validateToken',
		base: { resource: 'accountValidation', operation: 'validateToken', token: 'a-token' },
		fields: [['options', 'payment.amount.currency', [{ currency: 'usd', total: 1 }, { currency: 'DOLLARS', total: 1 }]]],
	},
	// Session
	{
		node: 'Session',
		operation: 'session > create',
		base: sessionCreateParameters(),
		fields: [
			['additionalFields.expiration', 'expiration', ['next week', '2020-01-01T00:00:00Z']],
			['reference', 'payment.reference', [long(32, 'R'), EMPTY, MISSING]],
			['description', 'payment.description', [long(255, 'd')]],
			['additionalFields.locale', 'locale', ['es', 'es-CO', 'es_COL']],
			['returnUrl', 'returnUrl', [...URLS.slice(0, 4), `https://e.com/${'a'.repeat(250)}`]],
			['additionalFields.cancelUrl', 'cancelUrl', URLS.slice(0, 3)],
			['ipAddress', 'ipAddress', [long(46, '1'), EMPTY]],
			['userAgent', 'userAgent', [long(255, 'u'), EMPTY]],
			['currency', 'payment.amount.currency', CURRENCIES],
			['buyer', 'buyer.email', EMAILS.map((value) => ({ email: value }))],
			['additionalFields.metadataJson', 'additionalFields.metadataJson', ['[1,2]', '"text"']],
			['additionalFields.taxes', 'payment.amount.taxes.0.kind', [{ tax: [{ kind: 'salesTax', amount: 1 }] }]],
			['additionalFields.recurring', 'payment.recurring.notificationUrl', [{ notificationUrl: 'nope' }]],
			['total', 'payment.amount.total', ['={{ -5 }}', '={{ -0.5 }}']],
		],
	},
	{
		node: 'Session',
		operation: 'session > get',
		base: { resource: 'session', operation: 'get', requestId: '10001' },
		fields: [['requestId', 'requestId', ['12/cancel', 'abc', '0', '-1', '1.5', EMPTY]]],
	},
	{
		node: 'Session',
		operation: 'session > cancel',
		base: { resource: 'session', operation: 'cancel', requestId: '10001' },
		fields: [['requestId', 'requestId', ['12/x', 'abc', '0', EMPTY]]],
	},
	{
		node: 'Session',
		operation: 'transaction > refund',
		base: { resource: 'transaction', operation: 'refund', internalReference: '500001', refundType: 'partial', currency: 'USD', total: 10 },
		fields: [
			['internalReference', 'internalReference', ['={{ 0 }}', '={{ -1 }}', 'abc', '12a', '={{ { id: 5 } }}', '={{ [500001] }}']],
			['total', 'amount.total', [0, -5, '={{ "all" }}']],
			['currency', 'amount.currency', ['usd', 'US', 'DOLLARS']],
		],
	},
	{
		node: 'Session',
		operation: 'transaction > reverse',
		base: { resource: 'transaction', operation: 'reverse', internalReference: '500001', sendAmount: true, currency: 'USD', total: 10 },
		fields: [
			['internalReference', 'internalReference', ['={{ 0 }}', 'abc']],
			['total', 'amount.total', [0, -1]],
			['currency', 'amount.currency', ['usd']],
		],
	},
	{
		node: 'Session',
		operation: 'transaction > checkout',
		base: { resource: 'transaction', operation: 'checkout', internalReference: '500001', sendAmount: true, currency: 'USD', total: 10 },
		fields: [
			['total', 'amount.total', [0]],
			['internalReference', 'internalReference', ['={{ 0 }}']],
		],
	},
	{
		node: 'Session',
		operation: 'transaction > reauthorize',
		base: { resource: 'transaction', operation: 'reauthorize', internalReference: '500001', sendAmount: true, currency: 'USD', total: 10 },
		fields: [
			['total', 'amount.total', [0]],
			['currency', 'amount.currency', ['eur']],
		],
	},
	{
		node: 'Session',
		operation: 'ticket > create',
		base: { resource: 'ticket', operation: 'create', internalReference: '5', tickets: { ticket: [{ ticket: 'T-1', issuedAt: '2030-01-15' }] } },
		fields: [
			['tickets', 'tickets', [{}]],
			['tickets', 'tickets.0.ticket', [{ ticket: [{ ticket: '', issuedAt: '2030-01-15' }] }]],
			['tickets', 'tickets.0.issuedAt', [{ ticket: [{ ticket: 'T', issuedAt: '15/01/2030' }] }, { ticket: [{ ticket: 'T', issuedAt: 'soon' }] }]],
			['internalReference', 'internalReference', ['={{ 0 }}', '={{ -1 }}']],
		],
	},
	{
		node: 'Session',
		operation: 'ticket > getMany',
		base: { resource: 'ticket', operation: 'getMany', internalReference: '5', returnAll: true },
		fields: [['internalReference', 'internalReference', ['={{ 0 }}', '={{ -3 }}']]],
	},
	// Payment Link
	{
		node: 'PaymentLink',
		operation: 'paymentLink > create',
		base: {
			resource: 'paymentLink',
			operation: 'create',
			name: 'Spring sale',
			reference: 'LINK-1',
			description: 'Concert ticket',
			currency: 'COP',
			total: 150000,
			expirationDate: `${nextYear}-03-01T10:15:00`,
			paymentExpiration: 30,
		},
		fields: [
			['expirationDate', 'expirationDate', ['2020-01-01T00:00:00', 'next month', EMPTY]],
			['reference', 'reference', [long(32, 'R')]],
			['description', 'description', [long(255, 'd'), EMPTY]],
			['name', 'name', [EMPTY]],
			['currency', 'payment.amount.currency', CURRENCIES.slice(0, 4)],
			['paymentExpiration', 'paymentExpiration', [0, -10, '={{ "soon" }}']],
			['additionalFields.paymentsAllowed', 'paymentsAllowed', [0, 1.5]],
			['additionalFields.receiverEmails', 'receiverEmails.1', EMAILS.slice(0, 4).map((value) => `ana@example.com, ${value}`)],
			['additionalFields.notificationUrl', 'notificationUrl', URLS.slice(0, 4)],
			[
				'additionalFields.modifiers',
				'additionalFields.modifiers.modifier.0.additional',
				[{ modifier: [{ type: 'T', code: '1', additional: '[{' }] }, { modifier: [{ type: 'T', code: '1', additional: '[1]' }] }],
			],
		],
	},
	{
		node: 'PaymentLink',
		operation: 'paymentLink > get',
		base: { resource: 'paymentLink', operation: 'get', linkId: '1' },
		fields: [['linkId', 'linkId', ['../session/1', 'abc', '={{ 0 }}', '={{ -1 }}']]],
	},
	{
		node: 'PaymentLink',
		operation: 'paymentLink > disable',
		base: { resource: 'paymentLink', operation: 'disable', linkId: '1' },
		fields: [['linkId', 'linkId', ['abc', '1/2', '={{ 0 }}']]],
	},
	// Merchant
	{
		node: 'Merchant',
		operation: 'merchant > create',
		base: { resource: 'merchant', operation: 'create', ...merchant },
		fields: [
			['name', 'name', [long(80, 'n'), EMPTY]],
			['brand', 'brand', [long(60, 'b'), EMPTY]],
			['additionalFields.url', 'url', [`https://acme.example.com/${'p'.repeat(240)}`, 'acme dot com', 'acme']],
			['languages', 'languages.2', ['es, EN, en']],
			['languages', 'languages', ['={{ " , " }}']],
			['currencies', 'currencies.1', ['usd, USD']],
			['currencies', 'currencies.0', ['US Dollar', 'US', 'DOLLARS']],
			['document', 'document', [{}]],
			['control', 'control', [{}]],
			['additionalFields.paymentMethods', 'paymentMethods.0.id', [{ paymentMethod: [{ id: '4', code: 'VISA' }] }]],
			['additionalFields.integrations', 'integrations.1.type', [{ integration: [{ type: 'crm' }, { type: 'crm' }] }]],
			['additionalFields.notificationUrl', 'notification.url', URLS.slice(0, 3)],
			['additionalFields.paymentMethods', 'paymentMethods.0.settings', ['[{', 'nope'].map((settings) => ({ paymentMethod: [{ code: 'VISA', settings }] }))],
			['options.idempotencyKey', 'options.idempotencyKey', ['too short', 'has spaces in it here', long(64, 'k')]],
		],
	},
	{
		node: 'Merchant',
		operation: 'merchant > update',
		base: { resource: 'merchant', operation: 'update', specifyBody: 'fields', merchantId: '1', updateFields: { brand: 'New brand' } },
		fields: [
			['merchantId', 'merchantId', ['abc', '1/x', '0']],
			['updateFields', '(input)', [{}]],
			['updateFields.brand', 'brand', [long(60, 'b')]],
		],
	},
	{
		node: 'Merchant',
		operation: 'merchant > get',
		base: { resource: 'merchant', operation: 'get', merchantId: '1' },
		fields: [['merchantId', 'merchantId', ['12a', 'abc', '../1', '-1']]],
	},
	{
		node: 'Merchant',
		operation: 'process > get',
		base: { resource: 'process', operation: 'get', processId: '0f8fad5b-d9cb-469f-a165-70867728950e' },
		fields: [['processId', 'processId', ['../merchants/1', EMPTY, 'a b']]],
	},
	{
		node: 'Merchant',
		operation: 'process > waitForCompletion',
		base: { resource: 'process', operation: 'waitForCompletion', processId: '0f8fad5b-d9cb-469f-a165-70867728950e', timeoutSeconds: 5 },
		fields: [['processId', 'processId', [EMPTY, '../x']]],
	},
	// Notification
	{
		node: 'Notification',
		operation: 'message > send',
		base: { resource: 'message', operation: 'send', message: 'Hi', channels: email },
		fields: [
			['channels', 'channels', [{}]],
			['message', 'message', [EMPTY]],
			['additionalFields.locale', 'locale', ['={{ "fr" }}', '={{ "de" }}']],
			['additionalFields.kind', 'kind', [long(50, 'k')]],
			['additionalFields.siteId', 'site_id', [0, -1, '={{ "main" }}']],
			['channels', 'channels.sms.short_message', [{ sms: { phoneNumber: '+1555', shortMessage: EMPTY } }]],
			['channels', 'channels.chat.template', [{ chat: { phoneNumber: '+1555', templateName: EMPTY } }]],
			['channels', 'channels.email.email', EMAILS.slice(0, 4).map((value) => ({ email: { email: value } }))],
		],
	},
];

// ---------------------------------------------------------------------------------------------------------

/** The base parameters with one value set at a dotted path. */
function withValue(base: IDataObject, path: string, value: unknown): IDataObject {
	const copy = JSON.parse(JSON.stringify(base)) as IDataObject;
	const keys = path.split('.');
	let target = copy;
	for (const key of keys.slice(0, -1)) {
		if (!target[key] || typeof target[key] !== 'object') target[key] = {};
		target = target[key] as IDataObject;
	}
	target[keys.at(-1)!] = value as never;
	return copy;
}

interface Case {
	label: string;
	node: NodeSpec;
	operation: string;
	field: string;
	parameters: IDataObject;
}

const CASES: Case[] = TABLE.flatMap((table) =>
	table.fields.flatMap(([path, field, values]) =>
		values.map((value) => ({
			label: `${table.node} ${table.operation}: ${path} = ${JSON.stringify(value).slice(0, 60)}`,
			node: NODES[table.node],
			operation: table.operation,
			field,
			parameters: withValue(table.base, path, value),
		})),
	),
);

interface Outcome {
	case: Case;
	error?: string;
	description?: string;
	requests: number;
	outputs: number;
}

const outcomes: Outcome[] = [];
const nodeTypes = packageNodeTypes();
/** Whether a refusal names its field as the panel shows it (the raw body path stays in the error's details). */
const namesItsField = (outcome: Outcome): boolean =>
	startsWithPanelName(outcome.error, panelNames(nodeTypes[outcome.case.node.type].description.properties)) && !outcome.error!.includes(`'${outcome.case.field}'`);

const secrets = new SecretScan();
let logs: LogCapture;

const credentials = (node: NodeSpec): TestCredentials => (node.credential === 'paySuiteApi' ? paySuiteApi(sandbox) : onboardingApi(sandbox));

beforeAll(async () => {
	logs = captureLogs();
	secrets.addSecret('secret key', sandbox.credentials.secretKey);
	secrets.addSecret('access token', sandbox.credentials.accessToken);
	secrets.addSecret('card number', CARD);
	secrets.addCvv(CVV);
	for (const entry of CASES) {
		sandbox.clearLedger();
		const result = await runWorkflow({
			nodes: [{ name: entry.node.name, type: entry.node.type, credentials: [entry.node.credential], continueOnFail: true, parameters: entry.parameters as never }],
			credentials: credentials(entry.node),
			executionId: 'reliability-bad-input',
		});
		const items = result.output(entry.node.name);
		const json = (items[0]?.json ?? {}) as { error?: string; description?: string };
		outcomes.push({ case: entry, error: json.error ?? result.error?.message, description: json.description, requests: apiCallsOf(sandbox).length, outputs: items.length });
		secrets.scanRun(entry.label, result.run);
	}
});

afterAll(() => {
	logs?.restore();
	const byNode = new Map<string, { cases: number; operations: Set<string> }>();
	for (const { case: entry } of outcomes) {
		const counts = byNode.get(entry.node.name) ?? { cases: 0, operations: new Set<string>() };
		counts.cases++;
		counts.operations.add(entry.operation);
		byNode.set(entry.node.name, counts);
	}
	writePart('3-bad-inputs', {
		part: 'Bad inputs',
		cases: outcomes.length,
		nodes: byNode.size,
		operations: new Set(outcomes.map((outcome) => `${outcome.case.node.name} ${outcome.case.operation}`)).size,
		byNode: Object.fromEntries([...byNode].map(([node, counts]) => [node, { cases: counts.cases, operations: counts.operations.size }])),
		refusedNamingTheField: outcomes.filter((outcome) => namesItsField(outcome) && /\(item 0[;)]/.test(outcome.error ?? '')).length,
		saidNothingWasSent: outcomes.filter((outcome) => outcome.description?.includes('Nothing was sent')).length,
		requestsSent: outcomes.reduce((sum, outcome) => sum + outcome.requests, 0),
		secrets: secrets.summary(logs?.lines.length ?? 0),
	});
});

describe(`${CASES.length} bad inputs across every action node`, () => {
	it('the table covers every action node, several operations each, with at least 200 cases', () => {
		expect(CASES.length).toBeGreaterThanOrEqual(200);
		expect(new Set(CASES.map((entry) => entry.node.type))).toEqual(new Set(Object.values(NODES).map((node) => node.type)));
		// Several operations per node; Notification has only one (Message > Send).
		const operations = Object.values(NODES).map((node) => [node.name, new Set(CASES.filter((entry) => entry.node === node).map((entry) => entry.operation)).size]);
		expect(operations.filter(([name, count]) => (count as number) < (name === 'Notification' ? 1 : 3))).toEqual([]);
	});

	it('each fails its one item with an error naming the field and the item, and saying nothing was sent', () => {
		const wrong = outcomes
			.filter(
				(outcome) =>
					outcome.outputs !== 1 ||
					!namesItsField(outcome) ||
					!/\(item 0[;)]/.test(outcome.error ?? '') ||
					!outcome.description?.includes('Nothing was sent'),
			)
			.map((outcome) => ({ case: outcome.case.label, expected: outcome.case.field, error: outcome.error, description: outcome.description?.slice(0, 120) }));
		expect(wrong).toEqual([]);
	});

	it('no request reached the platform', () => {
		expect(outcomes.filter((outcome) => outcome.requests > 0).map((outcome) => outcome.case.label)).toEqual([]);
	});

	it('no error echoes a secret (a card number, a CVV, the secret key, the access token), and n8n logged none', () => {
		secrets.scan('n8n log and console', logs.lines.join('\n'));
		expect(secrets.hits).toEqual([]);
	});
});
