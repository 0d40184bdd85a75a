// POST /ticket/create (core-administration-api.md, "POST /ticket/create"): tickets for the approved payment of
// an approved session of the calling site.
import { signed } from '../../../guards';
import { isoNow, notFound, ok, type SandboxApp } from '../../../http';
import { check, dateOnly, list, object, text } from '../../../rules';
import { auth, conflict, internalReference, ownTransaction, state } from '../state';

const schema = object({
	auth,
	internalReference: internalReference(),
	tickets: list(object({ ticket: text().min(1, 'must not be empty'), issuedAt: dateOnly() })).min(1, 'must hold at least one ticket'),
});

export function register(app: SandboxApp): void {
	app.router.post(
		'/ticket/create',
		signed((request, app) => {
			const checked = check(schema, request.body);
			if ('refusal' in checked) return checked.refusal;
			const { internalReference: ref, tickets } = checked.value;
			const found = ownTransaction(app, request.site?.login, ref);
			if (!found) return notFound(`The transaction ${ref}`);
			if (found.session.status.status !== 'APPROVED' || found.payment.status.status !== 'APPROVED') {
				return conflict('XK', `The transaction ${ref} is not the approved payment of an approved session`);
			}
			const stamp = isoNow().slice(0, 19).replace('T', ' ');
			const stored = (state(app).tickets[String(ref)] ??= []);
			for (const entry of tickets) stored.push({ internalReference: ref, ticket: entry.ticket, issuedAt: entry.issuedAt, createdAt: stamp, updatedAt: stamp });
			return ok({ count: tickets.length }, 'The tickets were created');
		}),
	);
}
