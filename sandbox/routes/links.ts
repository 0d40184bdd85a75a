/** Routes of this API area; see docs/sandbox.md. */
import type { SandboxApp } from '../http';

export function register(app: SandboxApp): void {
	void app;
}
