/** `/__sandbox/gateway/...`: what a test or a demo needs that the spec's endpoints do not offer. */
import { createHash, randomBytes } from 'crypto';

import { isoNow, notFound, ok, refuse, statusBlock, type SandboxApp } from '../../http';
import { digits, reportReady, state, type TokenInfo } from './state';

/** The reason and message of each status a pending transaction may settle in. */
const SETTLED: Record<string, [string, string]> = {
	APPROVED: ['00', 'Approved'],
	REJECTED: ['05', 'Declined by the issuer'],
	FAILED: ['XA', 'The processor did not answer'],
};

export function register(app: SandboxApp): void {
	// The user finishes a validation session: a token is issued with the given balance and activity.
	app.router.post('/__sandbox/gateway/account-validations/:requestId/complete', (request, app) => {
		const session = state(app).validations[request.params.requestId];
		if (!session) return notFound(`The validation session ${request.params.requestId}`);
		const options = (request.body ?? {}) as { balance?: number; active?: boolean; lastDigits?: string; currency?: string };
		const token = createHash('sha256').update(`${session.requestId}:${randomBytes(8).toString('hex')}`).digest('hex').slice(0, 40);
		const validUntil = new Date();
		validUntil.setUTCFullYear(validUntil.getUTCFullYear() + 3);
		const info: TokenInfo = {
			token,
			subtoken: digits(16),
			franchise: 'ACCT',
			franchiseName: 'Bank account',
			issuerName: 'Sandbox Bank',
			lastDigits: options.lastDigits ?? '4321',
			validUntil: validUntil.toISOString().slice(0, 10),
		};
		session.token = info;
		state(app).tokens[token] = {
			...info,
			siteLogin: session.siteLogin,
			balance: typeof options.balance === 'number' ? options.balance : 1000,
			active: options.active !== false,
			currency: options.currency ?? 'USD',
		};
		return ok({ data: { requestId: session.requestId, token: info } });
	});

	// Every gateway transaction (any site), oldest first, with the idempotence key it was created with.
	app.router.get('/__sandbox/gateway/transactions', (_request, app) =>
		ok({
			transactions: Object.values(state(app).transactions).map((txn) => ({ siteLogin: txn.siteLogin, idempotenceKey: txn.idempotenceKey ?? null, ...txn.view })),
		}),
	);

	// A pending transaction is settled, as the processor does later: its status and date move, its transaction date
	// stays. Reports generated from now on show it with its new status.
	app.router.post('/__sandbox/gateway/transactions/:internalReference/status', (request, app) => {
		const txn = state(app).transactions[request.params.internalReference];
		if (!txn) return notFound(`The transaction ${request.params.internalReference}`);
		const wanted = String((request.body as { status?: unknown } | undefined)?.status ?? '');
		const outcome = SETTLED[wanted];
		if (!outcome) return refuse(400, 'XN', 'Invalid status: must be APPROVED, REJECTED or FAILED', { errors: { status: ['must be APPROVED, REJECTED or FAILED'] } });
		if (txn.view.status?.status !== 'PENDING') return refuse(409, 'XT', `The transaction ${request.params.internalReference} is not pending`);
		const approved = wanted === 'APPROVED';
		const status = statusBlock(wanted, outcome[0], outcome[1]);
		txn.view = { ...txn.view, status, date: isoNow(), authorization: approved ? digits(6) : null, receipt: approved ? digits(12) : null };
		app.world.save();
		return ok({ transaction: txn.view });
	});

	// The transaction is dated `minutes` earlier, as one made then (a test of what a later request reads).
	app.router.post('/__sandbox/gateway/transactions/:internalReference/earlier', (request, app) => {
		const txn = state(app).transactions[request.params.internalReference];
		if (!txn) return notFound(`The transaction ${request.params.internalReference}`);
		const minutes = Number((request.body as { minutes?: unknown } | undefined)?.minutes);
		if (!Number.isFinite(minutes) || minutes <= 0) return refuse(400, 'XN', 'Invalid minutes: must be a positive number', { errors: { minutes: ['must be a positive number'] } });
		const earlier = (date: unknown) => (typeof date === 'string' ? isoNow(new Date(Date.parse(date) - minutes * 60_000)) : date);
		txn.view = { ...txn.view, date: earlier(txn.view.date), transactionDate: earlier(txn.view.transactionDate) };
		app.world.save();
		return ok({ transaction: txn.view });
	});

	// A report becomes ready at once, whatever reportPendingPolls says.
	app.router.post('/__sandbox/gateway/reports/:id/ready', (request, app) => {
		const report = state(app).reports[request.params.id];
		if (!report) return notFound(`The report ${request.params.id}`);
		report.forcedReady = true;
		reportReady(app, report);
		return ok({ id: report.id });
	});
}
