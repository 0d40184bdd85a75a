// POST /__sandbox/webhooks/autopay: sends an autopay event (payment-processing-api.md, "Events") to a URL, signed
// with the site's secret key, or deliberately malformed, so that a receiver's checks can be tried.
import { randomUUID } from 'crypto';

import { invalidField, isoNow, notFound, type SandboxApp } from '../../http';
import { answer, autopaySignature, controlBody, deliberateBody, payloadText, sendCopies, tamperHex, type Json } from './state';

const AUTOPAY_TYPES = ['AUTOPAY_CREATED', 'AUTOPAY_UPDATED', 'AUTOPAY_TRANSACTION_FAILED', 'AUTOPAY_CANCELED'];

export function register(app: SandboxApp): void {
	app.router.post('/__sandbox/webhooks/autopay', async (request) => {
		const control = controlBody(request);
		if (control.refusal) return control.refusal;
		const body = control.body;
		if (typeof body.type !== 'string' || !body.type) return invalidField('type', `is required (${AUTOPAY_TYPES.join(', ')}, or any text to test a refusal)`);
		const credentials = app.world.credentials;
		const site = typeof body.login === 'string' ? app.world.siteByLogin(body.login) : app.world.siteByLogin(credentials.login);
		if (!site) return notFound(`Site ${String(body.login)}`);
		const event: Json = {
			id: typeof body.id === 'string' ? body.id : randomUUID(),
			type: body.type,
			date: typeof body.date === 'string' ? body.date : isoNow(),
			reference: typeof body.reference === 'string' ? body.reference : `AUTOPAY-${app.world.nextId('autopayReference', 1001)}`,
		};
		event.signature = autopaySignature(event.id, event.type, event.date, site.secretKey);
		if (body.tamper === true) event.signature = tamperHex(event.signature);
		if (body.additional !== undefined) event.additional = body.additional;
		else event.additional = { autopayId: event.id, reference: event.reference, event: event.type };
		const sent = payloadText(body, event);
		return answer(await sendCopies(app, 'autopay', body.url, sent, {}, control.copies, deliberateBody(body)), sent);
	});
}
