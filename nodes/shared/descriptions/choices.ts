/**
 * The API documents' closed sets as dropdown options, for every node. Names come from the runtime's locale data;
 * the codes are fixed here, so a list never changes with the Node.js version. A dropdown still takes an expression.
 */
import type { INodePropertyOptions } from 'n8n-workflow';

/** The spec: "ISO 4217 alphabetic code". */
const CURRENCY_CODES =
	'AED AFN ALL AMD ANG AOA ARS AUD AWG AZN BAM BBD BDT BGN BHD BIF BMD BND BOB BRL BSD BTN BWP BYN BZD CAD CDF CHF CLP CNY COP CRC CUC CUP CVE CZK DJF DKK DOP DZD EGP ERN ETB EUR FJD FKP GBP GEL GHS GIP GMD GNF GTQ GYD HKD HNL HTG HUF IDR ILS INR IQD IRR ISK JMD JOD JPY KES KGS KHR KMF KPW KRW KWD KYD KZT LAK LBP LKR LRD LSL LYD MAD MDL MGA MKD MMK MNT MOP MRU MUR MVR MWK MXN MYR MZN NAD NGN NIO NOK NPR NZD OMR PAB PEN PGK PHP PKR PLN PYG QAR RON RSD RUB RWF SAR SBD SCR SDG SEK SGD SHP SLE SOS SRD SSP STN SVC SYP SZL THB TJS TMT TND TOP TRY TTD TWD TZS UAH UGX USD UYU UZS VES VND VUV WST XAF XCD XCG XOF XPF YER ZAR ZMW ZWG';

/** In the order of their English names, as the dropdown shows them. */
const COUNTRY_CODES =
	'AF AX AL DZ AS AD AO AI AQ AG AR AM AW AU AT AZ BS BH BD BB BY BE BZ BJ BM BT BO BA BW BV BR IO VG BN BG BF BI KH CM CA CV BQ KY CF TD CL CN CX CC CO KM CG CD CK CR CI HR CU CW CY CZ DK DJ DM DO EC EG SV GQ ER EE SZ ET FK FO FJ FI FR GF PF TF GA GM GE DE GH GI GR GL GD GP GU GT GG GN GW GY HT HM HN HK HU IS IN ID IR IQ IE IM IL IT JM JP JE JO KZ KE KI KW KG LA LV LB LS LR LY LI LT LU MO MG MW MY MV ML MT MH MQ MR MU YT MX FM MD MC MN ME MS MA MZ MM NA NR NP NL NC NZ NI NE NG NU NF KP MK MP NO OM PK PW PS PA PG PY PE PH PN PL PT PR QA RE RO RU RW WS SM ST SA SN RS SC SL SG SX SK SI SB SO ZA GS KR SS ES LK BL SH KN LC MF PM VC SD SR SJ SE CH SY TW TJ TZ TH TL TG TK TO TT TN TR TM TC TV UM VI UG UA AE GB US UY UZ VU VA VE VN WF EH YE ZM ZW';

/**
 * The platform's form (the spec's `^\w{2}_[A-Z]{2}`): its languages (es, en, pt, it) where they are spoken, in the
 * order of their English names.
 */
const LOCALE_CODES =
	'en_US pt_BR en_GB en_CA pt_PT es_ES it_IT es_MX es_AR es_CL es_CO es_CR es_EC es_SV es_GT es_HN es_PA es_PY es_PE es_PR es_UY';

/** Sorted by code: users know their code. */
export const currencyOptions: INodePropertyOptions[] = CURRENCY_CODES.split(' ').map((code) => ({
	name: `${code}: ${new Intl.DisplayNames(['en'], { type: 'currency', fallback: 'code' }).of(code) ?? code}`,
	value: code,
}));

export const countryOptions: INodePropertyOptions[] = COUNTRY_CODES.split(' ').map((code) => ({
	name: `${new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' }).of(code) ?? code} (${code})`,
	value: code,
}));

export const localeOptions: INodePropertyOptions[] = LOCALE_CODES.split(' ').map((code) => ({
	name: `${new Intl.DisplayNames(['en'], { type: 'language', fallback: 'code' }).of(code.replace('_', '-')) ?? code}: ${code}`,
	value: code,
}));

/** Exactly es, en, pt or it. */
export const notificationLocaleOptions: INodePropertyOptions[] = ['en', 'es', 'it', 'pt'].map((code) => ({
	name: new Intl.DisplayNames(['en'], { type: 'language', fallback: 'code' }).of(code) ?? code,
	value: code,
}));

export const transactionStatusOptions: INodePropertyOptions[] = ['APPROVED', 'REJECTED', 'FAILED', 'PENDING'].map((value) => ({
	name: value.charAt(0) + value.slice(1).toLowerCase(),
	value,
}));

export const transactionTypeOptions: INodePropertyOptions[] = [
	['AUTH_CAPTURE', 'Authorization and Capture'],
	['AUTH_ONLY', 'Authorization Only'],
	['CAPTURE_ONLY', 'Capture Only'],
	['CHARGEBACK', 'Chargeback'],
	['CHECKIN', 'Check-In'],
	['CHECKOUT', 'Checkout'],
	['CREDIT', 'Credit'],
	['DISPUTE', 'Dispute'],
	['DISPUTE_LOSS', 'Dispute Lost'],
	['DISPUTE_WIN', 'Dispute Won'],
	['PRE_AUTH', 'Pre-Authorization'],
	['RE_AUTH', 'Reauthorization'],
	['REFUND', 'Refund'],
	['SETTLE', 'Settlement'],
	['VOID', 'Void'],
].map(([value, name]) => ({ name, value }));

export const TRANSACTION_TYPES_HINT =
	'Only transactions of these types. A card payment (through the gateway, a checkout page or a payment link) is Authorization Only; a refund is Refund, with its payment\'s reference; a pre-authorization is Check-In, collected by Checkout. Leave empty for every type: each transaction then says its type and its kind (payment, refund, reversal...).';

export const TRANSACTION_STATUSES_HINT =
	'Only transactions in these statuses. Approved alone is not money taken: a refund is an approved transaction too (tell them apart by Transaction Types, or by each row\'s kind).';

/** The documents leave the set open, so this is the common set of the platform's countries; others go in as an expression. */
export const documentTypeOptions: INodePropertyOptions[] = [
	['CC', 'Citizenship Card (CC)'],
	['CNPJ', 'Company Taxpayer (CNPJ)'],
	['LIC', "Driver's License (LIC)"],
	['CE', 'Foreigner ID (CE)'],
	['CI', 'Identity Card (CI)'],
	['TI', 'Identity Card (TI)'],
	['CPF', 'Individual Taxpayer (CPF)'],
	['DNI', 'National ID (DNI)'],
	['PPN', 'Passport (PPN)'],
	['SSN', 'Social Security Number (SSN)'],
	['NIT', 'Tax ID (NIT)'],
	['TAX', 'Tax Number (TAX)'],
	['RUT', 'Tax Registry (RUT)'],
	['RUC', 'Taxpayer Registry (RUC)'],
].map(([value, name]) => ({ name, value }));
