import { describePlatformAnswer, fieldWords, onboardingPermission, platformAnswerLine } from './platformAnswer';

const failed = (reason: unknown, message: unknown) => ({ status: { status: 'FAILED', reason, message } });

describe('describePlatformAnswer: the credential and its permissions', () => {
	it('never starts with the HTTP status: it goes in the last line of the details', () => {
		for (const status of [400, 401, 403, 404, 409, 422, 425, 429, 500, 502]) {
			const { message, description } = describePlatformAnswer(status, failed('XX', 'Platform words'), { api: 'checkout', path: '/api/session' });
			expect(message).not.toMatch(/HTTP|^The platform answered/);
			expect(description.split('\n').pop()).toBe(`Platform answer: HTTP ${status} FAILED, reason XX: Platform words`);
		}
	});

	it('401 of the signed APIs: the words of each authentication reason', () => {
		expect(describePlatformAnswer(401, failed(102, 'Invalid tranKey'), { api: 'core' })).toEqual({
			message: 'Wrong secret key: the tranKey did not match. Check the Secret Key and the Digest Algorithm of the credential.',
			description: 'Platform answer: HTTP 401 FAILED, reason 102: Invalid tranKey',
		});
		expect(describePlatformAnswer(401, failed('103', 'Seed'), { api: 'gateway' }).message).toMatch(/^Clock off by more than 5 minutes/);
		expect(describePlatformAnswer(401, failed('999', 'Other'), { api: 'gateway' }).message).toBe(
			'The platform did not accept the credential: check its Login, Secret Key and Digest Algorithm.',
		);
	});

	it('401 of the onboarding API: the access token, and what to do', () => {
		expect(describePlatformAnswer(401, failed('UNAUTHENTICATED', 'x'), { api: 'onboarding', method: 'GET', path: '/api/user' }).message).toBe(
			'The access token was refused: it is missing, not valid or expired. Check the Access Token of the credential, or ask for a new one.',
		);
	});

	it('403 of the onboarding API names the permission the request needs', () => {
		const create = describePlatformAnswer(403, failed(403, 'This action is unauthorized.'), { api: 'onboarding', method: 'POST', path: '/api/merchants' });
		expect(create.message).toBe(
			'The access token is not allowed to create merchants: it lacks the onboarding:create permission. Use a credential whose token has it (ask whoever issues your tokens).',
		);
		expect(create.description).toBe('Platform answer: HTTP 403 FAILED, reason 403: This action is unauthorized.');
		expect(describePlatformAnswer(403, {}, { api: 'onboarding', method: 'GET', path: '/api/processes/abc' }).message).toContain('lacks the onboarding:read permission');
		expect(describePlatformAnswer(403, {}, { api: 'onboarding', method: 'PUT', path: '/api/merchants/7' }).message).toMatch(/^The access token is not allowed to update merchants: it lacks the onboarding:update permission/);
		expect(describePlatformAnswer(403, {}, { api: 'onboarding', method: 'POST', path: '/api/other' }).message).toBe(
			'The access token is not allowed to do this: use a credential whose token has the permission it needs.',
		);
	});

	it('403 of the signed APIs: the platform words, then what to check', () => {
		expect(describePlatformAnswer(403, failed('X', 'Not your site.'), { api: 'core' }).message).toBe(
			"The platform did not allow this: Not your site: check that the credential's Login is the site that owns what you asked for, or ask the platform to enable it.",
		);
	});

});

describe('describePlatformAnswer: what the request named, its state, its fields', () => {
	it('404 names the record and the field that gave it, or the address', () => {
		const session = describePlatformAnswer(404, failed('NF', 'The session 123 was not found'), {
			api: 'checkout',
			path: '/api/session/123',
			notFound: { what: 'Session 123', field: 'Session ID' },
		});
		expect(session.message).toBe('Session 123 was not found: check the Session ID.');
		// The platform said so (its status block): it does not know the record; the Base URL is not the likely cause.
		expect(session.description).toMatch(/^The platform answered that it does not know it/);
		expect(session.description).not.toContain('Base URL');
		// Another server answered (no status): the Base URL is the likely cause.
		const elsewhere = describePlatformAnswer(404, '<html>Not Found</html>', { api: 'checkout', path: '/api/session/123', notFound: { what: 'Session 123', field: 'Session ID' } });
		expect(elsewhere.message).toBe('Session 123 was not found: check the Session ID.');
		expect(elsewhere.description).toContain("check that the credential's Base URL is the platform's address");
		expect(describePlatformAnswer(404, '<html>Not Found</html>', { api: 'core', path: '/core/x' }).message).toBe(
			'The platform has nothing at /core/x: check the IDs given, and the Base URL of the credential (and its API URLs, if set).',
		);
		expect(describePlatformAnswer(404, failed('NF', 'The transaction 9 was not found'), { api: 'checkout', path: '/ticket/create' }).message).toBe(
			'The platform did not find it: The transaction 9 was not found: check the IDs given, and the Base URL of the credential (and its API URLs, if set).',
		);
	});

	it('409 says what the conflict means for the request and what to do', () => {
		const reused = describePlatformAnswer(409, failed('IDEMPOTENCY_CONFLICT', 'The Idempotency-Key was already used with different content'), {
			api: 'onboarding',
			conflictHint: 'This key was already used for a different merchant: leave the key empty or give this request its own',
		});
		expect(reused).toEqual({
			message: 'This key was already used for a different merchant: leave the key empty or give this request its own.',
			description: 'Platform answer: HTTP 409 FAILED, reason IDEMPOTENCY_CONFLICT: The Idempotency-Key was already used with different content',
		});
		expect(describePlatformAnswer(409, failed('XL', 'The payment link is DISABLED and takes no payment.'), { api: 'links' }).message).toBe(
			'The platform refused this in the current state: The payment link is DISABLED and takes no payment: check the current state of the record before trying again.',
		);
	});

	it('422 names each field as the user knows it, the body path kept in the details', () => {
		const answer = describePlatformAnswer(422, { ...failed('VALIDATION', 'The given data was invalid'), errors: { 'languages.1': ['is repeated'], 'legalRepresentative.documentType': 'is required' } }, {
			api: 'onboarding',
		});
		expect(answer.message).toBe(
			'The platform refused 2 fields: Languages › entry 2: is repeated; Legal Representative › Document Type: is required: correct it and run the item again.',
		);
		expect(answer.description).toBe(
			[
				'Languages › entry 2 (languages.1): is repeated',
				'Legal Representative › Document Type (legalRepresentative.documentType): is required',
				'Platform answer: HTTP 422 FAILED, reason VALIDATION: The given data was invalid',
			].join('\n'),
		);
	});

	it('425 and 429 say how long to wait', () => {
		expect(describePlatformAnswer(425, failed('PENDING', 'The report is being generated'), { retryAfterSeconds: 5 }).message).toBe(
			'Not ready yet: The report is being generated: try again in 5 s.',
		);
		expect(describePlatformAnswer(429, failed('RATE', 'Too many requests'), { retryAfterSeconds: 2 }).message).toBe(
			'The platform is receiving too many requests (rate limit): wait 2 s and run it again, or send fewer requests at a time (Loop Over Items with a Wait).',
		);
		expect(describePlatformAnswer(429, {}, {}).message).toContain('wait a little');
	});

	it('other refusals: the platform words, then the operation hint when there is one', () => {
		expect(describePlatformAnswer(200, failed('X1', 'Something refused'), {}).message).toBe('The platform refused the request: Something refused.');
		expect(describePlatformAnswer(400, failed('BR', 'Wrong state.'), { refusalHint: 'Refund the payment instead.' }).message).toBe(
			'The platform refused the request: Wrong state: Refund the payment instead.',
		);
		expect(describePlatformAnswer(502, 'Bad gateway').message).toBe('The platform could not handle the request (a failure on its side): try again later.');
		expect(platformAnswerLine(502, '<html>Bad gateway</html>')).toBe('Platform answer: HTTP 502');
	});
});

describe('fieldWords and onboardingPermission', () => {
	it('writes a body path with the words of the fields', () => {
		expect(fieldWords('sites.0.paymentMethods.2.currency')).toBe('Sites › entry 1 › Payment Methods › entry 3 › Currency');
		expect(fieldWords('site_id')).toBe('Site id');
		expect(fieldWords('data.financialEntity')).toBe('Financial Entity');
		expect(fieldWords('data')).toBe('Data');
	});

	it('knows the permission of each onboarding endpoint', () => {
		expect(onboardingPermission('POST', '/api/merchants')).toBe('onboarding:create');
		expect(onboardingPermission('PUT', '/api/merchants/7')).toBe('onboarding:update');
		expect(onboardingPermission('PATCH', '/api/merchants/7')).toBe('onboarding:update');
		expect(onboardingPermission('GET', '/api/merchants/7')).toBe('onboarding:read');
		expect(onboardingPermission('GET', '/api/user')).toBeUndefined();
	});
});
