import { collectPages } from './oneRequestOperation';

const records = Array.from({ length: 37 }, (_, i) => ({ id: i + 1 }));

function pager(calls: Array<{ perPage: number; currentPage: number }>) {
	return async ({ perPage, currentPage }: { perPage: number; currentPage: number }) => {
		calls.push({ perPage, currentPage });
		const start = (currentPage - 1) * perPage;
		return {
			records: records.slice(start, start + perPage),
			pagination: { total: records.length, perPage, currentPage, lastPage: Math.ceil(records.length / perPage) },
		};
	};
}

describe('collectPages', () => {
	it('returns every record across pages with Return All', async () => {
		const calls: Array<{ perPage: number; currentPage: number }> = [];
		const all = await collectPages(pager(calls), { returnAll: true, limit: 50, perPage: 10 });
		expect(all.map((r) => r.id)).toEqual(records.map((r) => r.id));
		expect(calls.map((c) => c.currentPage)).toEqual([1, 2, 3, 4]);
	});

	it('stops at the limit and asks no more pages than needed', async () => {
		const calls: Array<{ perPage: number; currentPage: number }> = [];
		const some = await collectPages(pager(calls), { returnAll: false, limit: 5 });
		expect(some.map((r) => r.id)).toEqual([1, 2, 3, 4, 5]);
		expect(calls).toEqual([{ perPage: 5, currentPage: 1 }]);
	});

	it('stops on an empty page even when lastPage is missing', async () => {
		const calls: number[] = [];
		const none = await collectPages(
			async ({ currentPage }) => {
				calls.push(currentPage);
				return { records: currentPage === 1 ? [{ id: 1 }] : [] };
			},
			{ returnAll: true, limit: 0 },
		);
		expect(none).toEqual([{ id: 1 }]);
		expect(calls).toEqual([1]);
	});
});
