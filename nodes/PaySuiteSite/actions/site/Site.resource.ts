import type { PaySuiteResource } from '../../../shared/operation/types';
import { create } from './create.operation';
import { updateAll } from './updateAll.operation';
import { updateBranding } from './updateBranding.operation';

export const site: PaySuiteResource = {
	value: 'site',
	name: 'Site',
	description: 'Sites of a merchant: where payments are received',
	operations: [create, updateAll, updateBranding],
};
