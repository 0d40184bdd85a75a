import type { IDataObject } from 'n8n-workflow';

import type { OperationContext } from '../context/item';
import { onePerPaymentOutput } from './onePerPayment';

/** A context whose parameters are these. */
const ctxWith = (params: IDataObject) => ({ param: (name: string, fallback?: unknown) => params[name] ?? fallback }) as unknown as OperationContext;

describe('onePerPaymentOutput', () => {
	const output = onePerPaymentOutput({
		simple: () => ({ shape: 'simple' }),
		payments: () => [{ shape: 'payment' }],
		simplePayments: () => [{ shape: 'simple payment' }],
	});
	const answer = { shape: 'answer' };

	it('gives the simplified answer by default, the answer as it came with Simplify off', () => {
		expect(output(answer, ctxWith({}))).toEqual({ shape: 'simple' });
		expect(output(answer, ctxWith({ simple: false }))).toBe(answer);
	});

	it('gives one item per payment with One Item per Payment, simplified or as it came', () => {
		expect(output(answer, ctxWith({ options: { splitPayments: true } }))).toEqual([{ shape: 'simple payment' }]);
		expect(output(answer, ctxWith({ options: { splitPayments: true }, simple: false }))).toEqual([{ shape: 'payment' }]);
	});
});
