/**
 * A refund as a transaction of its own (docs/sandbox/checkout.md, "Refunds"): kept with the gateway's
 * transactions, so that reports list it beside the payment it gives back, and query finds it by its own
 * internal reference.
 */
import type { SandboxApp, StatusBlock } from '../../http';
import type { Id } from '../../json';
import { state } from './state';

export interface RefundRecord {
	internalReference: Id;
	amount: { currency: string; total: number };
	date: string;
	status: StatusBlock;
}

/** Records a refund of the payment with this internal reference as a REFUND transaction of the same site. */
export function recordRefundTransaction(app: SandboxApp, paymentInternalReference: Id, refund: RefundRecord): void {
	const transactions = state(app).transactions;
	const payment = transactions[String(paymentInternalReference)];
	if (!payment) return;
	const paid = payment.view;
	transactions[String(refund.internalReference)] = {
		siteLogin: payment.siteLogin,
		view: {
			status: refund.status,
			date: refund.date,
			transactionDate: refund.date,
			internalReference: refund.internalReference,
			// The payment's reference: what a finance sheet matches a refund to its payment by.
			reference: paid.reference,
			paymentMethod: paid.paymentMethod,
			franchise: paid.franchise,
			issuerName: paid.issuerName,
			amount: refund.amount,
			authorization: null,
			receipt: null,
			type: 'REFUND',
			refunded: false,
			lastDigits: paid.lastDigits ?? null,
		},
		payer: payment.payer,
		ipAddress: payment.ipAddress,
	};
}
