/** POST /api/notifications as the Merchant Onboarding API states it, checked before anything is sent. */
import { z } from 'zod/v3';

import { numericIdSchema } from '../shared/schemas/identifiers';

const text = z.string({ invalid_type_error: 'must be text', required_error: 'is required' });
const requiredText = text.trim().min(1, 'is required');

const LOCALES = ['es', 'en', 'pt', 'it'] as const;

/**
 * The spec does not say which channel sub-fields are required nor whether a channel is mandatory; this node
 * requires at least one channel and, in each, what it cannot be delivered without (see docs/nodes/notification.md).
 */
export const messageSchema = z
	.object({
		locale: z.enum(LOCALES, { errorMap: () => ({ message: 'must be one of es, en, pt, it' }) }).optional(),
		message: requiredText,
		kind: text.max(50, 'must be at most 50 characters').optional(),
		site_id: numericIdSchema.optional(),
		channels: z
			.object(
				{
					sms: z.object({ phone_number: requiredText, short_message: requiredText }).strict().optional(),
					chat: z
						.object({
							phone_number: requiredText,
							template: z
								.object({ name: requiredText, lang: text.optional(), parameters: z.array(text).optional() }, { required_error: 'is required: give at least the template name' })
								.strict(),
						})
						.strict()
						.optional(),
					email: z.object({ email: text.email('must be an e-mail address'), subject: text.optional() }).strict().optional(),
				},
				{ required_error: 'must hold at least one channel: choose SMS, chat or e-mail' },
			)
			.strict()
			.refine((channels) => Object.keys(channels).length > 0, { message: 'must hold at least one channel: choose SMS, chat or e-mail' }),
	})
	.strict();

export type MessageBody = z.infer<typeof messageSchema>;
