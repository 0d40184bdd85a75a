// POST /api/payment-link/disalbe/{link_id} (payment-processing-api.md, "Payment links"), spelled as the spec
// spells it, and /disable/{link_id}: the option disablePathSpelling says which of the two are served.
import { z } from 'zod/v3';

import { signed } from '../../guards';
import { refuse, type SandboxApp } from '../../http';
import { check, object } from '../../rules';
import { answer, ownLink } from './state';

export function register(app: SandboxApp): void {
	for (const spelling of ['disalbe', 'disable'] as const) {
		app.router.post(`/api/payment-link/${spelling}/:id`, (request, app) => {
			const served = app.world.options.disablePathSpelling;
			if (served !== 'both' && served !== spelling) return refuse(404, 'NF', `No such path: POST ${request.path}`);
			return signed((signedRequest, app) => {
				const checked = check(object({ auth: z.unknown() }), signedRequest.body);
				if ('refusal' in checked) return checked.refusal;
				const link = ownLink(signedRequest, app);
				if (!('id' in link)) return link;
				link.disabled = true;
				return answer(200, 'The payment link was disabled', { id: link.id });
			})(request, app);
		});
	}
}
