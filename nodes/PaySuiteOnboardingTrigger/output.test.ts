import { matchesProcessFilters, outcomeOf, processItem, simpleProcessItem } from './output';

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

describe('processItem', () => {
	const process = { processId: 'a1b2', action: 'merchant.create', status: { status: 'OK' } };

	it('outputs the process with its outcome and whether the notification was signed, with its key ID', () => {
		expect(processItem(process, { ok: true, processId: 'a1b2', signature: { ok: true, keyId: 'k1' } })).toEqual({
			...process,
			outcome: 'succeeded',
			signatureVerified: true,
			signatureKeyId: 'k1',
		});
		expect(processItem(process, { ok: true, processId: 'a1b2', signature: { ok: true } })).toEqual({ ...process, outcome: 'succeeded', signatureVerified: true });
		expect(processItem(process, { ok: true, processId: 'a1b2' })).toEqual({ ...process, outcome: 'succeeded', signatureVerified: false });
	});
});

describe('simpleProcessItem', () => {
	const delivery = { ok: true as const, processId: 'a1b2', signature: { ok: true as const } };

	it('flattens a finished process: outcome, merchant ID, one status, the date in ISO 8601', () => {
		const process = { processId: 'a1b2', action: 'merchant.create', status: { status: 'OK', reason: null, message: null, date: '2024-05-01T15:00:00+00:00' }, result: { merchantId: 7 } };
		expect(simpleProcessItem(process, delivery, 'UTC')).toEqual({
			processId: 'a1b2',
			action: 'merchant.create',
			outcome: 'succeeded',
			merchantId: 7,
			status: 'OK',
			reason: null,
			message: null,
			failure: null,
			date: '2024-05-01T15:00:00+00:00',
			dateIso: '2024-05-01T15:00:00+00:00',
			signatureVerified: true,
		});
	});

	it('says what failed in words', () => {
		const process = { processId: 'a1b2', action: 'merchant.create', status: { status: 'FAILED' }, result: null, errors: { mcc: ['is not in the catalog'] } };
		expect(simpleProcessItem(process, { ok: true, processId: 'a1b2' }, 'UTC')).toMatchObject({
			outcome: 'failed',
			merchantId: null,
			failure: 'Process a1b2 (merchant.create) ended FAILED with errors in mcc. mcc: is not in the catalog',
			signatureVerified: false,
		});
	});
});
