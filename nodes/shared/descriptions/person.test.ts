import { personProperty, toPerson } from './person';

describe('person fields', () => {
	it('maps flattened address fields into address', () => {
		expect(toPerson({ name: 'Ana', email: 'ana@example.com', addressCity: 'Bogota', addressCountry: 'CO' })).toEqual({
			name: 'Ana',
			email: 'ana@example.com',
			address: { city: 'Bogota', country: 'CO' },
		});
	});

	it('is undefined when nothing was set', () => {
		expect(toPerson({})).toBeUndefined();
		expect(toPerson(undefined)).toBeUndefined();
	});

	it('leaves out fields left empty', () => {
		expect(toPerson({ name: 'Ana', surname: '', addressCity: '' })).toEqual({ name: 'Ana' });
		expect(toPerson({ email: '', addressStreet: '' })).toBeUndefined();
	});

	it('is required only when asked', () => {
		expect(personProperty('payer', 'Payer', 'The payer', true).required).toBe(true);
		expect(personProperty('buyer', 'Buyer', 'The buyer')).not.toHaveProperty('required');
	});

	it('offers every field of the spec, sorted by label', () => {
		const property = personProperty('buyer', 'Buyer', 'The buyer');
		const names = (property.options as Array<{ name: string; displayName: string }>).map((o) => o.name);
		expect(names.sort()).toEqual(
			[
				'addressCity',
				'addressCountry',
				'addressPhone',
				'addressPostalCode',
				'addressState',
				'addressStreet',
				'company',
				'document',
				'documentType',
				'email',
				'mobile',
				'name',
				'surname',
			].sort(),
		);
		const labels = (property.options as Array<{ displayName: string }>).map((o) => o.displayName);
		expect(labels).toEqual([...labels].sort((a, b) => a.localeCompare(b)));
	});
});
