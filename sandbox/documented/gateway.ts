/**
 * The answers payment-processing-api.md shows for the gateway (`{gateway_url}`): card information, interests,
 * balance, process, query, search, reports and account validation. Written from the document, never from the
 * sandbox's code.
 */
import { AMOUNT, CONVERSION, DISPERSION_ITEM, documented, fact, sandboxChoice, SIGNED_REFUSAL, signedAnswer, STATUS, type AnswerEntry } from './shapes';

const DOC = 'payment-processing-api.md, Gateway';

/**
 * "Gateway transaction (response of process and query)". `processorFields` is an object map and `additional` an
 * object of key/value data: free-form. The internals of `discount`, `preAuthorization` and `redirection` are not
 * shown: listed without anything inside.
 */
export const GATEWAY_TRANSACTION =
	`{${STATUS},date,transactionDate,internalReference,reference,paymentMethod,franchise,franchiseName,issuerName,` +
	`amount.${AMOUNT},conversion.${CONVERSION},authorization,receipt,type,refunded,lastDigits,provider,discount,` +
	`processorFields.*,additional.*,preAuthorization,dispersion[].${DISPERSION_ITEM},redirection,notificationURL}`;

/**
 * The report's header columns, in order; `type` only when the type filter was used (POST /gateway/report/obtain).
 * Written again from the document, not imported from the report route: each copy catches the other's mistake.
 */
export const REPORT_COLUMNS = [
	'id',
	'date',
	'transaction_date',
	'reference',
	'currency_code',
	'amount',
	'tax',
	'payment_method',
	'internal_reference',
	'status',
	'reason',
	'merchant',
	'terminal',
	'authorization',
	'refunded',
	'installments',
	'last_digits',
	'bank_currency',
	'bank_factor',
	'bank_amount',
	'issuer_name',
	'payer_document',
	'payer_first_name',
	'payer_last_name',
	'payer_email',
	'ip_address',
	'batch_number',
	'line_number',
] as const;

/** POST /gateway/information: both spellings of requireOtp/requireCvv2 appear (field table and sample). */
const INFORMATION = [
	'{provider,serviceCode,cardTypes,cardType,displayInterest,requireOtp,requireCvv2,requiereOtp,requiereCvv2,threeDS}',
	'credits[].{description,code,groupCode,type,installments}',
	'{requirePockets,pockets,requireAvs,zipCodeFormat,accountVerification,requirePin,requireRedirection,bankList}',
	'{requireBalance,hasForwarding,availablePaymentMethods}',
];

const TOKEN = 'token.{token,subtoken,franchise,franchiseName,issuerName,lastDigits,validUntil}';

export const GATEWAY_ANSWERS: AnswerEntry[] = [
	signedAnswer('POST /gateway/information', `${DOC}, POST /gateway/information`, documented(STATUS, ...INFORMATION)),
	signedAnswer(
		'POST /gateway/interests',
		`${DOC}, POST /gateway/interests`,
		documented(STATUS, 'provider', 'values.{original,installment,interest,total}', `conversion.${CONVERSION}`),
	),
	signedAnswer('POST /gateway/balance', `${DOC}, POST /gateway/balance`, documented(STATUS, 'total')),
	signedAnswer('POST /gateway/process', `${DOC}, POST /gateway/process`, documented(GATEWAY_TRANSACTION)),
	signedAnswer('POST /gateway/query', `${DOC}, POST /gateway/query`, documented(GATEWAY_TRANSACTION)),
	signedAnswer(
		'POST /gateway/search',
		`${DOC}, POST /gateway/search`,
		documented(STATUS),
		sandboxChoice(
			'docs/sandbox/gateway.md',
			'The document does not show the fields of the search answer: the sandbox lists what it found as gateway transactions',
			`transactions[].${GATEWAY_TRANSACTION}`,
		),
	),
	signedAnswer('POST /gateway/report', `${DOC}, POST /gateway/report`, documented(STATUS, 'id')),
	{
		endpoint: 'POST /gateway/report/obtain',
		document: `${DOC}, POST /gateway/report/obtain; DESIGN.md facts (425 until ready)`,
		success: [],
		tsv: { columns: REPORT_COLUMNS, optionalLast: ['type'] },
		// "answers HTTP 425 with a status until the report is ready".
		refusal: { ...SIGNED_REFUSAL, 425: [fact(STATUS)] },
	},
	signedAnswer(
		'POST /gateway/account-validator/session',
		`${DOC}, POST /gateway/account-validator/session`,
		documented(STATUS, 'data.{requestId,redirectUrl,expiresAt}'),
	),
	signedAnswer(
		'POST /gateway/account-validator/query',
		`${DOC}, POST /gateway/account-validator/query`,
		documented(STATUS, `data.{requestId,isAuthenticated,${TOKEN}}`),
	),
	signedAnswer('POST /gateway/account-validator/validate', `${DOC}, POST /gateway/account-validator/validate`, documented(STATUS)),
];
