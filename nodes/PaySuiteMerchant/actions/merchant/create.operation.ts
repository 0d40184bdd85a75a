import type { PaySuiteOperation } from '../../../shared/operation/types';
import { merchantCreateSchema } from '../../schemas';
import { merchantBody } from './merchantBody';
import { createProperties } from '../../descriptions/merchantFields';
import { waitProperties, writeOptionsProperty } from '../../descriptions/writeOptions';
import { merchantWrite } from './write';

export const create: PaySuiteOperation = {
	value: 'create',
	name: 'Create',
	action: 'Create a merchant',
	description:
		'Register a merchant with its sites, payment methods and integrations. The platform answers with a process; optionally wait for it to get the merchant ID.',
	properties: [...createProperties, ...waitProperties, writeOptionsProperty],
	execute: (ctx) =>
		merchantWrite(ctx, {
			method: 'POST',
			path: '/api/merchants',
			body: merchantBody(ctx, 'create'),
			schema: merchantCreateSchema,
			keyScope: 'merchant.create',
		}),
};
