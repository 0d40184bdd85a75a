import { optionsCollection } from '../../../shared/descriptions/collections';
import { oneRequestOperation } from '../../../shared/operation/oneRequestOperation';
import { localeOption } from '../../descriptions/fields';
import { validatorSessionSchema, type ValidatorSessionBody } from '../../schemas';

export const createSession = oneRequestOperation<ValidatorSessionBody>({
	value: 'createSession',
	name: 'Create Session',
	action: 'Create an account validation session',
	description: 'Start the validation of a bank account; send the user to the returned redirect URL. The session ID is a UUID.',
	api: 'gateway',
	path: '/gateway/account-validator/session',
	safety: 'write',
	properties: [
		{
			displayName: 'Email',
			name: 'email',
			type: 'string',
			placeholder: 'e.g. name@example.com',
			default: '',
			required: true,
			description: 'E-mail address of the user whose account is validated',
		},
		{
			displayName: 'Return URL',
			name: 'returnUrl',
			type: 'string',
			default: '',
			required: true,
			description: 'Where the user is sent when the validation ends (max 255 characters)',
		},
		optionsCollection([
			{
				displayName: 'Already Authenticated',
				name: 'isAuthenticated',
				type: 'boolean',
				default: false,
				description:
					'Whether you already authenticated the user, so the platform does not validate the e-mail again. When off, the platform sends a one-time code to users who validated accounts by micro-deposits before.',
			},
			{ ...localeOption, description: 'Language of the validation pages' },
			{ displayName: 'Name', name: 'name', type: 'string', default: '', description: 'First name(s) of the user' },
			{ displayName: 'Surname', name: 'surname', type: 'string', default: '', description: 'Last name(s) of the user' },
		]),
	],
	body: (ctx) => {
		const options = ctx.param<{ name?: string; surname?: string; locale?: string; isAuthenticated?: boolean }>('options', {});
		return {
			user: { name: options.name, surname: options.surname, email: ctx.param<string>('email', '') },
			returnUrl: ctx.param<string>('returnUrl', ''),
			locale: options.locale,
			isAuthenticated: options.isAuthenticated,
		};
	},
	schema: validatorSessionSchema,
	// The user is built from Email and the options: without an e-mail there is none.
	fieldLabels: { user: 'Email' },
});
