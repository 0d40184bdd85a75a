/**
 * ISO 4217 minor units: the decimals an amount of each currency may have. The spec writes an amount's currency
 * as an ISO 4217 alphabetic code; the standard fixes its decimals, so the sandbox refuses 10.555 USD or 1.5 JPY
 * as the platform's payment processors would. Kept apart from the nodes' own table on purpose.
 */
const BY_DECIMALS: Record<number, string> = {
	0: 'BIF CLP DJF GNF ISK JPY KMF KRW PYG RWF UGX UYI VND VUV XAF XOF XPF',
	2:
		'AED AFN ALL AMD ANG AOA ARS AUD AWG AZN BAM BBD BDT BGN BMD BND BOB BOV BRL BSD BTN BWP BYN BZD CAD CDF CHE CHF ' +
		'CHW CNY COP COU CRC CUC CUP CVE CZK DKK DOP DZD EGP ERN ETB EUR FJD FKP GBP GEL GHS GIP GMD GTQ GYD HKD HNL HTG ' +
		'HUF IDR ILS INR IRR JMD KES KGS KHR KPW KYD KZT LAK LBP LKR LRD LSL MAD MDL MGA MKD MMK MNT MOP MRU MUR MVR MWK ' +
		'MXN MXV MYR MZN NAD NGN NIO NOK NPR NZD PAB PEN PGK PHP PKR PLN QAR RON RSD RUB SAR SBD SCR SDG SEK SGD SHP SLE ' +
		'SLL SOS SRD SSP STN SVC SYP SZL THB TJS TMT TOP TRY TTD TWD TZS UAH USD USN UYU UZS VED VES WST XCD XCG YER ZAR ' +
		'ZMW ZWG ZWL',
	3: 'BHD IQD JOD KWD LYD OMR TND',
	4: 'CLF UYW',
};

const MINOR_UNITS = new Map(Object.entries(BY_DECIMALS).flatMap(([decimals, codes]) => codes.split(' ').map((code) => [code, Number(decimals)] as const)));

/** Decimals of the currency; undefined when the code is not an ISO 4217 currency. */
export const minorUnits = (code: string): number | undefined => MINOR_UNITS.get(code);

/** Decimals of a number as JSON writes it: 10.555 → 3, 1e-7 → 7. */
export function decimals(value: number): number {
	const [mantissa, exponent = '0'] = String(Math.abs(value)).split('e');
	return Math.max(0, (mantissa.split('.')[1]?.length ?? 0) - Number(exponent));
}
