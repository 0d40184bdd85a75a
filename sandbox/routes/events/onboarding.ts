// POST /__sandbox/webhooks/onboarding: sends an onboarding process notification (merchant-onboarding-api.md,
// "Events"), signed with X-Signature; the signature's secret, key id and time can be changed to test refusals.
import { invalidField, notFound, type SandboxApp } from '../../http';
import { state as onboardingState } from '../onboarding/state';
import { answer, controlBody, deliberateBody, payloadText, processNotificationBody, processSignatureHeader, sendCopies, tamperHex } from './state';

export function register(app: SandboxApp): void {
	app.router.post('/__sandbox/webhooks/onboarding', async (request) => {
		const control = controlBody(request);
		if (control.refusal) return control.refusal;
		const body = control.body;
		if (typeof body.processId !== 'string' || !body.processId) return invalidField('processId', 'is required');
		const process = onboardingState(app).processes[body.processId.toLowerCase()];
		if (!process && typeof body.action !== 'string') return notFound(`Process ${body.processId} (give action to send one anyway)`);
		const action = typeof body.action === 'string' ? body.action : String(process?.action);
		const status = typeof body.status === 'string' ? body.status : (process?.final?.status ?? 'PENDING');
		const sent = payloadText(body, processNotificationBody(body.processId, action, status));
		const headers: Record<string, string> = {};
		if (body.unsigned !== true) {
			const { notificationSecret, notificationKeyId } = app.world.credentials;
			const offset = Number.isFinite(Number(body.timestampOffsetSeconds)) ? Math.trunc(Number(body.timestampOffsetSeconds)) : 0;
			let header = processSignatureHeader(
				typeof body.secret === 'string' ? body.secret : notificationSecret,
				typeof body.keyId === 'string' ? body.keyId : notificationKeyId,
				Math.floor(Date.now() / 1000) + offset,
				sent,
			);
			if (body.tamper === true) header = tamperHex(header);
			headers['x-signature'] = header;
		}
		return answer(await sendCopies(app, 'onboarding', body.url, sent, headers, control.copies, deliberateBody(body)), sent, headers);
	});
}
