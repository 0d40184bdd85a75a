/** The platform's answer to a message, as the item a workflow reads. */
import type { IDataObject } from 'n8n-workflow';

/**
 * A message the platform accepted: which channels were asked for, and the platform's status. The platform
 * sends nothing back about delivery, so the item says no more than that.
 */
export function acceptedMessage(answer: IDataObject, channels: IDataObject): IDataObject {
	return { accepted: true, channels: Object.keys(channels), status: answer.status };
}
