/**
 * The one place that keeps state beside n8n's objects: a node run's functions (`this` of execute, a webhook call,
 * an editor lookup), a node run's execute data, an error given again. Each owner has named slots, dropped with the
 * owner (a WeakMap), so nothing outlives the run it belongs to. Slots in use: `credentials` (transport/credentials.ts),
 * `pause` (transport/retry.ts), `writes` (transport/retryMemory.ts), `givenAgain` (the same), `sameForEveryItem`
 * (operation/itemContext.ts).
 *
 * Every store the process keeps across calls (test/package/houseRules.test.ts finds them in the code): what it
 * holds, by what key, why no credential gets another's data, its bound.
 * - context/runMemory.ts `kept`: a run's slots, its credentials read included; by n8n's object of the run, which
 *   only that run holds; dropped with it.
 * - methods/transactions.ts `recentReports`: the transaction list's last report rows; by `signerKey` (SHA-256 of
 *   the address, login, secret key and digest), so another secret key asks the platform itself; 60 s, 20 signers.
 * - webhooks/credential.ts `memory`: a trigger's credential, for signature checks; by workflow, node and
 *   credential ID, so a node reads only its own; a failed check reads it again; 60 s, 500 nodes.
 * - webhooks/replay.ts `memory`: hashes of the deliveries that ran, and claims in progress; by workflow, node and
 *   mode; no credential data, and only after the signature passed; 15 min, 2,000 a node.
 * - webhooks/resume.ts `memory`: the same for a waiting execution's resume calls; by execution ID; 15 min, an
 *   expired execution's entry dropped at the next one.
 * - transport/repeatGuard.ts `queues`: the call in progress on a row of n8n's store or for a node's lock, so the
 *   next waits for it; by workflow (and node); a call reads nothing of the one before; dropped when the last ends.
 * - schemas/identifiers.ts `pathIdSchemas`: validation schemas; by parameter name; no data; the names in the code.
 * - schemas/timeZone.ts `canonicalZones`: each time-zone spelling asked for and its canonical name; by the spelling;
 *   no credential data (a zone name is public); 1,000 spellings, then emptied.
 */
const kept = new WeakMap<object, Map<string, unknown>>();

/** The value of `slot` kept with `owner`, made by `create` the first time. */
export function keptWith<T>(owner: object, slot: string, create: () => T): T {
	let slots = kept.get(owner);
	if (!slots) {
		slots = new Map();
		kept.set(owner, slots);
	}
	if (!slots.has(slot)) slots.set(slot, create());
	return slots.get(slot) as T;
}

/** Whether `owner` has a value in `slot`. */
export const isKept = (owner: object, slot: string): boolean => kept.get(owner)?.has(slot) ?? false;
