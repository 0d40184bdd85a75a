import { describeProcessFailure, processIdSchema, processOutput, processSucceeded } from './onboardingProcess';

const failed = {
	status: { status: 'FAILED', reason: 'VALIDATION', message: 'The process failed', date: '2025-01-01T00:00:00+00:00' },
	processId: 'abc-1',
	action: 'merchant.create',
	result: null,
	errors: { mcc: ['is not in the catalog'], 'currencies.1': ['is not in the catalog', 'other'] },
};

describe('processSucceeded / describeProcessFailure', () => {
	it('needs status OK and no errors', () => {
		expect(processSucceeded({ status: { status: 'OK' }, result: { merchantId: 1 } })).toBe(true);
		expect(processSucceeded({ status: { status: 'OK' }, errors: { name: ['x'] } })).toBe(false);
		expect(processSucceeded(failed)).toBe(false);
	});

	it('names every body path and its problems', () => {
		const { message, description } = describeProcessFailure(failed);
		expect(message).toBe('Process abc-1 (merchant.create) ended FAILED with errors in mcc, currencies.1');
		expect(description).toContain('mcc: is not in the catalog');
		expect(description).toContain('currencies.1: is not in the catalog; other');
	});
});

describe('processOutput', () => {
	it('lifts result.merchantId and keeps unknown result keys', () => {
		expect(processOutput({ processId: 'p', result: { merchantId: 7, newKey: 1 } }, { idempotencyKey: 'k' })).toEqual({
			processId: 'p',
			result: { merchantId: 7, newKey: 1 },
			merchantId: 7,
			idempotencyKey: 'k',
		});
	});
});

describe('processIdSchema', () => {
	it('lower-cases and refuses path characters', () => {
		expect(processIdSchema.parse(' ABC-def ')).toBe('abc-def');
		expect(processIdSchema.safeParse('a/b').success).toBe(false);
		expect(processIdSchema.safeParse('').success).toBe(false);
	});
});
