// POST /api/payment-link/{link_id} (payment-processing-api.md, "Payment links"): the query of a link of the
// calling site, with `status` as the link's state (ACTIVE, INACTIVE, EXPIRED), as the spec shows it.
import { z } from 'zod/v3';

import { signed } from '../../guards';
import type { SandboxApp } from '../../http';
import { check, object } from '../../rules';
import { linkView, ownLink } from './state';

export function register(app: SandboxApp): void {
	app.router.post(
		'/api/payment-link/:id',
		signed((request, app) => {
			const checked = check(object({ auth: z.unknown() }), request.body);
			if ('refusal' in checked) return checked.refusal;
			const link = ownLink(request, app);
			if (!('id' in link)) return link;
			return { status: 200, body: linkView(link) };
		}),
	);
}
