import { mergeSiteData } from './siteBody';

describe('mergeSiteData', () => {
	it('lets set fields win, merges objects field by field and keeps the JSON where a field is unset', () => {
		const json = { name: 'From JSON', integration: { allowPartial: true, checkoutVersion: 'v3' }, control: { minAmount: 1 } };
		const fields = { name: '', email: 'a@b.co', integration: { checkoutVersion: 'v4', notificationUrl: undefined }, branding: {} };
		expect(mergeSiteData(json, fields)).toEqual({
			name: 'From JSON',
			email: 'a@b.co',
			integration: { allowPartial: true, checkoutVersion: 'v4' },
			control: { minAmount: 1 },
			branding: {},
		});
	});

	it('keeps an explicit null and false', () => {
		expect(mergeSiteData({ integration: { initiatorIndicator: 'X' } }, { active: false, integration: { initiatorIndicator: null } })).toEqual({
			active: false,
			integration: { initiatorIndicator: null },
		});
	});

	it('does not change its inputs', () => {
		const json = { integration: { allowPartial: true } };
		mergeSiteData(json, { integration: { allowPartial: false } });
		expect(json).toEqual({ integration: { allowPartial: true } });
	});
});
