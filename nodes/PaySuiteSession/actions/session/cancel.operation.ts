import { NodeApiError, type JsonObject } from 'n8n-workflow';

import { pathId } from '../../../shared/identifiers';
import { toItems, type PaySuiteOperation } from '../../../shared/operation';
import { requestIdProperty } from './get.operation';

const REFUSED_HINT =
	'A session can be cancelled only while it has no approved payment (or holds a cash payment not yet paid). To give the money back, refund the payment instead (Transaction > Refund).';

export const cancel: PaySuiteOperation = {
	value: 'cancel',
	name: 'Cancel',
	action: 'Cancel a checkout session',
	description: 'Cancel a session that has no approved payment',
	properties: [requestIdProperty],
	async execute(ctx) {
		const path = `/api/session/${pathId(ctx, 'requestId')}/cancel`;
		try {
			const answer = await ctx.request({ api: 'checkout', path, safety: 'write' });
			return toItems(answer.body);
		} catch (error) {
			const failure = error as NodeApiError;
			const code = Number(failure.httpCode);
			// The platform answered and refused: say what the usual cause is, next to its own words.
			if (error instanceof NodeApiError && code >= 200 && code < 500 && ![401, 403, 404].includes(code)) {
				failure.description = [failure.description, REFUSED_HINT].filter(Boolean).join('\n');
			}
			throw new NodeApiError(ctx.node, failure as unknown as JsonObject);
		}
	},
};
