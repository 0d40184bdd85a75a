// The reliability report (test-results/reliability.json) as the Markdown tables test/RELIABILITY.md quotes.
const n = (value) => (value === null || value === undefined ? 'n/a' : typeof value === 'number' ? value.toLocaleString('en-US') : String(value));
const row = (cells) => `| ${cells.join(' | ')} |`;
const table = (head, rows) => [row(head), row(head.map(() => '---')), ...rows.map(row)].join('\n');

function faults(part) {
	const scenarios = part.scenarios;
	// The writes did not run to the end (the tests say why): no table, and jest still writes its report.
	if (!scenarios.length) return `### 1. Writes under faults\n\nNo write ran to the end: see the failed tests of test/reliability/faults.test.ts.`;
	const line = (label, pick) => [label, ...scenarios.map((scenario) => n(pick(scenario)))];
	const kinds = Object.keys(scenarios[0].faultsByKind);
	return [
		`### 1. Writes under faults (seed ${part.seed}, ${part.faultRate * 100} % of requests, timeout ${part.timeoutMs} ms, latency ${part.latencyMs} ms)`,
		'',
		table(
			['', ...scenarios.map((scenario) => scenario.write)],
			[
				line('Input items', (s) => s.items),
				line('of them with a bad input', (s) => s.badInputs),
				line('Requests that reached the sandbox', (s) => s.requests),
				line('Faults injected', (s) => s.faults),
				...kinds.map((kind) => line(`&nbsp;&nbsp;${kind}`, (s) => s.faultsByKind[kind])),
				line('Output items (succeeded)', (s) => s.outputs),
				line('Error items', (s) => s.errors),
				line('&nbsp;&nbsp;failed before sending (bad input)', (s) => s.errorsBeforeSending),
				line('&nbsp;&nbsp;outcome unknown, and saying so', (s) => s.errorsUnknownOutcome),
				line('&nbsp;&nbsp;&nbsp;&nbsp;of them done on the platform', (s) => s.unknownOutcomeDoneOnPlatform),
				line('&nbsp;&nbsp;&nbsp;&nbsp;of them not done', (s) => s.unknownOutcomeNotDone),
				line('Items without exactly one output or error item', (s) => s.itemsWithoutExactlyOneOutput),
				line('Succeeded but not on the platform', (s) => s.succeededMissingOnPlatform),
				line('Failed before sending but on the platform', (s) => s.failedBeforeSendingOnPlatform),
				line('Done twice (double charges / sessions / refunds / processes)', (s) => s.doneTwice),
				line('Plain writes sent again', (s) => s.plainWritesSentAgain),
				line('Timeouts without an injected fault (a busy machine)', (s) => s.timeoutsWithoutFault),
			],
		),
	].join('\n');
}

function retry(part) {
	return [
		`### 2. n8n's Retry of a failed execution (seed ${part.seed}, ${part.faultRate * 100} % of requests)`,
		'',
		table(
			['', 'Count'],
			[
				['Payments in the batch', n(part.payments)],
				['Executions (the first and its Retries)', n(part.executions)],
				['Executions that stopped on a payment of unknown outcome', n(part.failedExecutions)],
				['&nbsp;&nbsp;that payment had been charged', n(part.stoppedOnChargedPayment)],
				['&nbsp;&nbsp;that payment had not been charged', n(part.stoppedOnUnchargedPayment)],
				['Charged payments run again by a Retry', n(part.chargedPaymentsRetried)],
				['New charges for payments already charged', n(part.newChargesForChargedPayments)],
				['Payments charged by the Retries', n(part.chargedByRetries)],
				['Payments charged in the end', n(part.finalCharges)],
				['Double charges', n(part.doubleCharges)],
			],
		),
	].join('\n');
}

function badInputs(part) {
	return [
		'### 3. Bad inputs',
		'',
		table(
			['Node', 'Operations', 'Bad inputs'],
			[...Object.entries(part.byNode).map(([node, counts]) => [node, n(counts.operations), n(counts.cases)]), ['**All**', n(part.operations), n(part.cases)]],
		),
		'',
		table(
			['', 'Count'],
			[
				['Items refused naming the field and the item', n(part.refusedNamingTheField)],
				['Errors saying nothing was sent', n(part.saidNothingWasSent)],
				['Requests that reached the sandbox', n(part.requestsSent)],
			],
		),
	].join('\n');
}

function webhooks(part) {
	const triggers = Object.entries(part.triggers);
	const categories = [...new Set(triggers.flatMap(([, result]) => Object.keys(result.byCategory)))];
	const line = (label, pick) => [label, ...triggers.map(([, result]) => n(pick(result)))];
	return [
		'### 4. Webhook deliveries',
		'',
		table(
			['Deliveries', ...triggers.map(([name]) => name)],
			[
				...categories.map((category) => line(category, (result) => result.byCategory[category]?.deliveries ?? 0)),
				line('**All deliveries**', (result) => result.deliveries),
				line('Answered with the exact status and body', (result) => result.asExpected),
				line('Genuine deliveries (runs due)', (result) => result.runsExpected),
				line('Runs', (result) => result.runs),
				line('Extra runs', (result) => result.extraRuns),
				line('Calls that made the trigger fail (HTTP 500)', (result) => result.triggerErrors),
			],
		),
	].join('\n');
}

const TITLES = { '1-faults': 'Writes under faults', '2-retry': 'Retry', '3-bad-inputs': 'Bad inputs', '4-webhooks': 'Webhooks' };

function secrets(report) {
	const parts = Object.entries(report.parts).filter(([, part]) => part.secrets);
	const line = (label, key) => [label, ...parts.map(([, part]) => n(part.secrets[key]))];
	return [
		'### 5. Secrets and nonces',
		'',
		table(
			['', ...parts.map(([name]) => TITLES[name] ?? name)],
			[
				line('Output and error items scanned', 'itemsScanned'),
				line('Error messages and descriptions scanned', 'errorsScanned'),
				line('Lines n8n logged, scanned', 'logLines'),
				line('Secret values looked for (keys, tokens, card numbers)', 'secretValues'),
				line('CVVs looked for', 'cvvs'),
				line('tranKeys looked for', 'tranKeys'),
				line('Secrets found', 'hits'),
				['Nonces checked', ...parts.map(([, part]) => n(part.nonces?.checked))],
				['Nonces sent twice', ...parts.map(([, part]) => n(part.nonces?.reused))],
			],
		),
		'',
		`Across all parts: ${n(report.nonces.checked)} nonces, ${n(report.nonces.reused)} sent twice.`,
	].join('\n');
}

function renderReport(report) {
	const parts = report.parts;
	const sections = [
		`Measured ${report.generatedAt.slice(0, 10)} by \`${report.command}\`.`,
		parts['1-faults'] && faults(parts['1-faults']),
		parts['2-retry'] && retry(parts['2-retry']),
		parts['3-bad-inputs'] && badInputs(parts['3-bad-inputs']),
		parts['4-webhooks'] && webhooks(parts['4-webhooks']),
		secrets(report),
	];
	return `${sections.filter(Boolean).join('\n\n')}\n`;
}

module.exports = { renderReport };
