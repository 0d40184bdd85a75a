import type {
	ICredentialDataDecryptedObject,
	ICredentialTestRequest,
	ICredentialType,
	IDataObject,
	IHttpRequestOptions,
	Icon,
	INodeProperties,
} from 'n8n-workflow';

import { buildAuth, withAuth, type DigestAlgorithm } from '../nodes/shared/signing';
import { AUTH_FAILURE_WORDS } from '../nodes/shared/authReasons';

// Each known authentication reason, as a string and as a number (the platform sends either).
const reasonRules = Object.entries(AUTH_FAILURE_WORDS).flatMap(([reason, message]) => [
	{ type: 'responseSuccessBody' as const, properties: { key: 'status.reason', value: reason, message } },
	{ type: 'responseSuccessBody' as const, properties: { key: 'status.reason', value: Number(reason), message } },
]);

export class PaySuiteApi implements ICredentialType {
	name = 'paySuiteApi';

	displayName = 'PaySuite API';

	icon: Icon = { light: 'file:../icons/paysuite.svg', dark: 'file:../icons/paysuite.dark.svg' };

	documentationUrl = 'https://github.com/n8n-nodes-paysuite/n8n-nodes-paysuite#credentials';

	properties: INodeProperties[] = [
		{
			displayName: 'Login',
			name: 'login',
			type: 'string',
			default: '',
			required: true,
			description: 'The login of the site that signs the requests',
		},
		{
			displayName: 'Secret Key',
			name: 'secretKey',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			required: true,
			description: 'The secret key of the site. It signs every request and is never sent itself.',
		},
		{
			displayName: 'Digest Algorithm',
			name: 'algorithm',
			type: 'options',
			options: [
				{ name: 'SHA-256', value: 'sha256', description: 'Current integrations' },
				{ name: 'SHA-1 (Legacy)', value: 'sha1', description: 'Older sites that still sign with SHA-1' },
			],
			default: 'sha256',
			description: 'Digest used to derive the tranKey from the nonce, the seed and the secret key',
		},
		{
			displayName: 'Base URL',
			name: 'baseUrl',
			type: 'string',
			default: 'http://127.0.0.1:8765',
			required: true,
			placeholder: 'https://api.example.com',
			description:
				'Address of the platform, used for every API unless overridden below. The default points at the local sandbox.',
		},
		{
			displayName: 'Administration URL',
			name: 'restUrl',
			type: 'string',
			default: '',
			description: 'Optional. Base address of the administration API (sites, payment methods, tickets).',
		},
		{
			displayName: 'Gateway URL',
			name: 'gatewayUrl',
			type: 'string',
			default: '',
			description: 'Optional. Base address of the gateway API (/gateway/...).',
		},
		{
			displayName: 'Checkout URL',
			name: 'checkoutUrl',
			type: 'string',
			default: '',
			description: 'Optional. Base address of checkout sessions, refunds and transaction actions.',
		},
		{
			displayName: 'Payment Links URL',
			name: 'linksUrl',
			type: 'string',
			default: '',
			description: 'Optional. Base address of the payment link API.',
		},
	];

	/** Adds a freshly signed `auth` block to the JSON body (object or JSON text) of every request, retries included. */
	async authenticate(
		credentials: ICredentialDataDecryptedObject,
		requestOptions: IHttpRequestOptions,
	): Promise<IHttpRequestOptions> {
		const auth = buildAuth(
			String(credentials.login ?? ''),
			String(credentials.secretKey ?? ''),
			(credentials.algorithm as DigestAlgorithm) ?? 'sha256',
		);
		// The nodes send JSON text (every digit of an ID kept); the credential test sends an object.
		const body = withAuth(requestOptions.body, auth) as IDataObject | string;
		return typeof body === 'string' ? { ...requestOptions, body } : { ...requestOptions, json: true, body };
	}

	// A cheap signed read. The platform answers 401 with a reason; each reason gets its own words.
	test: ICredentialTestRequest = {
		request: {
			baseURL: '={{$credentials.restUrl || $credentials.baseUrl}}',
			url: '/core/tools/payment-facilitator/search',
			method: 'POST',
			body: { pagination: { perPage: 1, currentPage: 1 } },
			json: true,
			ignoreHttpStatusErrors: true,
		},
		rules: [
			...reasonRules,
			...['FAILED', 'ERROR'].map((status) => ({
				type: 'responseSuccessBody' as const,
				properties: {
					key: 'status.status',
					value: status,
					message: 'The platform refused these credentials. Check the login, the secret key and the base URL.',
				},
			})),
		],
	};
}
