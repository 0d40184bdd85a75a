import { splitList } from './actions/merchant/merchantBody';
import { merchantCreateSchema, merchantUpdateSchema } from './schemas';

const valid = {
	name: 'Acme',
	brand: 'Acme',
	languages: ['es'],
	currencies: ['USD'],
	document: { type: 'NIT', number: '1' },
	address: { city: 'Bogota', state: 11 },
	legalRepresentative: { name: 'Ana' },
	control: { seller: 'direct' },
};

const paths = (result: ReturnType<typeof merchantCreateSchema.safeParse>) => (result.success ? [] : result.error.issues.map((issue) => issue.path.join('.')));

describe('merchantCreateSchema', () => {
	it('accepts a complete merchant and the limits themselves', () => {
		expect(merchantCreateSchema.safeParse({ ...valid, name: 'n'.repeat(80), brand: 'b'.repeat(60), url: `https://x.example/${'p'.repeat(237)}` }).success).toBe(true);
	});

	it('accepts every field the onboarding document names in the collections (read shapes), sites[].languages included', () => {
		const result = merchantCreateSchema.safeParse({
			...valid,
			integrations: [{ id: 5, customerId: 1001, type: 'crm' }],
			paymentMethods: [{ code: 'VISA', customerId: 1001 }],
			sites: [
				{
					name: 'Web',
					languages: ['es', 'en'],
					login: 'web-login',
					tranKey: 'web-key',
					md5Hash: 'abc',
					customerId: 1001,
					customBatch: 7,
					paymentMethods: [{ code: 'VISA', siteId: 2001 }],
					integrations: [{ id: 6, siteId: 2001, type: 'notifier' }],
				},
				{ name: 'Shop', customBatch: '7' },
			],
		});
		expect(paths(result)).toEqual([]);
	});

	it('keeps IDs beyond 2^53 in sites and payment methods, and a URL must be http(s)', () => {
		const parsed = merchantCreateSchema.parse({ ...valid, sites: [{ id: 12345678901234567890n }], paymentMethods: [{ id: '98765432109876543210' }] });
		expect(parsed.sites?.[0].id).toBe(12345678901234567890n);
		expect(parsed.paymentMethods?.[0].id).toBe(98765432109876543210n);
		expect(paths(merchantCreateSchema.safeParse({ ...valid, url: 'javascript:alert(1)', sites: [{ id: 1.5 }] }))).toEqual(['url', 'sites.0.id']);
	});

	it.each([
		[{ name: 'n'.repeat(81) }, 'name'],
		[{ brand: 'b'.repeat(61) }, 'brand'],
		[{ url: `https://x.example/${'p'.repeat(238)}` }, 'url'],
		[{ languages: ['es', 'Es'] }, 'languages.1'],
		[{ currencies: ['USD', 'cop', 'COP'] }, 'currencies.2'],
		[{ size: 'XL' }, 'size'],
		[{ incrementType: 'X' }, 'incrementType'],
		[{ address: { state: 'DC' } }, 'address.state'],
		[{ billing: { taxType: 1.5 } }, 'billing.taxType'],
		[{ paymentMethods: [{ id: 1, code: 'VISA' }] }, 'paymentMethods.0.id'],
		[{ sites: [{ currency: 'USD' }] }, 'sites.0.name'],
		[{ sites: [{ name: 'Web', languages: ['es', 'ES'] }] }, 'sites.0.languages.1'],
		[{ sites: [{ name: 'Web', customBatch: 1.5 }] }, 'sites.0.customBatch'],
		[{ integrations: [{ type: 'crm', siteId: 1 }] }, 'integrations.0'],
		[{ document: undefined }, 'document'],
	])('refuses %j at %s', (overrides, path) => {
		expect(paths(merchantCreateSchema.safeParse({ ...valid, ...overrides }))).toContain(path);
	});
});

describe('merchantUpdateSchema', () => {
	it('requires nothing but refuses an empty update and applies the same rules', () => {
		expect(merchantUpdateSchema.safeParse({ brand: 'New' }).success).toBe(true);
		expect(merchantUpdateSchema.safeParse({}).success).toBe(false);
		expect(merchantUpdateSchema.safeParse({ languages: ['en', 'EN'] }).success).toBe(false);
	});
});

describe('splitList', () => {
	it('splits comma-separated text, keeps arrays, drops empty', () => {
		expect(splitList(' es, en ,')).toEqual(['es', 'en']);
		expect(splitList(['es'])).toEqual(['es']);
		expect(splitList(' , ')).toBeUndefined();
	});
});
