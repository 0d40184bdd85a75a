import { simplifyProperty, simplifyOn } from '../../../shared/descriptions/simplify';
import { includeSecretsProperty } from '../../../shared/descriptions/commonFields';
import { oneRequestOperation } from '../../../shared/operation/oneRequestOperation';
import { notFoundBy } from '../../../shared/operation/words';
import { validationSessionLocator } from '../../descriptions/fields';
import { validatorQuerySchema, type ValidatorQueryBody } from '../../schemas';
import { GATEWAY_DATES, simplifyValidationSession } from '../../output';

export const getSession = oneRequestOperation<ValidatorQueryBody>({
	siteClock: { dates: GATEWAY_DATES },
	value: 'getSession',
	name: 'Get Session',
	action: 'Get an account validation session',
	description: 'The state of a validation session and, once the user validated the account, its token',
	api: 'gateway',
	path: '/gateway/account-validator/query',
	notFound: notFoundBy('Validation session', { name: 'requestId', displayName: 'Session ID' }),
	safety: 'read',
	acceptFailedStatus: true,
	properties: [
		validationSessionLocator,
		simplifyProperty,
		{ ...includeSecretsProperty, description: 'Whether to output the token and subtoken of the validated account as they are (to charge it later with Gateway > Process). Off: each is replaced by "[hidden: turn on Include Secrets]". Executions store their output, so turn it on only when the next node needs them. Never on when the node is used as an AI tool.', hint: 'Off: the validated account\'s token and subtoken are output as "[hidden: turn on Include Secrets]".' },
	],
	body: (ctx) => ({ requestId: String(ctx.param<string>('requestId', '') ?? '').trim() }),
	schema: validatorQuerySchema,
	output: (answer, ctx) => (simplifyOn(ctx) ? simplifyValidationSession(answer) : answer),
});
