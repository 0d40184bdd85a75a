/** What the Payment Link node sends, as zod schemas with the spec's limits. */
import { z } from 'zod/v3';

import { formatSpaced, parseDateTimeInput } from '../shared/schemas/dateTime';
import { amountSchema, descriptionSchema, nameValuePairSchema, referenceSchema } from '../shared/schemas/payment';
import { httpUrl } from '../shared/schemas/url';

const LINK_DATE = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

const positiveInteger = z.preprocess(
	(value) => (typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : value),
	z.number({ invalid_type_error: 'must be a whole number', required_error: 'is required' }).int('must be a whole number').positive('must be more than 0'),
);

/** Each keyword once: a repeat fails on the second occurrence's path. */
const uniqueAdditional = z.array(nameValuePairSchema).superRefine((pairs, ctx) => {
	const seen = new Map<string, number>();
	pairs.forEach((pair, index) => {
		const first = seen.get(pair.keyword);
		if (first === undefined) seen.set(pair.keyword, index);
		else {
			ctx.addIssue({
				code: 'custom',
				path: [index, 'keyword'],
				message: `'${pair.keyword}' is already used by additional.${first}; each keyword must be unique within the link`,
			});
		}
	});
});

/**
 * The create body. `expirationDate` is wall-clock time of `timeZone` (the site's, in which the platform reads
 * it), and must be later than `now`.
 */
export function linkCreateSchema(timeZone: string | undefined, now: () => number = Date.now) {
	return z
		.object({
			name: z.string({ required_error: 'is required' }).min(1, 'must not be empty'),
			reference: referenceSchema,
			description: descriptionSchema,
			payment: z.object({ amount: amountSchema, modifiers: z.array(z.record(z.unknown())).optional() }).strict(),
			expirationDate: z
				.string({ required_error: 'is required' })
				.regex(LINK_DATE, 'must be a date-time (YYYY-MM-DD HH:MM:SS)')
				.superRefine((value, ctx) => {
					const at = parseDateTimeInput(value, timeZone);
					if (!at) ctx.addIssue({ code: 'custom', message: 'must be a real date-time (YYYY-MM-DD HH:MM:SS)' });
					else if (at.getTime() <= now()) {
						const zone = timeZone ?? 'UTC';
						ctx.addIssue({
							code: 'custom',
							message: `must be later than now (it is ${value}, time zone ${zone}, where it is now ${formatSpaced(new Date(now()), zone)})`,
						});
					}
				}),
			paymentExpiration: positiveInteger,
			paymentsAllowed: positiveInteger.optional(),
			isGeneric: z.boolean().optional(),
			receiverEmails: z.array(z.string().email('must be an e-mail address')).optional(),
			paymentMethod: z.array(z.string().min(1)).optional(),
			additional: uniqueAdditional.optional(),
			notificationUrl: httpUrl().optional(),
			locale: z.string().optional(),
		})
		.strict();
}
