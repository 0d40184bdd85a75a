import { optionsCollection } from '../../../shared/descriptions/collections';
import { requestOperation } from '../../../shared/operation';
import { tokenFromParameters, tokenProperties } from '../../fields';
import { validatorValidateSchema, type ValidatorValidateBody } from '../../schemas';

export const validateToken = requestOperation<ValidatorValidateBody>({
	value: 'validateToken',
	name: 'Validate Token',
	action: 'Validate an account token',
	description:
		'Check that a validated account still exists, is yours and is active, and (with an amount) that its balance covers it. Outputs the platform status; may be repeated as often as needed.',
	api: 'gateway',
	path: '/gateway/account-validator/validate',
	safety: 'read',
	// A rule that fails is the answer (status REJECTED/FAILED), not an error of the node.
	acceptFailedStatus: true,
	properties: [
		...tokenProperties({ token: 'The token of the account, from Get Session', subtoken: 'The subtoken of the account, from Get Session' }),
		optionsCollection([
			{
				displayName: 'Amount',
				name: 'total',
				type: 'number',
				typeOptions: { minValue: 0 },
				default: 0,
				description: 'Check that the balance of the account covers this amount (with Currency)',
			},
			{ displayName: 'Currency', name: 'currency', type: 'string', default: '', placeholder: 'USD', description: 'ISO 4217 alphabetic code of the amount' },
			{ displayName: 'Locale', name: 'locale', type: 'string', default: '', placeholder: 'en', description: 'Language of the answer (max 5 characters; the platform uses en by default)' },
		]),
	],
	body: (ctx) => {
		const options = ctx.param<{ total?: number; currency?: string; locale?: string }>('options', {});
		const withAmount = options.total !== undefined || Boolean(options.currency);
		return {
			instrument: { token: tokenFromParameters(ctx) },
			payment: withAmount ? { amount: { currency: options.currency, total: options.total } } : undefined,
			locale: options.locale,
		};
	},
	schema: validatorValidateSchema,
});
