'use strict';
/**
 * What a buyer does with a payment link an example waits on (Payment Link › Create and Wait for Payment): the link
 * the waiting execution shows, and paying it on its page with a test card. Plain CommonJS, used by ./examples.js.
 */

/** The payment link a waiting execution shows (the output of the node it waits on), or undefined. */
function waitingLink(data) {
	const resultData = (data && data.resultData) || {};
	const runs = (resultData.runData || {})[resultData.lastNodeExecuted] || [];
	const last = runs[runs.length - 1];
	const [item] = (last && last.data && last.data.main && last.data.main[0]) || [];
	const link = item && item.json;
	return link && typeof link.url === 'string' && link.url.includes('/payment-link/') ? link : undefined;
}

/** What a buyer does with a link: opens its page and pays with the approving test card. Resolves the page's status. */
async function payOnPage(url, card = '4111111111111111') {
	const page = await fetch(url);
	const attempt = /name="attempt" value="([^"]+)"/.exec(await page.text());
	if (!attempt) throw new Error(`the payment page ${url} offers no payment (HTTP ${page.status})`);
	const paid = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ attempt: attempt[1], card }).toString() });
	return paid.status;
}

module.exports = { payOnPage, waitingLink };
