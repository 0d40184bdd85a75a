/**
 * What the Transaction Trigger's versions read differently, in one place: a saved trigger keeps its parameters
 * by name, so version 1 keeps the name its saved workflows hold.
 */
export const TRANSACTION_TRIGGER_VERSIONS = { version: [1, 2], defaultVersion: 2 };

/** The Simplify switch's name: `simplify` at version 1, n8n's own `simple` from version 2. */
export const simplifyName = (version: number): 'simplify' | 'simple' => (version >= 2 ? 'simple' : 'simplify');
