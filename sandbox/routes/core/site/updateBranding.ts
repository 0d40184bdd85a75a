// POST /core/site/update (core-administration-api.md, "POST /core/site/update"): branding and checkout
// version only, answered with the site read shape.
import { signed } from '../../../guards';
import { notFound, ok, type SandboxApp } from '../../../http';
import { check, object, text } from '../../../rules';
import { auth, colour, id } from '../fieldRules';
import { siteReadShape } from '../siteRead';
import { configurationOf, siteById } from '../state';

const schema = object({
	auth,
	id: id(),
	branding: object({ buttonColor: colour(), sidebarColor: colour() }).partial().optional(),
	checkoutVersion: text().optional(),
});

export function register(app: SandboxApp): void {
	app.router.post(
		'/core/site/update',
		signed((request) => {
			const checked = check(schema, request.body);
			if ('refusal' in checked) return checked.refusal;
			const site = siteById(app, checked.value.id);
			if (!site) return notFound(`Site ${checked.value.id}`);
			const configuration = configurationOf(app, site);
			if (checked.value.branding) configuration.branding = { ...((configuration.branding as object) ?? {}), ...checked.value.branding };
			if (checked.value.checkoutVersion !== undefined) configuration.checkoutVersion = checked.value.checkoutVersion;
			return ok(siteReadShape(app, site));
		}),
	);
}
