// POST /__sandbox/webhooks/link: sends a payment link's own notification (DESIGN.md, "Facts the spec leaves out")
// for a link, with the status asked for (PAID by default) dated now, signed with its site's secret key.
import { invalidField, isoNow, notFound, statusBlock, type SandboxApp } from '../../http';
import { idKey, toId } from '../../json';
import { state as linksState } from '../paymentLink/state';
import { answer, controlBody, isObject, linkNotificationBody, payloadText, sendCopies, tamperHex } from './state';

export function register(app: SandboxApp): void {
	app.router.post('/__sandbox/webhooks/link', async (request) => {
		const control = controlBody(request);
		if (control.refusal) return control.refusal;
		const body = control.body;
		if (body.linkId === undefined || !/^\d+$/.test(String(body.linkId))) return invalidField('linkId', 'is required (digits)');
		const key = idKey(String(body.linkId));
		const link = key === undefined ? undefined : linksState(app).links[key];
		if (!link && body.reference === undefined) return notFound(`Payment link ${String(body.linkId)} (give reference to send one anyway)`);
		const given = isObject(body.status) ? body.status : { status: typeof body.status === 'string' ? body.status : 'PAID' };
		const status = { ...statusBlock('PAID', '00', 'A payment of the link was approved'), date: isoNow(), ...given };
		const site = app.world.siteByLogin(link?.siteLogin ?? app.world.credentials.login);
		const secretKey = site?.secretKey ?? app.world.credentials.secretKey;
		const linkId = link ? link.id : toId(BigInt(String(body.linkId)));
		const event = linkNotificationBody({ linkId, status, reference: String(body.reference ?? link?.reference) }, secretKey);
		if (body.tamper === true) event.signature = tamperHex(String(event.signature));
		const sent = payloadText(body, event);
		return answer(await sendCopies(app, 'link', body.url, sent, {}, control.copies), sent);
	});
}
