// POST /api/payment-link (payment-processing-api.md, "Payment links"): a new link; its reference is unique
// among the site's links.
import { randomBytes } from 'crypto';
import { z } from 'zod/v3';

import { signed } from '../../guards';
import { invalidField, type SandboxApp } from '../../http';
import { amountDecimals, check, currency, list, number, object, positiveInteger, text, webUrl } from '../../rules';
import { description, reference } from '../checkout/state';
import { wallClockText } from '../../wallClock';
import { watchExpiry } from './notify';
import { mailLink } from './outbox';
import { answer, linkDateMs, spaced, state, type LinkRecord } from './state';

const bool = () => z.boolean({ invalid_type_error: 'must be true or false' });
const amountSchema = object({
	currency: currency(),
	total: z
		.union([number(), text().regex(/^\d+(\.\d+)?$/)], { errorMap: () => ({ message: 'must be a number' }) })
		.transform(Number),
	taxes: list(object({ kind: text(), amount: number(), base: number().optional() })).optional(),
	details: list(object({ kind: text(), amount: number() })).optional(),
}).superRefine(amountDecimals);

const schema = (now: number, timeZone: string) =>
	object({
		auth: z.unknown(),
		notificationUrl: webUrl().optional(),
		// The spec gives the language-underscore-country form as an example, not as a rule.
		locale: text().optional(),
		name: text().min(1, 'must not be empty'),
		paymentsAllowed: positiveInteger().optional(),
		expirationDate: text().superRefine((value, ctx) => {
			const at = linkDateMs(value, timeZone);
			if (at === undefined) ctx.addIssue({ code: 'custom', message: 'must be a date-time of the form YYYY-MM-DD HH:MM:SS' });
			else if (at <= now) {
				ctx.addIssue({ code: 'custom', message: `must be later than the current time (${wallClockText(now, timeZone)} in the site's time zone ${timeZone})` });
			}
		}),
		paymentExpiration: positiveInteger(),
		payment: object({
			amount: amountSchema,
			modifiers: list(object({ type: text(), code: z.unknown(), additional: z.record(z.unknown()) }).partial()).optional(),
		}),
		reference: reference(),
		description: description(),
		paymentMethod: list(text().min(1, 'must not be empty')).optional(),
		receiverEmails: list(text().email('must be an e-mail address')).optional(),
		additional: list(
			object({ keyword: text().min(1, 'must not be empty'), value: z.unknown(), displayOn: z.enum(['none', 'approved', 'payment', 'both']).optional() }),
		)
			.superRefine((pairs, ctx) => {
				const seen = new Set<string>();
				pairs.forEach((pair, index) => {
					if (seen.has(pair.keyword)) ctx.addIssue({ code: 'custom', path: [index, 'keyword'], message: `must be unique within the link ('${pair.keyword}' appears twice)` });
					seen.add(pair.keyword);
				});
			})
			.optional(),
		isGeneric: bool().optional(),
	});

export function register(app: SandboxApp): void {
	app.router.post(
		'/api/payment-link',
		signed((request, app) => {
			const now = Date.now();
			const timeZone = request.site!.timezone ?? app.world.siteTimeZone;
			const checked = check(schema(now, timeZone), request.body);
			if ('refusal' in checked) return checked.refusal;
			const body = checked.value;
			const site = request.site!;
			const links = state(app).links;
			const taken = Object.values(links).find((link) => link.siteLogin === site.login && link.reference === body.reference);
			if (taken) {
				return invalidField('reference', `must be unique: the link ${taken.id} already has it`);
			}
			const id = app.world.nextId('paymentLink', 3001);
			const link: LinkRecord = {
				id,
				siteLogin: site.login,
				site: { id: site.id, name: String(site.name ?? site.login) },
				disabled: false,
				url: `${app.url()}/payment-link/${id}/${randomBytes(8).toString('hex')}`,
				name: body.name,
				reference: body.reference,
				description: body.description,
				expirationDate: body.expirationDate,
				timeZone,
				paymentExpiration: body.paymentExpiration,
				paymentsAllowed: body.paymentsAllowed ?? null,
				isGeneric: body.isGeneric ?? false,
				amount: body.payment.amount,
				modifiers: body.payment.modifiers ?? [],
				notificationUrl: body.notificationUrl ?? null,
				locale: body.locale ?? 'es_CO',
				allowedPaymentMethods: body.paymentMethod ?? [],
				receiverEmails: body.receiverEmails ?? [],
				additional: body.additional ?? [],
				payments: [],
				createdAt: spaced(new Date(now), timeZone),
			};
			links[String(id)] = link;
			watchExpiry(app, link);
			mailLink(app, link);
			return answer(201, 'The payment link was created', { id, url: link.url });
		}),
	);
}
