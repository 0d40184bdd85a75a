/** `/__sandbox/onboarding/...`: what a test or a demo needs that the spec's endpoints do not offer. */
import { notFound, ok, type SandboxApp } from '../../http';
import { finish, processView } from './processes';
import { CURRENCY_CATALOG, MCC_CATALOG, state, TIMEZONE_CATALOG } from './state';

export function register(app: SandboxApp): void {
	app.router.get('/__sandbox/onboarding/processes', () => ok({ processes: Object.values(state(app).processes).map((p) => ({ ...processView(p), polls: p.polls, body: p.body })) }));
	app.router.post('/__sandbox/onboarding/processes/:processId/finish', (request) => {
		const process = state(app).processes[request.params.processId.toLowerCase()];
		if (!process) return notFound(`Process ${request.params.processId}`);
		finish(app, process);
		return ok(processView(process));
	});
	app.router.get('/__sandbox/onboarding/merchants', () => ok({ merchants: Object.values(state(app).merchants) }));
	app.router.get('/__sandbox/onboarding/messages', () => ok({ messages: state(app).messages }));
	app.router.get('/__sandbox/onboarding/catalog', () => ok({ mcc: MCC_CATALOG, timezones: TIMEZONE_CATALOG, currencies: CURRENCY_CATALOG }));
}
