import { oneRequestOperation } from '../../../shared/operation/oneRequestOperation';

export const getCurrentUser = oneRequestOperation({
	value: 'getCurrentUser',
	name: 'Get Current User',
	action: 'Get the current user',
	description: 'Get the consumer (application) that owns the access token: ID, username, environment and whether it is active. The simplest check of the credential.',
	api: 'onboarding',
	method: 'GET',
	safety: 'read',
	path: '/api/user',
	properties: [],
});
