/**
 * The gateway (spec: payment-processing-api.md, "Gateway"): card information, interests, balance, direct
 * processing, query, search, transaction reports and account validation. See docs/sandbox/gateway.md.
 *
 * Written from the spec, never from the nodes: every field rule the spec states is a refusal (HTTP 400,
 * reason XN, the field path in the message and in `errors`), and fields the spec does not list for a request
 * are refused too, so a node that sends something off-spec is caught. What the spec leaves out is a sandbox
 * choice written down in the docs page.
 */
import type { SandboxApp } from '../../http';
import * as accountValidationCreateSession from './accountValidation/createSession';
import * as accountValidationGetSession from './accountValidation/getSession';
import * as accountValidationValidateToken from './accountValidation/validateToken';
import * as cardCalculateInterests from './card/calculateInterests';
import * as cardGetBalance from './card/getBalance';
import * as cardGetInformation from './card/getInformation';
import * as control from './control';
import * as reportObtain from './report/obtain';
import * as reportRequest from './report/request';
import * as transactionGet from './transaction/get';
import * as transactionProcess from './transaction/process';
import * as transactionSearch from './transaction/search';
import { refreshHistory } from './state';

export function register(app: SandboxApp): void {
	for (const endpoint of [
		cardGetInformation,
		cardCalculateInterests,
		cardGetBalance,
		transactionProcess,
		transactionGet,
		transactionSearch,
		reportRequest,
		reportObtain,
		accountValidationCreateSession,
		accountValidationGetSession,
		accountValidationValidateToken,
		control,
	])
		endpoint.register(app);
	refreshHistory(app);
}
