import type { IDataObject } from 'n8n-workflow';

import { pathId } from '../../../shared/schemas/identifiers';
import { settleLostAnswer, type LostAnswerWords } from '../../../shared/transport/lostAnswer';
import { paySuiteRequest } from '../../../shared/transport/request';
import type { OperationContext, PaySuiteOperation } from '../../../shared/operation/types';
import { linkIdProperty } from '../../descriptions/fields';

/** The path as the spec spells it, and the corrected spelling tried once when the platform answers 404 there. */
const DISABLE_PATHS = ['/api/payment-link/disalbe/', '/api/payment-link/disable/'] as const;

/** A lost answer: the link is read; INACTIVE confirms it was disabled. */
const lostDisable = (ctx: OperationContext, id: string): LostAnswerWords => ({
	maybe: `The payment link ${id} may have been disabled`,
	check: `Check the link with PaySuite Payment Link > Get before trying again.`,
	confirm: async () => {
		const link = await paySuiteRequest<IDataObject>(ctx, { api: 'links', path: `/api/payment-link/${id}`, safety: 'read' });
		return link.body.status === 'INACTIVE' ? { id: link.body.id, link: link.body } : undefined;
	},
});

export const disable: PaySuiteOperation = {
	value: 'disable',
	name: 'Disable',
	action: 'Disable a payment link',
	description: 'Deactivate a payment link so that it accepts no more payments. If its answer is lost, the link is read to tell whether it was disabled.',
	properties: [linkIdProperty],
	async execute(ctx) {
		const id = pathId(ctx, 'linkId');
		const words = lostDisable(ctx, id);
		try {
			const first = await paySuiteRequest(ctx, { api: 'links', path: `${DISABLE_PATHS[0]}${id}`, safety: 'write', passThroughStatuses: [404] });
			if (first.statusCode !== 404) return ctx.fn.helpers.returnJsonArray(first.body);
			const second = await paySuiteRequest<IDataObject>(ctx, {
				api: 'links',
				path: `${DISABLE_PATHS[1]}${id}`,
				safety: 'write',
				notFound: { what: `Payment link ${id}`, field: linkIdProperty.displayName },
			});
			return ctx.fn.helpers.returnJsonArray(second.body);
		} catch (error) {
			return settleLostAnswer(ctx, error, words);
		}
	},
};
