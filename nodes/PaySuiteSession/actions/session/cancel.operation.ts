import { pathId } from '../../../shared/schemas/identifiers';
import type { IDataObject } from 'n8n-workflow';

import { oneRequestOperation } from '../../../shared/operation/oneRequestOperation';
import { paySuiteRequest } from '../../../shared/transport/request';
import { notFoundBy } from '../../../shared/operation/words';
import { requestIdProperty } from '../../descriptions/fields';

export const cancel = oneRequestOperation({
	value: 'cancel',
	name: 'Cancel',
	action: 'Cancel a checkout session',
	description: 'Cancel a session that has no approved payment. If its answer is lost, the session is read to tell whether it was cancelled.',
	api: 'checkout',
	path: (ctx) => `/api/session/${pathId(ctx, 'requestId')}/cancel`,
	safety: 'write',
	notFound: notFoundBy('Session', requestIdProperty),
	properties: [requestIdProperty],
	// A lost answer: the session is read; cancelled by the merchant (REJECTED, reason MC) confirms it.
	lostAnswer: (ctx) => {
		const requestId = pathId(ctx, 'requestId');
		return {
			maybe: `The cancellation of session ${requestId} may have been made`,
			check: `Check the session with PaySuite Session > Session > Get before cancelling again.`,
			confirm: async () => {
				const answer = await paySuiteRequest<IDataObject>(ctx, { api: 'checkout', path: `/api/session/${requestId}`, safety: 'read' });
				const status = (answer.body.status ?? {}) as IDataObject;
				return status.status === 'REJECTED' && status.reason === 'MC' ? { session: answer.body } : undefined;
			},
		};
	},
	refusalHint:
		'A session can be cancelled only while it has no approved payment (or holds a cash payment not yet paid). To give the money back, refund the payment instead (Transaction > Refund).',
});
