import { locatorValue } from './coreIds';

describe('locatorValue', () => {
	it('takes the ID of a locator value, and any other value as given', () => {
		expect(locatorValue({ __rl: true, mode: 'list', value: '503' })).toBe('503');
		expect(locatorValue('7')).toBe('7');
		expect(locatorValue(undefined)).toBeUndefined();
		expect(locatorValue(null)).toBeNull();
	});
});
