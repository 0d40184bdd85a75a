// POST /api/merchants (merchant-onboarding-api.md, "POST /api/merchants (create a merchant)"): accepted with
// 202 and a process; the merchant exists once the process is final.
import { bearer } from '../../../guards';
import type { SandboxApp } from '../../../http';
import { CREATE, write } from '../merchantWrite';

export function register(app: SandboxApp): void {
	app.router.post(
		'/api/merchants',
		bearer('onboarding:create', (request) => write(app, request, CREATE)),
	);
}
