import type { IDataObject } from 'n8n-workflow';

import { optionsCollection } from '../../../shared/descriptions/collections';
import { pathId } from '../../../shared/schemas/identifiers';
import { includeSecretsProperty } from '../../../shared/descriptions/commonFields';
import { oneRequestOperation } from '../../../shared/operation/oneRequestOperation';
import { notFoundBy } from '../../../shared/operation/words';
import { simplifyProperty, simplifyOn } from '../../../shared/descriptions/simplify';
import { merchantIdLocator } from '../../descriptions/identifiers';
import { simplifyMerchant, splitMerchant, type MerchantOutput } from '../../output';

export const get = oneRequestOperation({
	value: 'get',
	name: 'Get',
	action: 'Get a merchant',
	description:
		'Get a merchant with all its sites, payment methods and integrations. Warning: the platform returns credentials in clear (site tranKeys, provider passwords); they are hidden unless you turn on Include Secrets.',
	api: 'onboarding',
	method: 'GET',
	safety: 'read',
	notFound: notFoundBy('Merchant', merchantIdLocator),
	path: (ctx) => `/api/merchants/${pathId(ctx, 'merchantId')}`,
	properties: [
		merchantIdLocator,
		{ ...simplifyProperty, description: 'Whether to output one flat record (ids, names, counts; never a credential) instead of the whole merchant. Applies to the Merchant output.' },
		{ ...includeSecretsProperty, hint: 'Off: each site\'s transactional key (tranKey) and the passwords and keys in its payment methods\' and integrations\' settings are output as "[hidden: turn on Include Secrets]".' },
		optionsCollection([
			{
				displayName: 'Output',
				name: 'output',
				type: 'options',
				options: [
					{ name: 'Merchant', value: 'merchant', description: 'One item: the whole merchant' },
					{ name: 'One Item per Payment Method', value: 'paymentMethods', description: "One item per merchant payment method, with the merchant's ID" },
					{ name: 'One Item per Site', value: 'sites', description: "One item per site, with the merchant's ID" },
				],
				default: 'merchant',
			},
		]),
	],
	output: (answer, ctx) => {
		const options = ctx.param<IDataObject>('options', {});
		const output = (options.output as MerchantOutput | undefined) ?? 'merchant';
		if (output === 'merchant' && simplifyOn(ctx)) return [simplifyMerchant(answer)];
		return splitMerchant(answer, output);
	},
});
