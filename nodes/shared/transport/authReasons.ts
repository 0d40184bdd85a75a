/** Words for the platform's authentication failure reasons (HTTP 401, `status.reason`). */
const AUTH_FAILURE_WORDS: Record<string, string> = {
	'101': 'Unknown login: the platform has no site with this login. Check the Login field of the credential.',
	'102': 'Wrong secret key: the tranKey did not match. Check the Secret Key and the Digest Algorithm of the credential.',
	'103': "Clock off by more than 5 minutes: the seed was rejected. Check this machine's date, time and time zone.",
	'104': 'Inactive site: the site behind this login is disabled on the platform.',
	'105': 'Expired site: the site behind this login has expired on the platform.',
	'106': 'Expired credentials: this login and secret key have expired. Ask the platform for new ones.',
};

export function describeAuthFailure(reason: unknown): string | undefined {
	if (reason === null || reason === undefined) return undefined;
	return AUTH_FAILURE_WORDS[String(reason).trim()];
}
