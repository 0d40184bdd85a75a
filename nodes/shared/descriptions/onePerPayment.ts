/**
 * The output choice of a Get whose answer lists payments (a checkout session's, a payment link's): one item for
 * the whole answer, or one item per payment (Options › One Item per Payment, parameter `splitPayments`).
 */
import type { IDataObject, INodeProperties } from 'n8n-workflow';

import type { OperationContext } from '../operation/types';
import { optionsCollection } from './collections';

/** The Options collection holding the choice; `description` says what each payment item carries. */
export const onePerPaymentOptions = (description: string): INodeProperties =>
	optionsCollection([{ displayName: 'One Item per Payment', name: 'splitPayments', type: 'boolean', default: false, description }]);

/** The `output` of such a Get: the answer, or `perPayment(answer)` when the user asked for one item per payment. */
export const onePerPaymentOutput =
	(perPayment: (answer: IDataObject) => IDataObject[]) =>
	(answer: IDataObject, ctx: OperationContext): IDataObject | IDataObject[] =>
		ctx.param<IDataObject>('options', {}).splitPayments ? perPayment(answer) : answer;
