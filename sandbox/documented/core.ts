/**
 * The answers core-administration-api.md shows: sites, payment methods, payment facilitators and tickets.
 * Written from the document, never from the sandbox's code. Objects whose fields the document does not show
 * (a site's `integrations`, `openLinks`...) are listed without anything inside: the sandbox leaves them empty.
 */
import { documented, sandboxChoice, signedAnswer, STATUS, type AnswerEntry } from './shapes';

const DOC = 'core-administration-api.md';

const PAGINATION = 'pagination.{total,perPage,currentPage,lastPage}';

/** A payment method's `settings` ("Merchant payment method", settings table). */
const SETTINGS = '{merchantCode,terminalNumber,MID,RUC,username,password,retailCode,terminalLocation,serviceCode,isEcommerce,3DSVersion,3DSApiKey,aggregatorModel}';

/** `creditRules`: keyed by payment method code, card group code and installment number, which are data. */
const CREDIT_RULES = 'creditRules.*';

/** Merchant payment method, read shape in search. */
const MERCHANT_PAYMENT_METHOD = `{id,customerId,code,name,commissionModel,commissionValue,accountNumber,accountType,franchise,financialEntity,order,disabled,settings.${SETTINGS},${CREDIT_RULES}}`;

/** "Site, read shape (response of /core/site/update)". */
const SITE_READ = [
	'{id,name,displayName,document,documentType,merchant,merchantBrand,email,supportEmail,allowedIP,allowPartial,allowMulticredit}',
	'{state,currency,country,locale,locales,expireOn,logoUrl,cssUrl,analyticsCode,notificationUrl,inlineJs,allowedCurrencies}',
	'{screeningVendor,md5Hash,onboardingToken,credentials[].{login,tranKey,expireOn},integrations,payerFields,allowWallet}',
	'{checkoutAttemptsLimit,timezone,transactionModifiers,compensationMethod,checkoutVersion,openLinks,promotions}',
	'services[].{code,priority,minPayment,maxPayment,accountNumber,accountType,bankName,bankCode,settings,promotions}',
	'branding.{logoUrl,buttonColor,sidebarColor}',
];

const created = (endpoint: string, section: string) => signedAnswer(endpoint, `${DOC}, ${section}`, documented(STATUS, 'id'));

export const CORE_ANSWERS: AnswerEntry[] = [
	signedAnswer('POST /core/site/create', `${DOC}, POST /core/site/create`, documented(STATUS, 'id', 'active', 'login', 'tranKey')),
	signedAnswer('POST /core/site/update', `${DOC}, POST /core/site/update`, documented(STATUS, ...SITE_READ)),
	signedAnswer(
		'POST /core/site/update-all',
		`${DOC}, POST /core/site/update-all`,
		documented(STATUS),
		sandboxChoice(
			'docs/sandbox/core.md',
			'The document says update-all returns "the site identifier and its state" but cuts the fields off',
			'id',
			'state',
		),
	),
	created('POST /core/site/payment-methods/create', 'POST /core/site/payment-methods/create'),
	created('POST /core/merchant/payment-methods/create', 'POST /core/merchant/payment-methods/create'),
	created('POST /core/merchant/payment-methods/update', 'POST /core/merchant/payment-methods/update'),
	created('POST /core/merchant/payment-methods/delete', 'POST /core/merchant/payment-methods/delete'),
	signedAnswer(
		'POST /core/merchant/payment-methods/search',
		`${DOC}, POST /core/merchant/payment-methods/search`,
		documented(STATUS, `data[].${MERCHANT_PAYMENT_METHOD}`, PAGINATION),
	),
	signedAnswer(
		'POST /core/tools/payment-facilitator/search',
		`${DOC}, POST /core/tools/payment-facilitator/search`,
		documented(STATUS, 'data[].{id,name,active,country,networkIdA,networkIdB}', PAGINATION),
	),
	signedAnswer('POST /ticket/search', `${DOC}, POST /ticket/search`, documented(STATUS, 'data[].{internalReference,ticket,issuedAt,createdAt,updatedAt}')),
	signedAnswer('POST /ticket/create', `${DOC}, POST /ticket/create`, documented(STATUS, 'count')),
];
