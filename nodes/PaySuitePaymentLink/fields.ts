/** The Payment Link node's fields that several operations show. */
import type { INodeProperties } from 'n8n-workflow';

export const linkIdProperty: INodeProperties = {
	displayName: 'Payment Link ID',
	name: 'linkId',
	type: 'string',
	default: '',
	required: true,
	placeholder: '123',
	description: 'The ID the platform returned when the link was created',
};
