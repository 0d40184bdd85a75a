/**
 * Captures, at every level, what n8n logs while nodes run: the Logger that node contexts get from n8n's
 * container (`this.logger`), the LoggerProxy that n8n-core's engine logs through, and the console.
 */
/* eslint-disable @n8n/community-nodes/no-restricted-imports -- runs in Node, not in n8n: eslint.dev.config.mjs lints it */
import { Logger } from '@n8n/backend-common';
import { Container } from '@n8n/di';
import { LoggerProxy } from 'n8n-workflow';

export interface LogCapture {
	lines: string[];
	restore(): void;
}

/**
 * Starts capturing. n8n's Logger, once made, points the LoggerProxy at itself: so the container gets the
 * capturing logger before anything asks it for one. Call it before the first run (in beforeAll).
 */
export function captureLogs(): LogCapture {
	const lines: string[] = [];
	const record = (level: string) => (message: unknown, meta?: unknown) => {
		lines.push(`${level} ${String(message)}${meta === undefined ? '' : ` ${JSON.stringify(meta)}`}`);
	};
	const capturing = {
		error: record('error'),
		warn: record('warn'),
		info: record('info'),
		debug: record('debug'),
		scoped: () => capturing,
	};
	Container.set(Logger, capturing as unknown as Logger);
	LoggerProxy.init(capturing as never);
	const spies = (['log', 'info', 'warn', 'error', 'debug'] as const).map((method) =>
		jest.spyOn(console, method).mockImplementation((...args: unknown[]) => lines.push(`console.${method} ${args.map(String).join(' ')}`)),
	);
	return {
		lines,
		restore: () => {
			// The container and the proxy belong to this test file's module registry: they go with it.
			for (const spy of spies) spy.mockRestore();
		},
	};
}
