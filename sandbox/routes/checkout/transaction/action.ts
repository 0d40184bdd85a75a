// POST /api/transaction (payment-processing-api.md, "Checkout sessions"): one endpoint for the Session node's
// Transaction > Checkout, Reauthorize and Reverse, told apart by `action`.
import { signed } from '../../../guards';
import { notFound, ok, type SandboxApp } from '../../../http';
import { amountSchema, check, enumOf, object } from '../../../rules';
import { ownPayment } from '../gatewayPayment';
import { amountProblem, auth, conflict, internalReference, recordRefund, round2 } from '../state';

const schema = object({
	auth,
	action: enumOf(['checkout', 'reauthorization', 'reverse']),
	internalReference: internalReference(),
	amount: amountSchema.optional(),
});

export function register(app: SandboxApp): void {
	app.router.post(
		'/api/transaction',
		signed((request, app) => {
			const checked = check(schema, request.body);
			if ('refusal' in checked) return checked.refusal;
			const { action, internalReference: ref, amount } = checked.value;
			const found = ownPayment(app, request.site?.login, ref);
			if (!found) return notFound(`The transaction ${ref}`);
			const { txn, payment, session } = found;
			if (payment.status.status !== 'APPROVED') return conflict('XT', `The transaction ${ref} is not approved`);
			if (action === 'checkout' || action === 'reauthorization') {
				if (txn.kind !== 'checkin') return conflict('XT', `The transaction ${ref} is not a check-in (pre-authorization); ${action} applies only to check-ins`);
				if (txn.state !== 'held') return conflict('XT', `The check-in ${ref} is already ${txn.state}`);
			} else if (txn.state === 'reversed') {
				return conflict('XT', `The transaction ${ref} is already reversed`);
			}
			let acted = txn.total - txn.returned;
			if (action === 'reauthorization') {
				// The new amount to hold: any positive amount in the transaction's currency.
				const problem = amountProblem(amount, txn, Number.POSITIVE_INFINITY, 'the limit');
				if (problem) return problem;
				if (amount) txn.total = amount.total;
				acted = txn.total;
			} else {
				const problem = amountProblem(amount, txn, round2(txn.total - txn.returned), action === 'checkout' ? 'the amount held' : 'the amount not yet reversed');
				if (problem) return problem;
				acted = amount ? amount.total : round2(txn.total - txn.returned);
				if (action === 'checkout') {
					txn.state = 'collected';
					txn.total = acted;
				} else {
					recordRefund(app, found, acted, 'The payment was reversed');
				}
			}
			const paymentRequest = (session?.request.payment ?? {}) as Record<string, unknown>;
			// The spec shows the answer as the Payment request structure.
			return ok(
				{
					reference: paymentRequest.reference ?? payment.reference,
					...(paymentRequest.description !== undefined ? { description: paymentRequest.description } : {}),
					amount: { currency: txn.currency, total: round2(acted) },
					allowPartial: Boolean(paymentRequest.allowPartial),
				},
				`The ${action} was processed`,
			);
		}),
	);
}
