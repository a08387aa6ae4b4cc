import js from '@eslint/js'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

// The HTTP layer (server/) uses the app; the app never reaches into it.
const noServerImports = { regex: '^#server/', message: 'app/ must not import the HTTP layer (server/).' }
// Widgets use shared UI (e.g. app/player); only the widget map and routes import a widget.
const noWidgetImports = {
	regex: '^#app/widgets/[^/]+/',
	message: 'Import shared code from its feature folder (e.g. #app/player/…), not from a widget.',
}

export default tseslint.config(
	{ ignores: ['build/', 'app/generated/', '.react-router/', 'node_modules/', 'tools/', 'test-results/', 'playwright-report/'] },
	js.configs.recommended,
	...tseslint.configs.recommended,
	{
		files: ['**/*.{ts,tsx,js}'],
		languageOptions: { globals: { ...globals.browser, ...globals.node } },
		plugins: { 'react-hooks': reactHooks },
		rules: {
			'react-hooks/rules-of-hooks': 'error',
			'react-hooks/exhaustive-deps': 'warn',
			'@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
			'@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
			'no-console': ['error', { allow: ['warn', 'error', 'info'] }],
		},
	},
	{
		// Command-line tools talk to the terminal.
		files: ['scripts/**', 'server/index.js', 'tests/**'],
		rules: { 'no-console': 'off' },
	},
	{
		files: ['app/**'],
		ignores: ['app/widgets/**', 'app/routes/**'],
		rules: { 'no-restricted-imports': ['error', { patterns: [noServerImports, noWidgetImports] }] },
	},
	{
		files: ['app/widgets/**', 'app/routes/**'],
		rules: { 'no-restricted-imports': ['error', { patterns: [noServerImports] }] },
	},
	{
		// Cache-Control values come from one place: CACHE_CONTROL (app/server/cache-control.server.ts).
		files: ['app/**', 'server/**'],
		ignores: ['app/server/cache-control.server.ts', '**/*.test.{ts,tsx}'],
		rules: {
			'no-restricted-syntax': [
				'error',
				{
					selector: 'Literal[value=/^((public|private), |no-store|no-cache)/]',
					message: 'Use CACHE_CONTROL (#app/server/cache-control.server.ts).',
				},
			],
		},
	},
	{
		// Playwright fixtures call `use`, which is not React's hook.
		files: ['tests/e2e/**'],
		rules: { 'react-hooks/rules-of-hooks': 'off' },
	},
)
