// POST /__sandbox/webhooks/checkout: sends a checkout notification (payment-processing-api.md, "Events") for a
// session, with its current status and reference, signed with its site's secret key.
import { invalidField, isoNow, notFound, statusBlock, type SandboxApp } from '../../http';
import { toId } from '../../json';
import { findSession } from '../checkout/state';
import { answer, checkoutSignature, controlBody, deliberateBody, isObject, payloadText, sendCopies, tamperHex } from './state';

export function register(app: SandboxApp): void {
	app.router.post('/__sandbox/webhooks/checkout', async (request) => {
		const control = controlBody(request);
		if (control.refusal) return control.refusal;
		const body = control.body;
		if (body.requestId === undefined || !/^\d+$/.test(String(body.requestId))) return invalidField('requestId', 'is required (digits)');
		const session = findSession(app, String(body.requestId));
		const given = isObject(body.status) ? body.status : typeof body.status === 'string' ? { status: body.status } : undefined;
		if (!session && (!given || body.reference === undefined)) return notFound(`Session ${String(body.requestId)} (give status and reference to send one anyway)`);
		const status = { ...(session?.status ?? statusBlock('APPROVED', '00', 'The payment was approved')), ...(given ?? {}) };
		if (given && !isObject(body.status)) status.date = isoNow();
		const site = app.world.siteByLogin(session?.siteLogin ?? app.world.credentials.login);
		const secretKey = site?.secretKey ?? app.world.credentials.secretKey;
		const requestId = session ? session.requestId : toId(BigInt(String(body.requestId)));
		let signature = checkoutSignature(requestId, String(status.status), String(status.date), secretKey, body.legacySha1 === true);
		if (body.tamper === true) signature = tamperHex(signature);
		const event = { status, requestId, reference: body.reference ?? session?.reference, signature };
		const sent = payloadText(body, event);
		return answer(await sendCopies(app, 'checkout', body.url, sent, {}, control.copies, deliberateBody(body)), sent);
	});
}
