import { NodeConnectionTypes, type INodeExecutionData, type INodeType, type INodeTypeDescription, type IPollFunctions } from 'n8n-workflow';

import { credentialTest } from '../shared/transport/credentialTest';
import { transactionTriggerProperties } from './descriptions/fields';
import { pollTransactions } from './poll';
import { TRANSACTION_TRIGGER_VERSIONS } from './versions';

export class PaySuiteTransactionTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'PaySuite Transaction Trigger',
		name: 'paySuiteTransactionTrigger',
		icon: { light: 'file:../../icons/transaction-trigger.svg', dark: 'file:../../icons/transaction-trigger.dark.svg' },
		group: ['trigger'],
		...TRANSACTION_TRIGGER_VERSIONS,
		subtitle: '={{$parameter["triggerOn"] === "statusChanged" ? "Status changed" : "New transactions"}}',
		description:
			"Starts the workflow for each new transaction of the site, of every channel, read from the platform's transaction reports (no set-up on the platform)",
		defaults: { name: 'PaySuite Transaction Trigger' },
		polling: true,
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'paySuiteApi', required: true, testedBy: 'paySuiteApiTest' }],
		properties: transactionTriggerProperties,
	};

	/** The credential's Test button (see credentialTest.ts). */
	methods = { credentialTest };

	async poll(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
		return await pollTransactions(this);
	}
}
