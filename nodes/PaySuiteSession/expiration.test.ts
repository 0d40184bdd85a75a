import { DEFAULT_EXPIRATION_MINUTES, resolveExpiration } from './expiration';
import { expirationSchema } from './schemas';

const now = Date.parse('2030-01-15T12:00:00Z');

describe('session expiration', () => {
	it('defaults to the window after now when empty', () => {
		expect(DEFAULT_EXPIRATION_MINUTES).toBe(60);
		expect(resolveExpiration('', 'UTC', now)).toBe('2030-01-15T13:00:00+00:00');
		expect(resolveExpiration(undefined, 'UTC', now)).toBe('2030-01-15T13:00:00+00:00');
	});

	it('turns the picker value (workflow time zone) into ISO 8601 UTC', () => {
		expect(resolveExpiration('2030-01-15T10:00:00', 'America/Bogota', now)).toBe('2030-01-15T15:00:00+00:00');
		expect(resolveExpiration('2030-01-15T10:00:00+01:00', 'America/Bogota', now)).toBe('2030-01-15T09:00:00+00:00');
	});

	it('hands back text that is not a date-time so that validation names it', () => {
		expect(resolveExpiration('next week', 'UTC', now)).toBe('next week');
	});

	it('accepts 5 minutes ahead and refuses less', () => {
		const schema = expirationSchema(() => now);
		expect(schema.safeParse('2030-01-15T12:05:00+00:00').success).toBe(true);
		const early = schema.safeParse('2030-01-15T12:04:59+00:00');
		expect(early.success).toBe(false);
		expect(early.error!.issues[0].message).toMatch(/^must be at least 5 minutes after now/);
		expect(schema.safeParse('next week').error!.issues[0].message).toMatch(/^must be a date-time/);
	});
});
