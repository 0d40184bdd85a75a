/**
 * The one place that keeps state beside n8n's objects: a node run's functions (`this` of execute, a webhook call,
 * an editor lookup), a node run's execute data, an error given again. Each owner has named slots, dropped with the
 * owner (a WeakMap), so nothing outlives the run it belongs to. Slots in use: `credentials` (transport/credentials.ts),
 * `pause` (transport/retry.ts), `writes` (operation/retryMemory.ts), `givenAgain` (the same).
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
