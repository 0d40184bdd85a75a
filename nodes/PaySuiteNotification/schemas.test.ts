import { messageSchema } from './schemas';

const valid = { message: 'Hello', channels: { email: { email: 'a@b.example', subject: 'Hi' } } };

describe('messageSchema', () => {
	it('accepts a message with one channel', () => {
		expect(messageSchema.parse(valid)).toEqual(valid);
	});

	it.each([
		['no message', { ...valid, message: '' }, 'message'],
		['a locale outside es/en/pt/it', { ...valid, locale: 'fr' }, 'locale'],
		['a kind over 50', { ...valid, kind: 'k'.repeat(51) }, 'kind'],
		['no channel', { ...valid, channels: {} }, 'channels'],
		['no channels object', { message: 'x' }, 'channels'],
		['an SMS without text', { ...valid, channels: { sms: { phone_number: '1', short_message: ' ' } } }, 'channels.sms.short_message'],
		['a chat without template name', { ...valid, channels: { chat: { phone_number: '1', template: { name: '' } } } }, 'channels.chat.template.name'],
		['a bad e-mail', { ...valid, channels: { email: { email: 'nope' } } }, 'channels.email.email'],
		['a site_id that is not whole', { ...valid, site_id: 1.5 }, 'site_id'],
	])('refuses %s', (_label, body, path) => {
		const result = messageSchema.safeParse(body);
		expect(result.success).toBe(false);
		if (!result.success) expect(result.error.issues.map((issue) => issue.path.join('.'))).toContain(path);
	});
});
