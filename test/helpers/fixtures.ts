/**
 * Node parameters that many tests start from, each test overriding the values it is about. Plain data: engine,
 * reliability and e2e tests all import it.
 */
import type { IDataObject } from 'n8n-workflow';

/** Session › Create of a 120.50 USD payment, with the buyer's device as a Webhook in front of a shop would give it. */
export const sessionCreateParameters = (overrides: IDataObject = {}): IDataObject => ({
	resource: 'session',
	operation: 'create',
	sessionType: 'payment',
	returnUrl: 'https://shop.example.com/return',
	ipAddress: '203.0.113.7',
	userAgent: 'Mozilla/5.0 (X11; Linux x86_64)',
	reference: 'ORDER-1001',
	description: 'Two pairs of shoes',
	currency: 'USD',
	total: 120.5,
	...overrides,
});

/** Gateway › Transaction › Process: a 120.50 USD card charge (the sandbox approves card 4111...), Ana Gomez paying. */
export const gatewayProcessParameters = (overrides: IDataObject = {}): IDataObject => ({
	resource: 'transaction',
	operation: 'process',
	cardNumber: '4111111111111111',
	expiration: '12/30',
	cvv: '987',
	reference: 'ORDER-1001',
	description: 'Shoes',
	currency: 'USD',
	total: 120.5,
	payer: { name: 'Ana', surname: 'Gomez', email: 'ana@example.com' },
	...overrides,
});

/** A complete merchant, as Merchant › Create puts it on the wire. */
export const merchantBody = (): IDataObject => ({
	name: 'Acme Holdings S.A.S.',
	brand: 'Acme',
	languages: ['es', 'en'],
	currencies: ['USD', 'COP'],
	document: { type: 'NIT', number: '900123456' },
	address: { street: 'Calle 1 # 2-3', city: 'Bogota', state: 11, country: 'CO', phone: '+5712345678', postalCode: '110111' },
	legalRepresentative: { name: 'Ana', surname: 'Lopez', document: '52123456', documentType: 'CC' },
	control: { seller: 'direct' },
});

/** Merchant › Create of that merchant, field by field, waiting for its process. */
export const merchantCreateParameters = (overrides: IDataObject = {}): IDataObject => ({
	resource: 'merchant',
	operation: 'create',
	specifyBody: 'fields',
	...merchantBody(),
	additionalFields: {},
	waitForCompletion: true,
	timeoutSeconds: 30,
	...overrides,
});
