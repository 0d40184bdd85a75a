// n8n checks parameter patterns in a vm under a 250-ms wall-clock limit (n8n-workflow's safeRegex). On a loaded
// 2-core machine a plain pattern (`^\s*[0-9]+\s*$`) has run out of it, failing a test at random; these tests
// check the nodes, not that guard, so they match with plain regular expressions.
import { setSafeRegexEngine } from 'n8n-workflow';

const flagsWithGlobal = (flags = '') => (flags.includes('g') ? flags : `${flags}g`);

setSafeRegexEngine({
	exec: (pattern, input, flags) => new RegExp(pattern, flags).exec(input),
	test: (pattern, input, flags) => new RegExp(pattern, flags).test(input),
	replace: (pattern, input, flags, replacement) => input.replace(new RegExp(pattern, flags), replacement),
	matchAll: (pattern, input, flags) => Array.from(input.matchAll(new RegExp(pattern, flagsWithGlobal(flags)))),
	split: (pattern, input, flags) => input.split(new RegExp(pattern, flags)),
});
