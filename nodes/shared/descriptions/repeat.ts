/** Options › Allow Repeat: the way to send on purpose what this node would refuse as a repeat (see repeatGuard.ts). */
import type { INodeProperties } from 'n8n-workflow';

import { optionsCollection } from './collections';

export const ALLOW_REPEAT_HINT = 'turn on Options > Allow Repeat of this node';

/**
 * The Options collection of a write guarded against repeats, with Allow Repeat. `same` says what counts as the
 * same one.
 */
export const repeatOptionsProperty = (what: string, same = 'the same one on the same payment'): INodeProperties =>
	optionsCollection([
		{
			displayName: 'Allow Repeat',
			name: 'allowRepeat',
			type: 'boolean',
			default: false,
			description: `Whether to send the same ${what} again within 15 minutes. Off, a repeat (${same}, made by a re-run step or workflow) is refused and nothing is sent.`,
		},
	]);
