import type { IDataObject } from 'n8n-workflow';

export interface PageBlock {
	total?: number;
	perPage?: number;
	currentPage?: number;
	lastPage?: number;
}

export interface PageRequest {
	perPage: number;
	currentPage: number;
}

const MAX_PER_PAGE = 100;

/**
 * Walks the spec's `pagination` block: asks page after page until the last page or the limit.
 * `fetchPage` returns the page's records and its pagination block.
 */
export async function collectPages(
	fetchPage: (page: PageRequest) => Promise<{ records: IDataObject[]; pagination?: PageBlock }>,
	options: { returnAll: boolean; limit: number; perPage?: number },
): Promise<IDataObject[]> {
	const wanted = options.returnAll ? Infinity : Math.max(0, options.limit);
	const perPage = options.perPage ?? (options.returnAll ? MAX_PER_PAGE : Math.min(Math.max(wanted, 1), MAX_PER_PAGE));
	const collected: IDataObject[] = [];
	for (let currentPage = 1; collected.length < wanted; currentPage++) {
		const { records, pagination } = await fetchPage({ perPage, currentPage });
		collected.push(...records);
		const lastPage = Number(pagination?.lastPage ?? currentPage);
		if (records.length === 0 || currentPage >= lastPage) break;
	}
	return Number.isFinite(wanted) ? collected.slice(0, wanted) : collected;
}
