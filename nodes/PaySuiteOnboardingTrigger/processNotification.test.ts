import { checkProcessNotification, matchesProcessFilters, outcomeOf } from './processNotification';

describe('checkProcessNotification', () => {
	it('needs only a process identifier', () => {
		expect(checkProcessNotification({ processId: 'a1b2' })).toEqual({ ok: true, processId: 'a1b2' });
		expect(checkProcessNotification(undefined)).toMatchObject({ ok: false, message: 'The body is not a JSON object' });
		expect(checkProcessNotification({ processId: '' })).toMatchObject({ ok: false, message: 'Missing or empty field: processId' });
		expect(checkProcessNotification({ processId: 42 })).toMatchObject({ ok: false });
		expect(checkProcessNotification({ processId: '../merchants/1' })).toMatchObject({ ok: false });
	});
});

describe('outcome and filters', () => {
	const succeeded = { action: 'merchant.create', status: { status: 'OK' } };
	const failed = { action: 'merchant.update', status: { status: 'FAILED' } };

	it('calls OK succeeded and every other final status failed', () => {
		expect(outcomeOf(succeeded)).toBe('succeeded');
		expect(outcomeOf(failed)).toBe('failed');
		expect(outcomeOf({ status: { status: 'ERROR' } })).toBe('failed');
	});

	it('calls OK with field errors failed, as Merchant › Wait for Completion does', () => {
		expect(outcomeOf({ ...succeeded, errors: { mcc: ['is not in the catalog'] } })).toBe('failed');
		expect(outcomeOf({ ...succeeded, errors: {} })).toBe('succeeded');
	});

	it('matches on action and outcome; empty lists match all', () => {
		expect(matchesProcessFilters(succeeded, { actions: [], outcomes: [] })).toBe(true);
		expect(matchesProcessFilters(succeeded, { actions: ['merchant.update'], outcomes: [] })).toBe(false);
		expect(matchesProcessFilters(failed, { actions: ['merchant.update'], outcomes: ['failed'] })).toBe(true);
		expect(matchesProcessFilters(failed, { actions: [], outcomes: ['succeeded'] })).toBe(false);
	});
});
