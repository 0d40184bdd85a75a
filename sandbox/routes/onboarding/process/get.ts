// GET /api/processes/{processId} (merchant-onboarding-api.md, "GET /api/processes/{processId}"): PENDING with
// Retry-After for processPendingPolls queries, then final without it; the Merchant node's Process > Get and
// Wait for Completion both poll it.
import { bearer } from '../../../guards';
import { notFound, type SandboxApp } from '../../../http';
import { finish, pendingPolls, processView, retryAfter } from '../processes';
import { state } from '../state';

export function register(app: SandboxApp): void {
	app.router.get(
		'/api/processes/:processId',
		bearer('onboarding:read', (request) => {
			const process = state(app).processes[request.params.processId.toLowerCase()];
			if (!process) return notFound(`Process ${request.params.processId}`);
			if (!process.final) {
				process.polls += 1;
				if (process.polls > pendingPolls(app) || Date.now() >= process.deadline) finish(app, process);
			}
			if (!process.final) return { status: 200, headers: { 'retry-after': String(retryAfter(app)) }, body: processView(process) };
			return { status: 200, body: processView(process) };
		}),
	);
}
