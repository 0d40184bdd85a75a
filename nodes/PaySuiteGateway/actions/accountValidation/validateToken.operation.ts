import { currencyOptions } from '../../../shared/descriptions/choices';
import { optionsCollection } from '../../../shared/descriptions/collections';
import { simplifyProperty, simplifyOn } from '../../../shared/descriptions/simplify';
import { oneRequestOperation } from '../../../shared/operation/oneRequestOperation';
import { localeOption, tokenProperties } from '../../descriptions/fields';
import { tokenFromParameters } from '../instrument';
import { validatorValidateSchema, type ValidatorValidateBody } from '../../schemas';
import { GATEWAY_DATES, simplifyTokenValidation } from '../../output';

export const validateToken = oneRequestOperation<ValidatorValidateBody>({
	siteClock: { dates: GATEWAY_DATES },
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
		simplifyProperty,
		optionsCollection([
			{
				displayName: 'Amount',
				name: 'total',
				type: 'number',
				typeOptions: { minValue: 0 },
				default: 0,
				description: 'Check that the balance of the account covers this amount (with Currency)',
			},
			{ displayName: 'Currency', name: 'currency', type: 'options', options: currencyOptions, default: 'USD', description: 'Currency of the amount' },
			{ ...localeOption, description: 'Language of the answer (the platform answers in English by default)' },
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
	output: (answer, ctx) => (simplifyOn(ctx) ? simplifyTokenValidation(answer) : answer),
});
