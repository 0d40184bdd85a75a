import {
	NodeConnectionTypes,
	type IExecuteFunctions,
	type INodeExecutionData,
	type INodeType,
	type INodeTypeDescription,
} from 'n8n-workflow';

import { executeResources } from '../shared/operation/execute';
import { buildProperties } from '../shared/operation/properties';
import { message } from './actions/message/Message.resource';
import { credentialTest } from '../shared/transport/credentialTest';

const resources = [message];

export class PaySuiteNotification implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'PaySuite Notification',
		name: 'paySuiteNotification',
		icon: { light: 'file:../../icons/notification.svg', dark: 'file:../../icons/notification.dark.svg' },
		group: ['transform'],
		version: 1,
		subtitle: '={{$parameter["operation"] + ": " + $parameter["resource"]}}',
		description: 'Send one-way informational messages by SMS, messaging app or e-mail',
		defaults: { name: 'PaySuite Notification' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'paySuiteOnboardingApi', required: true, testedBy: 'paySuiteOnboardingApiTest' }],
		properties: buildProperties(resources),
	};

	/** The credential's Test button (see credentialTest.ts). */
	methods = { credentialTest };

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return executeResources.call(this, resources);
	}
}
