import { readSettings, reportFilters } from './schemas';

const base = { triggerOn: 'newTransaction', statuses: [], types: [], simple: true, options: {} };

describe('readSettings', () => {
	it('gives the defaults: 10 minutes of overlap, pending followed for 24 hours, no start', () => {
		expect(readSettings(base, 'UTC')).toEqual({
			settings: { triggerOn: 'newTransaction', statuses: [], types: [], simple: true, overlapMs: 600_000, followPendingMs: 86_400_000, startFrom: undefined },
		});
	});

	it("reads Start From on the site's clock", () => {
		const read = readSettings({ ...base, options: { startFrom: '2026-11-01 00:00:00' } }, 'America/Bogota');
		expect(read).toMatchObject({ settings: { startFrom: Date.parse('2026-11-01T05:00:00Z') } });
	});

	it("names the field as the panel shows it", () => {
		expect(readSettings({ ...base, options: { startFrom: 'next week' } }, 'UTC')).toEqual({ problem: 'Options › Start From must be a date-time such as 2026-11-01 00:00:00' });
		expect(readSettings({ ...base, options: { overlapMinutes: 0 } }, 'UTC')).toEqual({ problem: 'Options › Overlap (Minutes) must be at least 1' });
		expect(readSettings({ ...base, types: ['SALE'] }, 'UTC')).toEqual({ problem: 'Transaction Types must be types the list offers' });
	});
});

describe('reportFilters', () => {
	it('asks for every type (so rows have their type) and, with statuses chosen, for Pending too', () => {
		const all = reportFilters({ ...readSettingsOf(base) });
		expect(all.type).toHaveLength(15);
		expect(all.state).toBeUndefined();
		expect(reportFilters({ ...readSettingsOf(base), statuses: ['APPROVED'], types: ['REFUND'] })).toEqual({ state: ['APPROVED', 'PENDING'], type: ['REFUND'] });
	});
});

function readSettingsOf(parameters: Record<string, unknown>) {
	const read = readSettings(parameters, 'UTC');
	if ('problem' in read) throw new Error(read.problem);
	return read.settings;
}
