/**
 * The closed sets of the API documents as dropdown options, in one place for every node: currencies (ISO 4217),
 * countries (ISO 3166-1), languages, report filters. Names come from the runtime's own locale data (the codes
 * are fixed here, so a list never changes with the Node.js version). A dropdown still takes an expression.
 */
import type { INodePropertyOptions } from 'n8n-workflow';

/** ISO 4217 codes in use (the spec: "ISO 4217 alphabetic code"). */
const CURRENCY_CODES =
	'AED AFN ALL AMD ANG AOA ARS AUD AWG AZN BAM BBD BDT BGN BHD BIF BMD BND BOB BRL BSD BTN BWP BYN BZD CAD CDF CHF CLP CNY COP CRC CUC CUP CVE CZK DJF DKK DOP DZD EGP ERN ETB EUR FJD FKP GBP GEL GHS GIP GMD GNF GTQ GYD HKD HNL HTG HUF IDR ILS INR IQD IRR ISK JMD JOD JPY KES KGS KHR KMF KPW KRW KWD KYD KZT LAK LBP LKR LRD LSL LYD MAD MDL MGA MKD MMK MNT MOP MRU MUR MVR MWK MXN MYR MZN NAD NGN NIO NOK NPR NZD OMR PAB PEN PGK PHP PKR PLN PYG QAR RON RSD RUB RWF SAR SBD SCR SDG SEK SGD SHP SLE SOS SRD SSP STN SVC SYP SZL THB TJS TMT TND TOP TRY TTD TWD TZS UAH UGX USD UYU UZS VES VND VUV WST XAF XCD XCG XOF XPF YER ZAR ZMW ZWG';

/** ISO 3166-1 alpha-2 codes. */
const COUNTRY_CODES =
	'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW';

/**
 * Languages of answers, pages and e-mails in the platform's form (two-letter language, underscore, two-letter
 * country; the spec's pattern `^\w{2}_[A-Z]{2}`): the platform's languages (es, en, pt, it) where they are spoken.
 */
const LOCALE_CODES =
	'en_US en_GB en_CA es_AR es_CL es_CO es_CR es_EC es_ES es_GT es_HN es_MX es_PA es_PE es_PR es_PY es_SV es_UY it_IT pt_BR pt_PT';

const named = (codes: string, type: 'currency' | 'region', label: (code: string, name: string) => string): INodePropertyOptions[] => {
	const names = new Intl.DisplayNames(['en'], { type, fallback: 'code' });
	return codes
		.split(' ')
		.map((code) => ({ name: label(code, names.of(code) ?? code), value: code }))
		.sort((a, b) => a.name.localeCompare(b.name));
};

/** "COP: Colombian Peso", sorted by code (users know their code). */
export const currencyOptions: INodePropertyOptions[] = CURRENCY_CODES.split(' ').map((code) => ({
	name: `${code}: ${new Intl.DisplayNames(['en'], { type: 'currency', fallback: 'code' }).of(code) ?? code}`,
	value: code,
}));

/** "Colombia (CO)", sorted by name. */
export const countryOptions: INodePropertyOptions[] = named(COUNTRY_CODES, 'region', (code, name) => `${name} (${code})`);

/** "Spanish (Colombia): es_CO", sorted by name. */
export const localeOptions: INodePropertyOptions[] = LOCALE_CODES.split(' ')
	.map((code) => ({
		name: `${new Intl.DisplayNames(['en'], { type: 'language', fallback: 'code' }).of(code.replace('_', '-')) ?? code}: ${code}`,
		value: code,
	}))
	.sort((a, b) => a.name.localeCompare(b.name));

/** The two-letter languages of the onboarding notifications (exactly es, en, pt or it). */
export const notificationLocaleOptions: INodePropertyOptions[] = ['en', 'es', 'it', 'pt'].map((code) => ({
	name: new Intl.DisplayNames(['en'], { type: 'language', fallback: 'code' }).of(code) ?? code,
	value: code,
}));

/** Transaction states a report can be filtered by. */
export const transactionStateOptions: INodePropertyOptions[] = ['APPROVED', 'REJECTED', 'FAILED', 'PENDING'].map((value) => ({
	name: value.charAt(0) + value.slice(1).toLowerCase(),
	value,
}));

/** Transaction types a report can be filtered by, in words. */
export const transactionTypeOptions: INodePropertyOptions[] = [
	['AUTH_ONLY', 'Authorization Only'],
	['CAPTURE_ONLY', 'Capture Only'],
	['CREDIT', 'Credit'],
	['REFUND', 'Refund'],
	['SETTLE', 'Settlement'],
	['AUTH_CAPTURE', 'Authorization and Capture'],
	['VOID', 'Void'],
	['DISPUTE', 'Dispute'],
	['CHARGEBACK', 'Chargeback'],
	['DISPUTE_LOSS', 'Dispute Lost'],
	['DISPUTE_WIN', 'Dispute Won'],
	['PRE_AUTH', 'Pre-Authorization'],
	['CHECKIN', 'Check-In'],
	['CHECKOUT', 'Checkout'],
	['RE_AUTH', 'Reauthorization'],
]
	.map(([value, name]) => ({ name, value }))
	.sort((a, b) => a.name.localeCompare(b.name));

/**
 * Identity document types. The API documents leave the set open (any text), so this is the common set of the
 * platform's countries, and any other code still goes in as an expression.
 */
export const documentTypeOptions: INodePropertyOptions[] = [
	['CC', 'Citizenship Card (CC)'],
	['CE', 'Foreigner ID (CE)'],
	['TI', 'Identity Card (TI)'],
	['NIT', 'Tax ID (NIT)'],
	['RUT', 'Tax Registry (RUT)'],
	['PPN', 'Passport (PPN)'],
	['DNI', 'National ID (DNI)'],
	['RUC', 'Taxpayer Registry (RUC)'],
	['CI', 'Identity Card (CI)'],
	['CPF', 'Individual Taxpayer (CPF)'],
	['CNPJ', 'Company Taxpayer (CNPJ)'],
	['SSN', 'Social Security Number (SSN)'],
	['LIC', "Driver's License (LIC)"],
	['TAX', 'Tax Number (TAX)'],
]
	.map(([value, name]) => ({ name, value }))
	.sort((a, b) => a.name.localeCompare(b.name));
