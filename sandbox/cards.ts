/**
 * Test cards (documented in docs/sandbox.md). Any other well-formed number that passes the Luhn check is approved.
 */
export interface TestCard {
	number: string;
	outcome: 'APPROVED' | 'REJECTED' | 'PENDING';
	reason: string;
	message: string;
	franchise: string;
	franchiseName: string;
	issuerName: string;
	cardType: 'C' | 'R' | 'A';
	/** Interest calculation offered (the spec: Ecuador only). */
	displayInterest?: boolean;
	requireBalance?: boolean;
	balance?: number;
	/** The information answers requireOtp true: a process must carry `instrument.otp` (sandbox choice of field). */
	requireOtp?: boolean;
	/** The information's threeDS (default optional); required: a process must carry `instrument.threeDS`. */
	threeDS?: 'optional' | 'required' | 'unsupported';
}

export const TEST_CARDS: TestCard[] = [
	{ number: '4111111111111111', outcome: 'APPROVED', reason: '00', message: 'Approved', franchise: 'CARD_A', franchiseName: 'Card network A', issuerName: 'Sandbox Bank', cardType: 'C' },
	{ number: '4000000000000002', outcome: 'REJECTED', reason: '05', message: 'Declined by the issuer', franchise: 'CARD_A', franchiseName: 'Card network A', issuerName: 'Sandbox Bank', cardType: 'C' },
	{ number: '4000000000000010', outcome: 'PENDING', reason: '?-', message: 'Pending review', franchise: 'CARD_A', franchiseName: 'Card network A', issuerName: 'Sandbox Bank', cardType: 'C' },
	{
		number: '5500000000000004',
		outcome: 'APPROVED',
		reason: '00',
		message: 'Approved',
		franchise: 'CARD_B',
		franchiseName: 'Card network B',
		issuerName: 'Coastal Credit Union',
		cardType: 'C',
		displayInterest: true,
	},
	{
		number: '6011000000000004',
		outcome: 'APPROVED',
		reason: '00',
		message: 'Approved',
		franchise: 'CARD_C',
		franchiseName: 'Card network C',
		issuerName: 'Sandbox Savings',
		cardType: 'R',
		requireBalance: true,
		balance: 1500,
	},
	{
		number: '4000000000000036',
		outcome: 'APPROVED',
		reason: '00',
		message: 'Approved',
		franchise: 'CARD_A',
		franchiseName: 'Card network A',
		issuerName: 'Sandbox Bank',
		cardType: 'C',
		requireOtp: true,
	},
	{
		number: '4000000000000028',
		outcome: 'APPROVED',
		reason: '00',
		message: 'Approved',
		franchise: 'CARD_A',
		franchiseName: 'Card network A',
		issuerName: 'Sandbox Bank',
		cardType: 'C',
		threeDS: 'required',
	},
];

export function luhnValid(number: string): boolean {
	if (!/^\d{12,19}$/.test(number)) return false;
	let sum = 0;
	for (let index = 0; index < number.length; index++) {
		let digit = Number(number[number.length - 1 - index]);
		if (index % 2 === 1) {
			digit *= 2;
			if (digit > 9) digit -= 9;
		}
		sum += digit;
	}
	return sum % 10 === 0;
}

/** The behaviour of a card number: a test card's, or approval for any other valid number; undefined when invalid. */
export function cardBehaviour(number: string): TestCard | undefined {
	const known = TEST_CARDS.find((card) => card.number === number);
	if (known) return known;
	if (!luhnValid(number)) return undefined;
	return { ...TEST_CARDS[0], number };
}
