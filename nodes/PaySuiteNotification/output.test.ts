import { acceptedMessage } from './output';

describe('acceptedMessage', () => {
	it('says the message was accepted, on which channels, with the platform status', () => {
		const status = { status: 'OK', reason: '00', message: 'Queued', date: '2026-11-26T10:00:00-05:00' };
		expect(acceptedMessage({ status }, { sms: { to: '+573001112233' }, email: { to: 'a@example.com' } })).toEqual({
			accepted: true,
			channels: ['sms', 'email'],
			status,
		});
	});
});
