import { processStateOf } from './processPolling';

describe('processStateOf', () => {
	it('is final only without Retry-After, whatever the header case', () => {
		expect(processStateOf({ headers: { 'retry-after': '3' }, body: {} })).toMatchObject({ final: false, retryAfterSeconds: 3 });
		expect(processStateOf({ headers: { 'Retry-After': '0' }, body: {} })).toMatchObject({ final: false, retryAfterSeconds: 0 });
		expect(processStateOf({ headers: { 'content-type': 'application/json' }, body: {} })).toMatchObject({ final: true });
	});
});
