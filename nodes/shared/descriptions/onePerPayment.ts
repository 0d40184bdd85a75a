/**
 * The output choice of a Get whose answer lists payments (a checkout session's, a payment link's): one item for
 * the whole answer, or one item per payment (Options › One Item per Payment, parameter `splitPayments`).
 */
import type { IDataObject, INodeProperties } from 'n8n-workflow';

import type { OperationContext } from '../context/item';
import { optionsCollection } from './collections';
import { simplifyOn } from './simplify';

/** The Options collection holding the choice; `description` says what each payment item carries. */
export const onePerPaymentOptions = (description: string): INodeProperties =>
	optionsCollection([{ displayName: 'One Item per Payment', name: 'splitPayments', type: 'boolean', default: false, description }]);

/** The shapes of such a Get's output besides the answer as it came: simplified, and one item per payment. */
interface PaymentsOutputShapes {
	simple: (answer: IDataObject) => IDataObject;
	payments: (answer: IDataObject) => IDataObject[];
	simplePayments: (answer: IDataObject) => IDataObject[];
}

/** The `output` of such a Get: the answer or one item per payment (Options), each flat (Simplify) or as answered. */
export const onePerPaymentOutput =
	(shapes: PaymentsOutputShapes) =>
	(answer: IDataObject, ctx: OperationContext): IDataObject | IDataObject[] => {
		const simple = simplifyOn(ctx);
		if (ctx.param<IDataObject>('options', {}).splitPayments) return simple ? shapes.simplePayments(answer) : shapes.payments(answer);
		return simple ? shapes.simple(answer) : answer;
	};
