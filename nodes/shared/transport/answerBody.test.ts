import { describeUnreadable, headerValue, isJsonObject } from './answerBody';

describe('headerValue', () => {
	it('finds headers whatever their case', () => {
		expect(headerValue({ 'Retry-After': '2' }, 'retry-after')).toBe('2');
		expect(headerValue({ 'x-a': ['1', '2'] }, 'X-A')).toBe('1');
	});
});

describe('readable answers', () => {
	it('accepts only a JSON object as an answer', () => {
		expect(isJsonObject({ status: {} })).toBe(true);
		for (const body of [[1], 'text', '', null, undefined, 3, Buffer.from('{}')]) expect(isJsonObject(body)).toBe(false);
	});

	it('says why an answer is unreadable', () => {
		expect(describeUnreadable('')).toBe('the answer was empty');
		expect(describeUnreadable(undefined)).toBe('the answer was empty');
		expect(describeUnreadable('<!DOCTYPE html><html><body>502</body></html>')).toBe('the answer was an HTML page, not JSON');
		expect(describeUnreadable('{"status":{"stat')).toBe('the answer was JSON cut short');
		expect(describeUnreadable('Service   busy')).toBe('the answer was not a JSON object (it began "Service busy")');
		expect(describeUnreadable([1, 2])).toBe('the answer was JSON but a list, not an object');
		expect(describeUnreadable(7)).toBe('the answer was JSON but a number, not an object');
	});
});
