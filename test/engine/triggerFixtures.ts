/**
 * The platform's records a trigger test needs first, made in the sandbox as a merchant's server would make them:
 * sessions (paid, or a subscription with its card registered) and a merchant body for an onboarding process.
 */
import type { RunningSandbox } from '../../sandbox';
import { buildAuth } from '../../nodes/shared/transport/signing';
import { webhookCalls } from './webhookCalls';

export function platformRecords(sandbox: RunningSandbox) {
	const { post } = webhookCalls(sandbox);

	/** A signed call of the checkout API. */
	const signed = (path: string, body: Record<string, unknown> = {}) =>
		post(path, { ...body, auth: buildAuth(sandbox.credentials.login, sandbox.credentials.secretKey) });

	/** A session created with `body`, then paid in the sandbox (`pay`: how); its requestId. */
	async function payedSession(body: Record<string, unknown>, pay: Record<string, unknown> = {}): Promise<number> {
		const created = await signed('/api/session', { returnUrl: 'https://shop.example.com/return', ipAddress: '127.0.0.1', userAgent: 'jest', ...body });
		expect(created.status).toBe(200);
		const requestId = created.json.requestId as number;
		expect((await post(`/__sandbox/sessions/${requestId}/pay`, pay)).status).toBe(200);
		return requestId;
	}

	return {
		signed,
		/** A payment session of 120.50 USD, paid (or rejected); `extra` goes into the session (a payer...). */
		paidSession: (reference: string, status: 'APPROVED' | 'REJECTED' = 'APPROVED', extra: Record<string, unknown> = {}) =>
			payedSession({ payment: { reference, description: 'Order', amount: { currency: 'USD', total: 120.5 } }, ...extra }, { status }),
		/** A subscription session whose card was registered (its token in `subscription.instrument`). */
		subscribedSession: (reference: string) => payedSession({ subscription: { reference, description: 'Monthly plan' } }),
		/** A merchant write's body the sandbox accepts; an mcc outside its catalog makes the process fail. */
		merchantBody: (overrides: Record<string, unknown> = {}) => ({
			name: 'Acme Holdings S.A.S.',
			brand: 'Acme',
			mcc: '5411',
			languages: ['es'],
			currencies: ['USD'],
			document: { type: 'NIT', number: '900123456' },
			address: { street: 'Calle 1 # 2-3', city: 'Bogota', state: 11, country: 'CO', phone: '+5712345678', postalCode: '110111' },
			legalRepresentative: { name: 'Ana', surname: 'López', document: '52123456', documentType: 'CC' },
			control: { seller: 'direct' },
			...overrides,
		}),
	};
}
