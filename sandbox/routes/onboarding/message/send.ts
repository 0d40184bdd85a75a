// POST /api/notifications (merchant-onboarding-api.md, "POST /api/notifications"): a one-way message, only
// checked and kept for the control API (nothing can be queried later).
import { bearer } from '../../../guards';
import { ok, refuse, unprocessable, type SandboxApp } from '../../../http';
import { checkEnum, checkInteger, checkObject, checkString, clone, header, isObject, Problems, state, type Json } from '../state';

const NOTIFICATION_LOCALES = ['es', 'en', 'pt', 'it'];

/** The message's rules: the stated ones, plus our choices where the spec is silent (see the docs). */
function checkNotification(body: unknown): Problems {
	const problems = new Problems();
	if (!isObject(body)) {
		problems.add('body', 'must be a JSON object');
		return problems;
	}
	checkString(problems, 'message', body.message, undefined, true);
	if (body.locale !== undefined) {
		if (typeof body.locale !== 'string' || body.locale.length !== 2) problems.add('locale', 'must be exactly 2 characters');
		else checkEnum(problems, 'locale', body.locale, NOTIFICATION_LOCALES);
	}
	checkString(problems, 'kind', body.kind, 50);
	checkInteger(problems, 'site_id', body.site_id);
	if (!checkObject(problems, 'channels', body.channels, true)) return problems;
	const channels = body.channels;
	const names = Object.keys(channels);
	if (!names.length) problems.add('channels', 'must name at least one channel (sms, chat, email)');
	for (const name of names) if (!['sms', 'chat', 'email'].includes(name)) problems.add(`channels.${name}`, 'is not a known channel');
	if (checkObject(problems, 'channels.sms', channels.sms, false)) {
		checkString(problems, 'channels.sms.phone_number', channels.sms.phone_number, undefined, true);
		checkString(problems, 'channels.sms.short_message', channels.sms.short_message, undefined, true);
	}
	if (checkObject(problems, 'channels.chat', channels.chat, false)) {
		checkString(problems, 'channels.chat.phone_number', channels.chat.phone_number, undefined, true);
		if (checkObject(problems, 'channels.chat.template', channels.chat.template, true)) {
			const template = channels.chat.template;
			checkString(problems, 'channels.chat.template.name', template.name, undefined, true);
			checkString(problems, 'channels.chat.template.lang', template.lang);
			if (template.parameters !== undefined) {
				if (!Array.isArray(template.parameters)) problems.add('channels.chat.template.parameters', 'must be an array of strings');
				else
					template.parameters.forEach((parameter: unknown, index: number) => {
						if (typeof parameter !== 'string') problems.add(`channels.chat.template.parameters.${index}`, 'must be a string');
					});
			}
		}
	}
	if (checkObject(problems, 'channels.email', channels.email, false)) {
		checkString(problems, 'channels.email.email', channels.email.email, undefined, true);
		if (typeof channels.email.email === 'string' && !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(channels.email.email)) {
			problems.add('channels.email.email', 'must be an e-mail address');
		}
		checkString(problems, 'channels.email.subject', channels.email.subject);
	}
	return problems;
}

export function register(app: SandboxApp): void {
	app.router.post(
		'/api/notifications',
		bearer(undefined, (request) => {
			if (!/^application\/json\b/i.test(header(request, 'content-type') ?? '')) return refuse(415, 'CONTENT_TYPE', 'The body must be sent as application/json');
			const problems = checkNotification(request.body);
			if (problems.any) return unprocessable(problems.errors);
			state(app).messages.push({
				id: app.world.nextId('onboardingMessage', 1),
				consumerId: request.token!.consumerId,
				receivedAt: new Date().toISOString(),
				body: clone(request.body as Json),
			});
			return ok({}, 'The message was accepted for delivery');
		}),
	);
}
