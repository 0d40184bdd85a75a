/**
 * The statuses a checkout session has as the session query reports them (`status.status`; the platform's status list without OK, which no
 * session has), with their labels, and the two a payment link without an approved payment ends in (its own status). PENDING,
 * PENDING_VALIDATION and PENDING_PROCESS are the ones still waiting for the buyer or the processor.
 */
export const SESSION_STATUSES: ReadonlyArray<{ name: string; value: string }> = [
	{ name: 'Approved', value: 'APPROVED' },
	{ name: 'Approved Partial', value: 'APPROVED_PARTIAL' },
	{ name: 'Partial Expired', value: 'PARTIAL_EXPIRED' },
	{ name: 'Rejected', value: 'REJECTED' },
	{ name: 'Pending', value: 'PENDING' },
	{ name: 'Pending Validation', value: 'PENDING_VALIDATION' },
	{ name: 'Pending Process', value: 'PENDING_PROCESS' },
	{ name: 'Refunded', value: 'REFUNDED' },
	{ name: 'Reversed', value: 'REVERSED' },
	{ name: 'Failed', value: 'FAILED' },
	{ name: 'Error', value: 'ERROR' },
	{ name: 'Unknown', value: 'UNKNOWN' },
	{ name: 'Manual', value: 'MANUAL' },
	{ name: 'Dispute', value: 'DISPUTE' },
	{ name: 'Expired (Payment Link)', value: 'EXPIRED' },
	{ name: 'Inactive (Payment Link)', value: 'INACTIVE' },
];
