// GET and DELETE /__sandbox/webhooks/deliveries: every outbound delivery of the sandbox (the last 500), and
// emptying the list.
import { ok, type SandboxApp } from '../../http';
import { state } from './state';

export function register(app: SandboxApp): void {
	app.router.get('/__sandbox/webhooks/deliveries', () => ok({ deliveries: state(app).deliveries }));
	app.router.on('DELETE', '/__sandbox/webhooks/deliveries', () => {
		state(app).deliveries = [];
		return ok();
	});
}
