import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

/** An answer (a record or a list of records) as output items, one per record. */
export const toItems = (json: IDataObject | IDataObject[]): INodeExecutionData[] =>
	(Array.isArray(json) ? json : [json]).map((entry) => ({ json: entry }));
