import type { INodeProperties, INodeType } from 'n8n-workflow';

import { PaySuiteGateway } from '../../PaySuiteGateway/PaySuiteGateway.node';
import { PaySuiteMerchant } from '../../PaySuiteMerchant/PaySuiteMerchant.node';
import { PaySuiteNotification } from '../../PaySuiteNotification/PaySuiteNotification.node';
import { PaySuitePaymentLink } from '../../PaySuitePaymentLink/PaySuitePaymentLink.node';
import { PaySuitePaymentMethod } from '../../PaySuitePaymentMethod/PaySuitePaymentMethod.node';
import { PaySuiteSession } from '../../PaySuiteSession/PaySuiteSession.node';
import { PaySuiteSite } from '../../PaySuiteSite/PaySuiteSite.node';

const NODES: INodeType[] = [
	new PaySuiteGateway(),
	new PaySuiteMerchant(),
	new PaySuiteNotification(),
	new PaySuitePaymentLink(),
	new PaySuitePaymentMethod(),
	new PaySuiteSession(),
	new PaySuiteSite(),
];

/** Every collection of the properties, nested ones included, as "path: option names". */
function collections(properties: INodeProperties[], path: string): Array<[string, string[]]> {
	return properties.flatMap((property): Array<[string, string[]]> => {
		const here = `${path} › ${property.displayName}`;
		if (property.type === 'collection') {
			const options = (property.options ?? []) as INodeProperties[];
			return [[here, options.map((option) => option.displayName)], ...collections(options, here)];
		}
		if (property.type === 'fixedCollection') {
			return ((property.options ?? []) as Array<{ values?: INodeProperties[] }>).flatMap((option) => collections(option.values ?? [], here));
		}
		return [];
	});
}

describe('the collections of the action nodes', () => {
	// The options are written in the order the editor shows them (nothing sorts them at run time).
	it.each(NODES.map((node) => [node.description.displayName, node] as const))('of %s list their fields alphabetically', (_name, node) => {
		for (const [path, names] of collections(node.description.properties, node.description.displayName)) {
			expect([path, names]).toEqual([path, [...names].sort((a, b) => a.localeCompare(b))]);
		}
	});
});
