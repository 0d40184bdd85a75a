/** The Payment Link node's editor methods. */
import type { ILoadOptionsFunctions, INodePropertyOptions } from 'n8n-workflow';

import { timeZoneOptions } from '../../shared/schemas/timeZone';

export const loadOptions = {
	/** Every zone, the workflow's first; each says what the expiration date picked would be sent as. */
	async getSiteTimeZones(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
		return timeZoneOptions(this.getTimezone(), this.getCurrentNodeParameter('expirationDate'));
	},
};
