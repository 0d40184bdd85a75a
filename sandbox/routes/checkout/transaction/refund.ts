// POST /api/reverse (payment-processing-api.md, "Checkout sessions"): refund an approved payment, in full or in
// part, whatever channel it was paid through (checkout/gatewayPayment.ts); the Session node's Transaction > Refund.
import { signed } from '../../../guards';
import { notFound, ok, type SandboxApp } from '../../../http';
import { amountSchema, check, object } from '../../../rules';
import { ownPayment } from '../gatewayPayment';
import { amountProblem, auth, conflict, digits, internalReference, recordRefund, round2 } from '../state';

const schema = object({ auth, internalReference: internalReference(), amount: amountSchema.optional() });

export function register(app: SandboxApp): void {
	app.router.post(
		'/api/reverse',
		signed((request, app) => {
			const checked = check(schema, request.body);
			if ('refusal' in checked) return checked.refusal;
			const { internalReference: ref, amount } = checked.value;
			const found = ownPayment(app, request.site?.login, ref);
			if (!found) return notFound(`The transaction ${ref}`);
			const { txn, payment } = found;
			if (payment.status.status !== 'APPROVED' || txn.state === 'reversed' || txn.state === 'declined') {
				return conflict('XR', `The transaction ${ref} is not an approved payment and cannot be refunded`);
			}
			const remaining = round2(txn.total - txn.returned);
			if (remaining <= 0) return conflict('XR', `The transaction ${ref} is already refunded`);
			const problem = amountProblem(amount, txn, remaining, 'the amount not yet refunded');
			if (problem) return problem;
			const refundTotal = amount ? amount.total : remaining;
			const refund = recordRefund(app, found, refundTotal, refundTotal >= remaining ? 'The payment was refunded' : 'Part of the payment was refunded');
			return ok(
				{
					payment: {
						status: refund.status,
						internalReference: payment.internalReference,
						paymentMethod: payment.paymentMethod,
						paymentMethodName: payment.paymentMethodName,
						issuerName: payment.issuerName,
						amount: { from: { currency: txn.currency, total: refundTotal }, to: { currency: txn.currency, total: refundTotal }, factor: 1 },
						authorization: digits(6),
						reference: payment.reference,
						receipt: digits(12),
						franchise: payment.franchise,
						refunded: payment.refunded,
						processorFields: payment.processorFields,
					},
				},
				'The refund was processed',
			);
		}),
	);
}
