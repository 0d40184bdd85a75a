'use strict';
/**
 * What each n8n version line needs to install and run here: the Node it runs on, the npm overrides of its
 * install folder, the modules switched off. Pure, no dependencies, for the unit test. Plain CommonJS.
 *
 * - 2.40.x, 2.41.x: Node 24 (n8n 2.x needs Node >= 24). `linkedom` pinned to a version the registry holds.
 *   `mcp-registry` is switched off (it fetches a list from the internet at start).
 * - 1.123.x (the 1.x LTS line): engines `>=20.19 <=24.x`; Node 22. Its nodes pull `xlsx` from a web address
 *   rather than the registry, so the install overrides it with the registry's `xlsx@0.18.5`. It has no
 *   `mcp-registry` module and refuses every command when N8N_DISABLED_MODULES names a module it does not know.
 * - The public webhook address: 2.x reads N8N_WEBHOOK_URL (test and production webhooks alike) and warns at every
 *   start that WEBHOOK_URL is deprecated; 1.123 knows only WEBHOOK_URL.
 */
const DEFAULT_N8N_VERSION = '2.40.7';
const TESTED_LINES = ['1.123', '2.40', '2.41'];

const LINES = {
	1: { nodeMajor: 22, overrides: { xlsx: '0.18.5' }, disabledModules: '', webhookUrlVariable: 'WEBHOOK_URL' },
	2: { nodeMajor: 24, overrides: { linkedom: '0.18.14' }, disabledModules: 'mcp-registry', webhookUrlVariable: 'N8N_WEBHOOK_URL' },
};

/** The parts of a version `major.minor.patch` as numbers; throws on anything else (a tag such as `latest`). */
function parseVersion(version) {
	const m = /^(\d+)\.(\d+)\.(\d+)$/.exec(String(version).trim());
	if (!m) throw new Error(`PAYSUITE_N8N_VERSION must be an exact n8n version such as ${DEFAULT_N8N_VERSION} or 1.123.81; got '${version}'`);
	return { major: Number(m[1]), minor: Number(m[2]), patch: Number(m[3]) };
}

/**
 * { nodeMajor, overrides, disabledModules, webhookUrlVariable, tested, testedLines } for an n8n version. A major other than 1 or 2
 * is refused: nothing here knows what it needs.
 */
function runtimeFor(version) {
	const { major, minor } = parseVersion(version);
	const line = LINES[major];
	if (!line) throw new Error(`n8n ${version} is not supported by these scripts: use a 1.123.x, 2.40.x or 2.41.x version`);
	return {
		nodeMajor: line.nodeMajor,
		overrides: { ...line.overrides },
		disabledModules: line.disabledModules,
		webhookUrlVariable: line.webhookUrlVariable,
		tested: TESTED_LINES.includes(`${major}.${minor}`),
		testedLines: TESTED_LINES.map((l) => `${l}.x`).join(', '),
	};
}

module.exports = { DEFAULT_N8N_VERSION, TESTED_LINES, parseVersion, runtimeFor };
