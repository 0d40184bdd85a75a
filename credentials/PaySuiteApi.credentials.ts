import type {
	ICredentialDataDecryptedObject,
	ICredentialType,
	IDataObject,
	IHttpRequestOptions,
	Icon,
	INodeProperties,
} from 'n8n-workflow';

import { allTimeZones } from '../nodes/shared/schemas/timeZone';
import { buildAuth, withAuth, type DigestAlgorithm } from '../nodes/shared/transport/signing';

export class PaySuiteApi implements ICredentialType {
	name = 'paySuiteApi';

	displayName = 'PaySuite API';

	icon: Icon = { light: 'file:../icons/paysuite.svg', dark: 'file:../icons/paysuite.dark.svg' };

	documentationUrl = 'https://github.com/n8n-nodes-paysuite/n8n-nodes-paysuite/blob/main/docs/credentials.md';

	// The Test button runs nodes/shared/transport/credentialTest.ts (named by every node's `testedBy`): a declarative test
	// would answer an unreachable Base URL with the bare error code.

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
			displayName: 'Site Time Zone',
			name: 'timeZone',
			type: 'options',
			options: allTimeZones().map((zone) => ({ name: zone, value: zone })),
			default: '',
			required: true,
			description: "The time zone of the site on the platform: it reads the times it is sent (a link's expiry, a report's period) on the site's clock, and the nodes show its times in it",
			hint: "The site's time zone as the platform's back office shows it, such as America/Bogota. The package's sandbox uses America/Bogota.",
		},
		{
			displayName: 'Base URL',
			name: 'baseUrl',
			type: 'string',
			default: '',
			required: true,
			placeholder: 'e.g. https://api.example.com',
			description: 'Address of the platform, used for every API unless overridden below',
			hint: "The API address the platform gave you with the Login and Secret Key, starting with https://. To try the nodes with the package's sandbox (npm start): http://127.0.0.1:8765.",
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
		// The nodes send JSON text (every digit of an ID kept); an object body is signed as well.
		const body = withAuth(requestOptions.body, auth) as IDataObject | string;
		return typeof body === 'string' ? { ...requestOptions, body } : { ...requestOptions, json: true, body };
	}
}
