/**
 * A URL the platform calls or sends a buyer to: http or https only. Other schemes (javascript:, data:, file:...) at
 * best fail on the platform and at worst run in a buyer's browser.
 */
import { z } from 'zod/v3';

const WEB_SCHEMES = new Set(['http:', 'https:']);

/** Undefined for an absolute http(s) URL. Pure. */
export function webUrlProblem(value: string): string | undefined {
	let url: URL;
	try {
		url = new URL(value.trim());
	} catch {
		return 'must be a URL such as https://example.com/path';
	}
	if (!WEB_SCHEMES.has(url.protocol)) return `must be a URL starting with https:// or http:// (${url.protocol} addresses are not allowed)`;
	if (!url.hostname) return 'must be a URL with a host name, such as https://example.com/path';
	return undefined;
}

export function httpUrl(max?: number) {
	const text = z.string({ required_error: 'is required', invalid_type_error: 'must be a URL (text)' });
	return (max === undefined ? text : text.max(max, `must be at most ${max} characters`)).superRefine((value, ctx) => {
		const problem = webUrlProblem(value);
		if (problem) ctx.addIssue({ code: 'custom', message: problem });
	});
}
