import type { IDataObject } from 'n8n-workflow';

/** One item per payment of a queried session, each with the session's requestId and status. */
export function sessionPayments(answer: IDataObject): IDataObject[] {
	const payments = Array.isArray(answer.payment) ? (answer.payment as IDataObject[]) : [];
	return payments.map((payment) => ({ requestId: answer.requestId, sessionStatus: answer.status, ...payment }));
}
