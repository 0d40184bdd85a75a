/**
 * The answers merchant-onboarding-api.md shows (`{base_url}`, bearer token), and the merchant update as
 * DESIGN.md's facts record it (PUT). Written from the document, never from the sandbox's code.
 */
import { documented, fact, sandboxChoice, STATUS, type AnswerEntry, type Fields } from './shapes';

const DOC = 'merchant-onboarding-api.md';

/** "The HTTP code tells whether the call worked": a 422 names body paths in `errors`; every answer has a status. */
const REFUSAL: AnswerEntry['refusal'] = { 422: [documented(STATUS, 'errors.*')], other: [documented(STATUS)] };

/** The delivery status object of a process's notification: its fields are not shown. */
const NOTIFICATION_CHOICE = sandboxChoice(
	'docs/sandbox/onboarding.md',
	'The document does not show the fields of the notification delivery status: the sandbox answers its URL, state, attempts and outcome',
	'notification.{url,status,attempts,httpStatus,deliveredAt}',
);

/** "Process": `result` is extensible (unknown keys must be ignored); `errors` is keyed by the body paths sent. */
const PROCESS: Fields[] = [documented(STATUS, 'processId', 'action', 'result.*', 'errors.*', 'notification'), NOTIFICATION_CHOICE];

/** SiteRead's setting groups. */
const SITE_GROUPS = [
	'integration.{allowPartial,allowWallet,allowConfirmationFlow,checkoutAttemptsLimit,connectionMethod,checkoutVersion,notificationUrl,analyticsCode,sourceRestriction,returnAdditional,payerFieldsType}',
	'control.{minAmount,maxAmount,allowedDays,allowedHours,delegatedAuthorization,filterMethodA,filterMethodB,filterMethodC,prechargeFilter,allowedBankCountries,filterByBin,exceptionBinsList}',
	'threeDS.{setting,minAmount}',
	'historic.{lowerScore,rejectionScore,behaviour}',
	'creditBureau.{behaviour,minAmount,paymentGroups,onCalibration,behaviours.{onFailed,onNoMatch,onMatch}}',
	'riskEngine.{behaviour,minAmount,approvalScore,rejectionScore,onCalibration,paymentGroups,behaviours.{onFailed,onLowRisk,onMediumRisk,onHighRisk}}',
	'securityFilters.{filterLockedByTries,allowedIssuerCountries,forceIPMatch,excludeIPCountry,onlyWhitelisted,allowedIPCountries,allowedCardsDay,allowedCardsByIP,allowedCardsMonth,allowedCardsYear,dayMax,dayMaxAmount,monthMax,monthMaxAmount}',
	'operation.{disableTax,calculateTax,taxPercentage,patternReference,mailCustomer,mailMerchant}',
	'subscriptionValidation.{enable,amount}',
	'branding.{buttonColor,sidebarColor,logoUrl}',
	'promotions[].{code,description,type,startDate,endDate,condition,discountBase,discountVariable,maxDiscount,franchise}',
	'metadata.*',
	'paymentMethods[].{id,siteId,customerPaymentId,code,name,order,commissionModel,commissionValue,minAmount,maxAmount,accountNumber,accountType,franchise,financialEntity,disabled,settings.*,creditRules.*}',
	'integrations[].{id,siteId,type,settings.*}',
];

/**
 * "Merchant read shape". Settings of payment methods and integrations are free-form (provider credentials,
 * a notifier's settings...); `sites[].languages` is named by the read rules ("sites[].languages is upper case").
 */
const MERCHANT_READ = [
	STATUS,
	'{id,name,brand,mcc,active,timezone,size,incrementType,languages,currencies,url}',
	'document.{type,number}',
	'address.{street,city,state,country,phone,postalCode}',
	'legalRepresentative.{name,surname,document,documentType}',
	'billing.{contact,mail,registrationNumber,taxType,taxRegime,organizationType,ciiu}',
	'travelAgency.{dispersion,iata}',
	'control.{seller,reseller,paymentFacilitator}',
	'paymentMethods[].{id,customerId,code,name,commissionModel,commissionValue,accountNumber,accountType,franchise,financialEntity,order,disabled,creditRules.*,settings.*}',
	'integrations[].{id,customerId,type,settings.*}',
	'sites[].{id,login,tranKey,md5Hash,customerId,name,displayName,type,category,email,customBatch,language,languages,currency,onTest,productionDate,active,createdAt,expiration}',
	...SITE_GROUPS.map((group) => `sites[].${group}`),
];

const onboarding = (endpoint: string, document: string, ...success: Fields[]): AnswerEntry => ({ endpoint, document, success, refusal: REFUSAL });

export const ONBOARDING_ANSWERS: AnswerEntry[] = [
	onboarding('POST /api/merchants', `${DOC}, POST /api/merchants`, ...PROCESS),
	// DESIGN.md facts: the update as the platform publishes it; the document only says "described as a PATCH".
	onboarding('PUT /api/merchants/:merchantId', 'DESIGN.md facts: merchant update (PUT)', fact(STATUS, 'processId', 'action', 'result.*', 'errors.*', 'notification'), NOTIFICATION_CHOICE),
	onboarding('PATCH /api/merchants/:merchantId', `${DOC}, Update a merchant`, ...PROCESS),
	onboarding('GET /api/merchants/:merchantId', `${DOC}, GET /api/merchants/{merchantId}`, documented(...MERCHANT_READ)),
	onboarding('GET /api/processes/:processId', `${DOC}, GET /api/processes/{processId}`, ...PROCESS),
	onboarding('GET /api/user', `${DOC}, GET /api/user`, documented(STATUS, 'id', 'username', 'environment', 'active')),
	onboarding('POST /api/notifications', `${DOC}, POST /api/notifications`, documented(STATUS)),
];
