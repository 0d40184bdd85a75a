import {
	merchantPaymentMethodCreateSchema,
	merchantPaymentMethodSearchSchema,
	merchantPaymentMethodUpdateSchema,
	sitePaymentMethodCreateSchema,
} from './schemas';

const paths = (result: { success: boolean; error?: { issues: Array<{ path: Array<string | number> }> } }) =>
	result.success ? [] : result.error!.issues.map((issue) => issue.path.join('.'));

const method = { customerId: 1, code: 'CRA', commissionModel: 'P', commissionValue: 1, accountType: 1, accountNumber: '123' };

describe('payment method schemas', () => {
	it('applies the spec bounds of the merchant payment method and its settings', () => {
		expect(merchantPaymentMethodCreateSchema.safeParse({ data: method }).success).toBe(true);
		expect(paths(merchantPaymentMethodCreateSchema.safeParse({ data: { ...method, commissionModel: 'X' } }))).toEqual(['data.commissionModel']);
		expect(paths(merchantPaymentMethodCreateSchema.safeParse({ data: { ...method, accountNumber: '1'.repeat(21) } }))).toEqual(['data.accountNumber']);
		expect(paths(merchantPaymentMethodCreateSchema.safeParse({ data: { ...method, code: 'ABCDEF' } }))).toEqual(['data.code']);
		const settings = { username: 'u'.repeat(31), password: 'p'.repeat(31), retailCode: 'r'.repeat(11), '3DSApiKey': 'k'.repeat(381), '3DSVersion': 'v3', colour: 1 };
		expect(paths(merchantPaymentMethodCreateSchema.safeParse({ data: { ...method, settings } })).sort()).toEqual(
			['3DSApiKey', '3DSVersion', 'colour', 'password', 'retailCode', 'username'].map((key) => `data.settings.${key}`),
		);
	});

	it('checks the credit rules structure and accepts null only on update', () => {
		const rules = { CRA: { DEFAULT: { '3': { minimum: 100, maximum: '5000.00' }, '6': { remove: true } } } };
		const parsed = merchantPaymentMethodCreateSchema.safeParse({ data: { ...method, creditRules: rules } });
		expect(parsed.success).toBe(true);
		expect(parsed.data?.data.creditRules?.CRA.DEFAULT['3'].minimum).toBe('100');
		expect(paths(merchantPaymentMethodCreateSchema.safeParse({ data: { ...method, creditRules: { CRA: { G: { three: {} } } } } }))).toEqual([
			'data.creditRules.CRA.G.three',
		]);
		expect(paths(merchantPaymentMethodCreateSchema.safeParse({ data: { ...method, creditRules: null } }))).toEqual(['data.creditRules']);
		expect(merchantPaymentMethodUpdateSchema.safeParse({ id: 1, data: { creditRules: null } }).success).toBe(true);
		expect(paths(merchantPaymentMethodUpdateSchema.safeParse({ id: 1, data: {} }))).toEqual(['data']);
	});

	it('applies the search filter bounds', () => {
		expect(paths(merchantPaymentMethodSearchSchema.safeParse({ customerId: 1, name: 'ab' }))).toEqual(['name']);
		expect(paths(merchantPaymentMethodSearchSchema.safeParse({ customerId: 1, name: 'n'.repeat(51) }))).toEqual(['name']);
		expect(paths(merchantPaymentMethodSearchSchema.safeParse({ customerId: 1, code: 'TOOLONG' }))).toEqual(['code']);
		expect(paths(merchantPaymentMethodSearchSchema.safeParse({}))).toEqual(['customerId']);
	});

	it('requires the pairs of a site payment method together', () => {
		const base = { siteId: 1, customerPaymentId: 2 };
		expect(sitePaymentMethodCreateSchema.safeParse({ data: { ...base, minAmount: 1, maxAmount: 2, accountType: 1, accountNumber: '9' } }).success).toBe(true);
		expect(paths(sitePaymentMethodCreateSchema.safeParse({ data: { ...base, minAmount: 1 } }))).toEqual(['data.maxAmount']);
		expect(paths(sitePaymentMethodCreateSchema.safeParse({ data: { ...base, maxAmount: 1 } }))).toEqual(['data.minAmount']);
		expect(paths(sitePaymentMethodCreateSchema.safeParse({ data: { ...base, accountType: 1 } }))).toEqual(['data.accountNumber']);
		expect(paths(sitePaymentMethodCreateSchema.safeParse({ data: { ...base, accountNumber: '1' } }))).toEqual(['data.accountType']);
	});
});
