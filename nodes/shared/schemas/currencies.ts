/**
 * ISO 4217 minor units, and the largest amount a node sends: an amount with more decimals than its currency has
 * (10.555 USD) or absurdly large (1e20) is a typing mistake that must not reach a payment platform. Pure.
 */

/** ISO 4217 active codes whose minor unit is not 2 (list of 2024). */
const NOT_TWO: Record<string, number> = {
	// No decimals.
	BIF: 0,
	CLP: 0,
	DJF: 0,
	GNF: 0,
	ISK: 0,
	JPY: 0,
	KMF: 0,
	KRW: 0,
	PYG: 0,
	RWF: 0,
	UGX: 0,
	UYI: 0,
	VND: 0,
	VUV: 0,
	XAF: 0,
	XOF: 0,
	XPF: 0,
	// Three decimals.
	BHD: 3,
	IQD: 3,
	JOD: 3,
	KWD: 3,
	LYD: 3,
	OMR: 3,
	TND: 3,
	// Four decimals (units of account: Chilean UF, Uruguayan unidad previsional).
	CLF: 4,
	UYW: 4,
};

/** Precious metals, SDR and test codes (no decimals at all) left out. */
const TWO = (
	'AED AFN ALL AMD ANG AOA ARS AUD AWG AZN BAM BBD BDT BGN BMD BND BOB BOV BRL BSD BTN BWP BYN BZD CAD CDF CHE CHF ' +
	'CHW CNY COP COU CRC CUC CUP CVE CZK DKK DOP DZD EGP ERN ETB EUR FJD FKP GBP GEL GHS GIP GMD GTQ GYD HKD HNL HTG ' +
	'HUF IDR ILS INR IRR JMD KES KGS KHR KPW KYD KZT LAK LBP LKR LRD LSL MAD MDL MGA MKD MMK MNT MOP MRU MUR MVR MWK ' +
	'MXN MXV MYR MZN NAD NGN NIO NOK NPR NZD PAB PEN PGK PHP PKR PLN QAR RON RSD RUB SAR SBD SCR SDG SEK SGD SHP SLE ' +
	'SLL SOS SRD SSP STN SVC SYP SZL THB TJS TMT TOP TRY TTD TWD TZS UAH USD USN UYU UZS VED VES WST XCD XCG YER ZAR ' +
	'ZMW ZWG ZWL'
).split(' ');

const MINOR_UNITS: Record<string, number> = { ...Object.fromEntries(TWO.map((code) => [code, 2])), ...NOT_TWO };

/** Undefined for a code that is not an ISO 4217 currency. */
export function minorUnitsOf(currency: string): number | undefined {
	return MINOR_UNITS[currency];
}

/**
 * A trillion, in major units. The spec states no maximum; below this every amount of up to 3 decimals is exact as a
 * JS number (10^15 minor units < 2^53), so what is checked is what is sent.
 */
export const MAX_AMOUNT = 1e12;

/** In the shortest form: 10.555 → 3, 1e-7 → 7, 1e21 → 0. */
export function decimalsOf(value: number): number {
	const [mantissa, exponent = '0'] = String(Math.abs(value)).split('e');
	const fraction = mantissa.split('.')[1]?.length ?? 0;
	return Math.max(0, fraction - Number(exponent));
}

/** Said after the field's name; undefined when it can be sent. */
export function amountProblem(value: number, currency: string): string | undefined {
	if (!Number.isFinite(value)) return 'must be a number';
	if (Math.abs(value) > MAX_AMOUNT) {
		return `is above the maximum of 1000000000000 (10^12) ${currency}; check it for a typing mistake`;
	}
	const allowed = minorUnitsOf(currency);
	if (allowed === undefined) return undefined;
	const decimals = decimalsOf(value);
	if (decimals <= allowed) return undefined;
	const has = `has ${decimals} ${decimals === 1 ? 'decimal' : 'decimals'}`;
	if (allowed === 0) return `${has}; ${currency} takes none: round it to a whole amount`;
	return `${has}; ${currency} takes at most ${allowed}: round it to ${allowed} decimals`;
}
