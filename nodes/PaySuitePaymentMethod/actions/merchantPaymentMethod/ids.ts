import type { INodeProperties } from 'n8n-workflow';

export const customerIdProperty: INodeProperties = {
	displayName: 'Merchant ID',
	name: 'customerId',
	type: 'number',
	default: 0,
	required: true,
	description: 'Identifier of the merchant (called customer by the platform)',
};

export const paymentMethodIdProperty: INodeProperties = {
	displayName: 'Payment Method ID',
	name: 'paymentMethodId',
	type: 'number',
	default: 0,
	required: true,
	description: 'Identifier of the merchant payment method',
};
