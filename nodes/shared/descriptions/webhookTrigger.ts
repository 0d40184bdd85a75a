/** The members the webhook triggers (Checkout, Onboarding, Autopay) share; n8n calls them with its own `this`. */
import type { IExecuteFunctions, INodeExecutionData, IWebhookFunctions, IWebhookResponseData } from 'n8n-workflow';

import { receiveDelivery, type DeliveryDeclaration } from '../webhooks/delivery';
import { passDeliveryRun } from '../webhooks/runGate';

/** The node's `webhook()`: receives one delivery as `declaration` says. */
export const deliveryWebhook = <Delivery extends { ok: true }, Found>(declaration: DeliveryDeclaration<Delivery, Found>) =>
	async function webhook(this: IWebhookFunctions): Promise<IWebhookResponseData> {
		return await receiveDelivery(this, declaration);
	};

/** The start of each run a delivery started, on the worker: one run per delivery does the work (runGate.ts). */
export async function deliveryRun(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	return await passDeliveryRun(this);
}
