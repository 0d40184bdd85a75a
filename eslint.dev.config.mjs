// Tests, the sandbox, benchmarks and scripts run in Node, not in n8n: process, fs and timers are fine here.
// `n8n-node lint` (eslint.config.mjs, n8n's own configuration, which strict mode keeps as generated) lints every
// .ts file with the rules for shipped nodes; a file here that breaks them names them in an `eslint-disable`
// comment at its top. Run this configuration with --no-inline-config, as `npm run lint` does: those comments are
// for n8n's run, and this one takes no exceptions inline.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
	{ ignores: ['dist/**', 'node_modules/**'] },
	{
		files: ['test/**/*.ts', 'sandbox/**/*.ts', 'bench/**/*.ts', 'scripts/**/*.ts', 'nodes/**/*.test.ts'],
		extends: [js.configs.recommended, tseslint.configs.recommended],
		rules: {
			'@typescript-eslint/no-explicit-any': 'off',
			'@typescript-eslint/no-non-null-assertion': 'off',
			'@typescript-eslint/no-require-imports': 'off',
		},
	},
);
