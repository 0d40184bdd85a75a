/**
 * The guard of repeatGuard.ts between two n8n processes (two copies of the module, each with its own queue) sharing
 * one database record that behaves as n8n's (test/helpers/processedData.ts: read whole, written whole, so that a
 * write at the same moment can erase another's addition; an absent row inserted, a second insert refused). A helper
 * test: the contexts are stand-ins; the e2e queue tests run the real thing on two workers.
 */
import type { OperationContext } from '../context/item';
import { ProcessedData } from '../../../test/helpers/processedData';

type Guard = typeof import('./repeatGuard');

const database = new ProcessedData();
const WORKFLOW = { id: 'wf-1', active: true };
/** Both processes run copies of one node. */
const NODE = { id: 'node-1', name: 'Refund' };

/** One item's context in one process: n8n's helpers over the shared database. */
const contextIn = (): OperationContext =>
	({
		fn: {
			getWorkflow: () => WORKFLOW,
			getNode: () => NODE,
			helpers: {
				checkProcessedAndRecord: (items: string[], scope: 'workflow' | 'node', options: never) => database.checkProcessedAndRecord(items, scope, { workflow: WORKFLOW, node: NODE } as never, options),
				removeProcessed: (items: string[], scope: 'workflow') => database.removeProcessed(items, scope, { workflow: WORKFLOW, node: NODE } as never),
				getProcessedDataCount: (scope: 'node') => database.getProcessedDataCount(scope, { workflow: WORKFLOW, node: NODE } as never),
				clearAllProcessedItems: (scope: 'node') => database.clearAllProcessedItems(scope, { workflow: WORKFLOW, node: NODE } as never),
			},
		},
		node: { credentials: {} },
		itemIndex: 0,
		param: (_name: string, fallback: unknown) => fallback,
		fail: (message: string) => {
			throw new Error(message);
		},
	}) as unknown as OperationContext;

const loadGuard = (): Guard => {
	let guard: Guard | undefined;
	jest.isolateModules(() => {
		guard = jest.requireActual<Guard>('./repeatGuard');
	});
	return guard!;
};

/** Claims `key` in a process; answers whether the claim may send. */
async function claim(guard: Guard, key: string): Promise<boolean> {
	try {
		await guard.guardWrite(contextIn(), {
			key,
			request: { api: 'checkout', path: '/api/reverse', safety: 'write' },
			refuse: () => {
				throw new Error('refused');
			},
		});
		return true;
	} catch {
		return false;
	}
}

describe('two processes claiming the same write at the same moment', () => {
	jest.setTimeout(60_000);
	const [processA, processB] = [loadGuard(), loadGuard()];

	it('of each pair exactly one sends, while all 24 claims go to the one record at once', async () => {
		database.clear();
		const keys = Array.from({ length: 12 }, (_, i) => `refund-${i}`);
		const outcomes = await Promise.all(keys.map(async (key) => (await Promise.all([claim(processA, key), claim(processB, key)])).filter(Boolean).length));
		expect(outcomes).toEqual(keys.map(() => 1));
		// The lock is released: the node's row is gone.
		expect(await database.getProcessedDataCount('node', { workflow: WORKFLOW, node: NODE } as never)).toBe(0);
	});

	it('a lock left by a process that died is taken over after the lease', async () => {
		database.clear();
		await database.checkProcessedAndRecord(['paysuite:lock', 'paysuite:lock:0'], 'node', { workflow: WORKFLOW, node: NODE } as never, { mode: 'entries' });
		jest.useFakeTimers({ doNotFake: ['setImmediate', 'nextTick'] });
		try {
			const sent = claim(processA, 'refund-after-death');
			for (let i = 0; i < 200; i++) await jest.advanceTimersByTimeAsync(500);
			expect(await sent).toBe(true);
		} finally {
			jest.useRealTimers();
		}
	});

	it("when a dead holder's lease ends, one waiter of a process takes the lock, not each of them", async () => {
		database.clear();
		await database.checkProcessedAndRecord(['paysuite:lock', 'paysuite:lock:0'], 'node', { workflow: WORKFLOW, node: NODE } as never, { mode: 'entries' });
		jest.useFakeTimers({ doNotFake: ['setImmediate', 'nextTick'] });
		// Waits without their random spread: the waiters look at the same moments, as many do under load.
		const random = jest.spyOn(Math, 'random').mockReturnValue(0.5);
		try {
			const sent = Promise.all(Array.from({ length: 8 }, (_, i) => claim(processA, `refund-waiting-${i}`)));
			for (let i = 0; i < 200; i++) await jest.advanceTimersByTimeAsync(500);
			expect(await sent).toEqual(Array.from({ length: 8 }, () => true));
			// One break of the dead lock, then each holder's release.
			expect(database.calls.filter((call) => call.call === 'clearAllProcessedItems')).toHaveLength(1 + 8);
		} finally {
			random.mockRestore();
			jest.useRealTimers();
		}
	});

	it('one after the other, the second process finds the first one’s write in the record', async () => {
		database.clear();
		expect(await claim(processA, 'refund-x')).toBe(true);
		expect(await claim(processB, 'refund-x')).toBe(false);
	});
});

describe("n8n's database away", () => {
	it('nothing is sent, and the error says why and what to do', async () => {
		const ctx = contextIn();
		const helpers = (ctx.fn as unknown as { helpers: Record<string, unknown> }).helpers;
		helpers.checkProcessedAndRecord = async () => {
			throw new Error('the database system is starting up');
		};
		await expect(
			loadGuard().guardWrite(ctx, { key: 'refund-db', request: { api: 'checkout', path: '/api/reverse', safety: 'write' }, refuse: () => { throw new Error('refused'); } }),
		).rejects.toThrow("Not sent: n8n's database could not be read to check for an earlier send");
	});
});
