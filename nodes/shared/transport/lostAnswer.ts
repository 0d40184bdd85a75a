/**
 * A write whose answer was lost is never sent again: the operation asks the platform what happened where the API
 * lets it, else tells the user what may have happened and what to check.
 */
import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import { LostAnswerError } from './failures';
import { wasGivenAgain } from './retryMemory';
import type { OperationContext } from '../context/item';

export interface LostAnswerWords {
	/** "The refund of 50.00 USD on transaction 123 may have been made". */
	maybe: string;
	/** "Check the payment before refunding again: ...". */
	check: string;
	/**
	 * The record that proves it was done, or undefined when the platform does not show it. Never sends the write
	 * again.
	 */
	confirm?: () => Promise<IDataObject | undefined>;
}

export const CONFIRMED_KEY = 'confirmedAfterLostAnswer';

/**
 * On a LostAnswerError, the record `words.confirm` finds, else a failure saying what to check; other errors go on
 * unchanged.
 */
export async function settleLostAnswer(ctx: OperationContext, error: unknown, words: LostAnswerWords | undefined): Promise<INodeExecutionData[]> {
	if (!(error instanceof LostAnswerError) || !words) throw error;
	const cause = error.lostAnswer.cause;
	let confirmed: IDataObject | undefined;
	let lookupFailed = false;
	if (words.confirm) {
		try {
			confirmed = await words.confirm();
		} catch {
			lookupFailed = true;
		}
	}
	if (confirmed) {
		const sentence = `${words.maybe.replace(/ may have been /, ' was ')}: the platform's answer was lost (${cause}), and the platform, asked again, shows it done.`;
		return ctx.fn.helpers.returnJsonArray({ ...confirmed, [CONFIRMED_KEY]: sentence });
	}
	const looked = !words.confirm
		? ''
		: lookupFailed
			? ' Asking the platform what happened failed too.'
			: ' Asked right after, the platform did not show it done, but it may still be doing it.';
	const notRepeated =
		error.lostAnswer.safety === 'deduplicated'
			? ''
			: wasGivenAgain(error)
				? " It was not sent again, by this try of n8n's Retry On Fail either: doing it twice could do it twice."
				: ' It was not sent again: doing it twice could do it twice.';
	return ctx.fail(`${words.maybe}: the platform's answer was lost (${cause})`, `${words.check}${looked}${notRepeated}`);
}
