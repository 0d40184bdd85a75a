/**
 * What every "From list" of a resource locator shares: one page of a platform search, as the editor's list of results
 * (name shown, ID as the value) with the token of the next page. The platform pages with `pagination {perPage,
 * currentPage}` and answers `pagination.lastPage`.
 */
import type { IDataObject, ILoadOptionsFunctions, INodeListSearchItems, INodeListSearchResult } from 'n8n-workflow';

import { paySuiteRequest } from '../transport/request';
import type { ApiName } from '../transport/types';

const PER_PAGE = 50;

interface PagedSearch {
	api: ApiName;
	path: string;
	/** What the search sends besides the page (filters). */
	body: IDataObject;
	/** The records of an answer (default: its `data`). */
	records?: (answer: IDataObject) => IDataObject[];
	/** How one record shows in the list. */
	toItem: (record: IDataObject) => INodeListSearchItems;
}

export async function searchListPage(this: ILoadOptionsFunctions, search: PagedSearch, paginationToken?: string): Promise<INodeListSearchResult> {
	const currentPage = Math.max(1, Number(paginationToken ?? 1) || 1);
	const { body } = await paySuiteRequest(this, {
		api: search.api,
		method: 'POST',
		path: search.path,
		body: { ...search.body, pagination: { perPage: PER_PAGE, currentPage } },
		safety: 'read',
	}) as { body: IDataObject };
	const records = search.records ? search.records(body) : ((body.data as IDataObject[] | undefined) ?? []);
	const lastPage = Number((body.pagination as IDataObject | undefined)?.lastPage ?? currentPage);
	return { results: records.map(search.toItem), ...(currentPage < lastPage && records.length > 0 ? { paginationToken: String(currentPage + 1) } : {}) };
}

/** A record's name and ID as a list entry: "Name (ID 123)" so that two records of one name can be told apart. */
export function namedEntry(record: IDataObject, nameKey = 'name'): INodeListSearchItems {
	const id = String(record.id ?? '');
	const name = typeof record[nameKey] === 'string' && record[nameKey] ? (record[nameKey] as string) : `ID ${id}`;
	return { name: name === `ID ${id}` ? name : `${name} (ID ${id})`, value: id };
}
