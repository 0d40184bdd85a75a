import type { IDataObject } from 'n8n-workflow';

/** One item per payment made through a link, each with the link's id, reference and status. */
export function linkPayments(answer: IDataObject): IDataObject[] {
	const payments = Array.isArray(answer.payments) ? (answer.payments as IDataObject[]) : [];
	return payments.map((payment) => ({ linkId: answer.id, linkReference: answer.reference, linkStatus: answer.status, ...payment }));
}
