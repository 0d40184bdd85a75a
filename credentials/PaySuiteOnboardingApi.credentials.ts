import type { IAuthenticateGeneric, ICredentialType, Icon, INodeProperties } from 'n8n-workflow';

export class PaySuiteOnboardingApi implements ICredentialType {
	name = 'paySuiteOnboardingApi';

	displayName = 'PaySuite Onboarding API';

	icon: Icon = { light: 'file:../icons/paysuite.svg', dark: 'file:../icons/paysuite.dark.svg' };

	documentationUrl = 'https://github.com/n8n-nodes-paysuite/n8n-nodes-paysuite/blob/main/docs/credentials.md';

	// The Test button runs nodes/shared/transport/credentialTest.ts (named by every node's `testedBy`): a declarative test
	// would answer an unreachable Base URL with the bare error code.

	properties: INodeProperties[] = [
		{
			displayName: 'Base URL',
			name: 'baseUrl',
			type: 'string',
			default: '',
			required: true,
			placeholder: 'e.g. https://onboarding.example.com',
			description: 'Address of the merchant onboarding API',
			hint: "The onboarding API address the platform gave you with the access token, starting with https://. To try the nodes with the package's sandbox (npm start): http://127.0.0.1:8765.",
		},
		{
			displayName: 'Access Token',
			name: 'accessToken',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			required: true,
			description:
				'Bearer token of the consumer. Creating merchants needs the onboarding:create permission; reading needs onboarding:read.',
		},
		{
			displayName: 'Notification Secret',
			name: 'notificationSecret',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			description:
				'Secret that signs process notifications (X-Signature). The Onboarding Trigger needs it: without it, the trigger refuses every notification unless its Verify Signature option is turned off. The action nodes do not use it.',
		},
	];

	authenticate: IAuthenticateGeneric = {
		type: 'generic',
		properties: {
			headers: {
				Authorization: '=Bearer {{$credentials.accessToken}}',
			},
		},
	};
}
