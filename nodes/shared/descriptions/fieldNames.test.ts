import { PANEL_FIELDS, PANEL_LABELS } from '../../../test/helpers/panelFields';
import { FieldNames, humanize } from './fieldNames';

const names = new FieldNames(PANEL_FIELDS, PANEL_LABELS);

describe('FieldNames', () => {
	it.each([
		[['payment', 'amount', 'total'], 'Amount'],
		[['data', 'control', 'maxAmount'], 'Control › Max Amount'],
		[['buyer', 'email'], 'Buyer › Email'],
		[['buyer', 'address', 'city'], 'Buyer › Address City'],
		[['cancelUrl'], 'Additional Fields › Cancel URL'],
		[['additionalFields', 'paymentExtras'], 'Additional Fields › Payment Extras'],
		[['fields', 1, 'keyword'], 'Fields › Keyword (entry 2)'],
		[['subscription', 'reference'], 'Subscription Reference'],
		[['payment', 'reference'], 'Reference'],
		[['payment'], 'Additional Fields › Payment Extras'],
		[['payment', 'shipping', 'name'], 'Additional Fields › Payment Extras › Shipping › Name'],
		[['data', 'sites', 0, 'mainSite'], 'Sites › Main Site (entry 1)'],
	])('%j is shown as %s', (path, label) => {
		expect(names.label(path)).toBe(label);
	});

	it('says a path no field names in words', () => {
		expect(humanize('maxAmount')).toBe('Max Amount');
		expect(humanize('3DSVersion')).toBe('3DS Version');
		expect(humanize('merchantId')).toBe('Merchant ID');
		expect(new FieldNames().label(['data', 'accountNumber'])).toBe('Account Number');
		expect(new FieldNames().label([])).toBe('The input');
	});
});

