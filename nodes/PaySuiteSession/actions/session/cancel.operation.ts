import { pathId } from '../../../shared/identifiers';
import { requestOperation } from '../../../shared/operation';
import { requestIdProperty } from '../../fields';

export const cancel = requestOperation({
	value: 'cancel',
	name: 'Cancel',
	action: 'Cancel a checkout session',
	description: 'Cancel a session that has no approved payment',
	api: 'checkout',
	path: (ctx) => `/api/session/${pathId(ctx, 'requestId')}/cancel`,
	safety: 'write',
	properties: [requestIdProperty],
	refusalHint:
		'A session can be cancelled only while it has no approved payment (or holds a cash payment not yet paid). To give the money back, refund the payment instead (Transaction > Refund).',
});
