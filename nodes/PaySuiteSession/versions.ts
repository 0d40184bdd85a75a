/**
 * What the Session's versions read differently, in one place. Version 1 keeps what its saved workflows were built on;
 * a change is a new version.
 */
export const SINCE = {
	/** A new node starts on Session › Get, a read (version 1 started on Create). */
	getFirst: 2,
} as const;
