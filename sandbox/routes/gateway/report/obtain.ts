// POST /gateway/report/obtain (payment-processing-api.md, "Gateway"): HTTP 425 with a status until the report
// is ready, then the TSV (gzip when asked).
/* eslint-disable @n8n/community-nodes/no-restricted-imports -- runs in Node, not in n8n: eslint.dev.config.mjs lints it */
import { gzipSync } from 'zlib';

import { signed } from '../../../guards';
import { isoNow, notFound, statusBlock, type SandboxApp } from '../../../http';
import { check, id, object } from '../../../rules';
import { auth, reportReady, round2, state, type GatewayTransaction, type ReportRecord } from '../state';

const schema = object({ auth, id: id() });

/** The report's columns, in the spec's order; `type` only when the type filter was used. */
export const REPORT_COLUMNS = [
	'id',
	'date',
	'transaction_date',
	'reference',
	'currency_code',
	'amount',
	'tax',
	'payment_method',
	'internal_reference',
	'status',
	'reason',
	'merchant',
	'terminal',
	'authorization',
	'refunded',
	'installments',
	'last_digits',
	'bank_currency',
	'bank_factor',
	'bank_amount',
	'issuer_name',
	'payer_document',
	'payer_first_name',
	'payer_last_name',
	'payer_email',
	'ip_address',
	'batch_number',
	'line_number',
] as const;

type Row = Record<(typeof REPORT_COLUMNS)[number] | 'type', string | number>;

function transactionRow(txn: GatewayTransaction, index: number): Row {
	const view = txn.view;
	return {
		id: index + 1,
		date: view.date,
		transaction_date: view.transactionDate,
		reference: view.reference,
		currency_code: view.amount.currency,
		amount: view.amount.total,
		tax: (view.amount.taxes ?? []).reduce((sum: number, tax: { amount: number }) => sum + tax.amount, 0),
		payment_method: view.paymentMethod,
		internal_reference: view.internalReference,
		status: view.status.status,
		reason: view.status.reason,
		merchant: 'Demo merchant',
		terminal: '00990001',
		authorization: view.authorization ?? '',
		refunded: view.refunded ? 'true' : 'false',
		installments: view.additional?.credit?.installments ?? 1,
		last_digits: view.lastDigits ?? '',
		// A session's payment has no conversion in its view: the bank was paid the amount itself.
		bank_currency: view.conversion?.to.currency ?? view.amount.currency,
		bank_factor: view.conversion?.factor ?? 1,
		bank_amount: view.conversion?.to.total ?? view.amount.total,
		issuer_name: view.issuerName ?? '',
		payer_document: txn.payer.document ?? '',
		payer_first_name: txn.payer.name ?? '',
		payer_last_name: txn.payer.surname ?? '',
		payer_email: txn.payer.email ?? '',
		ip_address: txn.ipAddress ?? '',
		batch_number: 1,
		line_number: index + 1,
		type: view.type,
	};
}

const FIRST_NAMES = ['Ana', 'Luis', 'Maria', 'Jorge', 'Sofia', 'Pedro', 'Lucia', 'Diego'];
const LAST_NAMES = ['Gomez', 'Perez', 'Rodriguez', 'Lopez', 'Martinez', 'Diaz', 'Torres', 'Ruiz'];

/** A generated row, the same for the same report and index, within the report's filters. */
function generatedRow(report: ReportRecord, index: number): Row {
	const states = report.filters.state?.length ? report.filters.state : ['APPROVED', 'APPROVED', 'APPROVED', 'REJECTED', 'PENDING'];
	const types = report.filters.type?.length ? report.filters.type : ['AUTH_ONLY'];
	const start = Date.parse(report.filters.startDate);
	const end = Date.parse(report.filters.endDate);
	const at = new Date(start + ((end - start) * ((index * 7919) % 1000)) / 1000);
	const status = states[index % states.length];
	const amount = round2(10 + ((index * 37) % 9990) + (index % 100) / 100);
	const tax = round2(amount * 0.19);
	const first = FIRST_NAMES[index % FIRST_NAMES.length];
	const last = LAST_NAMES[(index >> 3) % LAST_NAMES.length];
	return {
		id: index + 1,
		date: isoNow(at),
		transaction_date: isoNow(at),
		reference: `GEN-${report.id}-${String(index + 1).padStart(6, '0')}`,
		currency_code: 'USD',
		amount,
		tax,
		payment_method: ['CRA', 'CRB', 'DBC'][index % 3],
		internal_reference: 900_000_000 + index,
		status,
		reason: status === 'APPROVED' ? '00' : status === 'REJECTED' ? '05' : '?-',
		merchant: 'Demo merchant',
		terminal: '00990001',
		authorization: status === 'APPROVED' ? String(100000 + (index % 900000)).padStart(6, '0') : '',
		refunded: 'false',
		installments: 1 + (index % 12),
		last_digits: String(1000 + (index % 9000)),
		bank_currency: 'USD',
		bank_factor: 1,
		bank_amount: amount,
		issuer_name: 'Sandbox Bank',
		payer_document: String(10_000_000 + index),
		payer_first_name: first,
		payer_last_name: last,
		payer_email: `${first}.${last}.${index}@example.com`.toLowerCase(),
		ip_address: `10.0.${(index >> 8) & 255}.${index & 255}`,
		batch_number: 1 + Math.floor(index / 1000),
		line_number: 1 + (index % 1000),
		type: types[index % types.length],
	};
}

/** The report's columns: the spec's in order, `type` last and only when the type filter was used. */
const columnsOf = (report: ReportRecord): string[] => [...REPORT_COLUMNS, ...(report.filters.type?.length ? ['type'] : [])];
const cell = (value: unknown) => String(value ?? '').replace(/[\t\r\n]+/g, ' ');

/**
 * The lines of the site's own transactions within the report's period and filters, in the order they happened:
 * payments of every channel (gateway, checkout page, links) and refunds, each with its status at this moment.
 */
function ownLines(app: SandboxApp, report: ReportRecord): string[] {
	const start = Date.parse(report.filters.startDate);
	const end = Date.parse(report.filters.endDate);
	const columns = columnsOf(report);
	const own = Object.values(state(app).transactions).filter((txn) => {
		if (txn.siteLogin !== report.siteLogin) return false;
		const at = Date.parse(txn.view.transactionDate);
		if (at < start || at > end) return false;
		if (report.filters.state?.length && !report.filters.state.includes(txn.view.status.status)) return false;
		if (report.filters.type?.length && !report.filters.type.includes(txn.view.type)) return false;
		return true;
	});
	own.sort((a, b) => Date.parse(a.view.transactionDate) - Date.parse(b.view.transactionDate) || Number(a.view.internalReference) - Number(b.view.internalReference));
	return own.map((txn, index) => {
		const row = transactionRow(txn, index);
		return columns.map((column) => cell(row[column as keyof Row])).join('\t');
	});
}

/** The report's TSV: its own transactions as they were when it was generated, then generated rows up to reportRows. */
function reportTsv(app: SandboxApp, report: ReportRecord): string {
	const columns = columnsOf(report);
	// Generated once: obtaining a ready report again gives the same rows, as the platform's file does.
	report.lines ??= ownLines(app, report);
	const lines: string[] = [columns.join('\t'), ...report.lines];
	const wanted = app.world.options.reportRows ?? 0;
	for (let index = report.lines.length; index < wanted; index++) {
		const row = generatedRow(report, index);
		lines.push(columns.map((column) => cell(row[column as keyof Row])).join('\t'));
	}
	return `${lines.join('\n')}\n`;
}

/**
 * Whether the report is still being generated: for reportReadySeconds after it was asked for when that option is
 * set, else for its first reportPendingPolls obtains. A report made ready (control endpoint, callback) is not.
 */
function stillGenerating(app: SandboxApp, report: ReportRecord): boolean {
	if (report.readyAt || report.forcedReady) return false;
	const seconds = app.world.options.reportReadySeconds;
	if (seconds !== undefined) return Date.now() - (report.createdAtMs ?? Date.parse(report.createdAt)) < seconds * 1000;
	return report.obtains <= app.world.options.reportPendingPolls;
}

/** Seconds to announce in Retry-After: what is left of reportReadySeconds, else the option retryAfterSeconds. */
function retryAfter(app: SandboxApp, report: ReportRecord): number {
	const seconds = app.world.options.reportReadySeconds;
	if (seconds === undefined) return app.world.options.retryAfterSeconds;
	const left = seconds * 1000 - (Date.now() - (report.createdAtMs ?? Date.parse(report.createdAt)));
	return Math.max(0, Math.ceil(left / 1000));
}

export function register(app: SandboxApp): void {
	app.router.post(
		'/gateway/report/obtain',
		signed((request, app) => {
			const checked = check(schema, request.body);
			if ('refusal' in checked) return checked.refusal;
			const report = state(app).reports[String(checked.value.id)];
			if (!report || report.siteLogin !== request.site!.login) return notFound(`The report ${checked.value.id}`);
			report.obtains += 1;
			if (stillGenerating(app, report)) {
				return {
					status: 425,
					headers: { 'retry-after': String(retryAfter(app, report)) },
					body: { status: statusBlock('PENDING', '?5', 'The report is being generated; ask again later') },
				};
			}
			reportReady(app, report);
			const tsv = Buffer.from(reportTsv(app, report), 'utf8');
			const acceptEncoding = String(request.headers['accept-encoding'] ?? '');
			const headers: Record<string, string> = {
				'content-type': 'text/tab-separated-values; charset=utf-8',
				'content-disposition': `attachment; filename="report-${report.id}.tsv"`,
			};
			if (/\bgzip\b/i.test(acceptEncoding)) {
				headers['content-encoding'] = 'gzip';
				return { status: 200, headers, raw: gzipSync(tsv) };
			}
			return { status: 200, headers, raw: tsv };
		}),
	);
}
