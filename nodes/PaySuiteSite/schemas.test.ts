import { siteCreateSchema, siteUpdateAllSchema, siteUpdateBrandingSchema } from './schemas';

const paths = (result: { success: boolean; error?: { issues: Array<{ path: Array<string | number> }> } }) =>
	result.success ? [] : result.error!.issues.map((issue) => issue.path.join('.'));

describe('site schemas', () => {
	it('accepts a create body with the merchant, a name and configuration objects', () => {
		const result = siteCreateSchema.safeParse({
			data: { customerId: '1001', name: 'Shop', integration: { initiatorIndicator: 'CIT' }, control: { allowedHours: 'ff00', exceptionBinsList: [411111] } },
		});
		expect(result.success).toBe(true);
		expect(result.data?.data.customerId).toBe(1001n);
	});

	it('names each misspelt or misplaced field instead of dropping it', () => {
		expect(paths(siteCreateSchema.safeParse({ data: { customerId: 1, name: 'x', control: { maxAmmount: 1 } } }))).toEqual(['data.control.maxAmmount']);
		expect(paths(siteCreateSchema.safeParse({ data: { customerId: 1, name: 'x', productionDate: '2030-01-01' } }))).toEqual(['data.productionDate']);
		expect(paths(siteUpdateAllSchema.safeParse({ id: 1, data: { customerId: 1 } }))).toEqual(['data.customerId']);
		expect(paths(siteCreateSchema.safeParse({ data: { customerId: 1, name: 'x', integration: { sourceRestriction: 'x' } } }))).toEqual([
			'data.integration.sourceRestriction',
		]);
	});

	it('checks colours, hexadecimal text, dates and the initiator indicator null rule', () => {
		expect(paths(siteUpdateBrandingSchema.safeParse({ id: 1, branding: { buttonColor: '#abc', sidebarColor: '#A1B2C3' } }))).toEqual(['branding.buttonColor']);
		expect(paths(siteCreateSchema.safeParse({ data: { customerId: 1, name: 'x', control: { delegatedAuthorization: '0xZ' } } }))).toEqual([
			'data.control.delegatedAuthorization',
		]);
		expect(paths(siteUpdateAllSchema.safeParse({ id: 1, data: { productionDate: '2030-13-45' } }))).toEqual(['data.productionDate']);
		expect(siteUpdateAllSchema.safeParse({ id: 1, data: { integration: { initiatorIndicator: null } } }).success).toBe(true);
		expect(paths(siteCreateSchema.safeParse({ data: { customerId: 1, name: 'x', integration: { initiatorIndicator: null } } }))).toEqual([
			'data.integration.initiatorIndicator',
		]);
	});

	it('asks for at least one field on update-all', () => {
		expect(paths(siteUpdateAllSchema.safeParse({ id: 1 }))).toEqual(['data']);
		expect(paths(siteUpdateAllSchema.safeParse({ id: 1, data: {} }))).toEqual(['data']);
	});
});
