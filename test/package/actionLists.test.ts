/**
 * A node's action list (n8n's node panel lists each resource's operations in their order) offers reads before
 * writes, so that the first, highlighted action never charges, refunds or creates: Enter on a search adds a read.
 * The default a saved workflow left out stays what it was (`firstDefault`, checked by the version records).
 */
import type { INodePropertyOptions } from 'n8n-workflow';

import { packageNodeTypes } from '../helpers/nodeTypes';

// A report's Request asks the platform to read transactions: it moves nothing.
const READ = /^(get|getMany|getCurrentUser|search|findByReference|obtain|request|requestAndWait|getInformation|getBalance|getSession|calculateInterests)$/;

const lists = Object.values(packageNodeTypes()).flatMap(({ description }) =>
	description.properties
		.filter((property) => property.name === 'operation')
		.map((property) => [`${description.displayName} › ${String(property.displayOptions?.show?.resource)}`, (property.options as INodePropertyOptions[]).map((option) => String(option.value))] as const),
);

describe('action lists offer reads before writes', () => {
	it('there are action lists to check', () => expect(lists.length).toBeGreaterThan(10));

	it.each(lists)('%s', (_list, operations) => {
		const firstWrite = operations.findIndex((operation) => !READ.test(operation));
		const lastRead = operations.reduce((last, operation, index) => (READ.test(operation) ? index : last), -1);
		expect(firstWrite === -1 || lastRead < firstWrite).toBe(true);
	});
});
