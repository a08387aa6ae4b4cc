import { reactRouter } from '@react-router/dev/vite'
import tailwindcss from '@tailwindcss/vite'
import { defineConfig } from 'vite'

// Small modules every page loads anyway, shipped as one chunk instead of a dozen tiny requests.
const SHELL = new RegExp(
	[
		'/app/components/(icons|error-boundary|breadcrumbs|toaster|nonce|theme-toggle|site-header|bottom-tabs|sidebar|prev-next|table-of-contents|markdown)\\.tsx$',
		'/app/components/use-dismiss\\.ts$',
		'/app/player/(player-icons|username-store|header-player)\\.tsx?$',
		'/app/lib/(analytics|content/navigation|content/compact-hast|format-date|format-number|countdown|use-hydrated)\\.ts$',
		'/app/home/(last-read-store|continue-reading)\\.ts$',
		// Only for `questPath` on a guide page: in the requirements chunk, it pulled in 10 KB of widgets.
		'/app/quests/names\\.ts$',
		'/app/widgets/(components|widget-host)\\.tsx?$',
		'/app/search/(search-box|search-launcher)\\.tsx$',
		'preload-helper',
	].join('|'),
)

// The requirement widgets and what they share, loaded together by pages that use any of them.
const REQUIREMENTS = new RegExp(
	[
		'/app/widgets/(quest-requirements|requirements)/[^/]+\\.tsx?$',
		'/app/widgets/skill-badge/skill-badge\\.tsx$',
		'/app/player/(player-data|client|player-state)\\.tsx?$',
		'/app/quests/progress\\.ts$',
	].join('|'),
)

// The skill list and the player-name rules: small, and used by far more pages than the widgets.
const SKILLS_AND_NAMES = /\/app\/(lib\/(skills|xp-table)|player\/username)\.ts$|\/data\/game\/skills\.json$/

export default defineConfig({
	environments: {
		// The server build's entry is our Express app, which mounts the React Router handler.
		ssr: { build: { rollupOptions: { input: './server/app.ts' } } },
		client: {
			build: {
				rollupOptions: {
					output: {
						entryFileNames: 'assets/[name]-[hash].js',
						advancedChunks: {
							groups: [
								{ name: 'shell', test: SHELL, priority: 3 },
								// Before the requirements group, which would otherwise take it in with its
								// dependencies: pages that only need the skill list load only that.
								{ name: 'skills', test: SKILLS_AND_NAMES, priority: 2 },
								{ name: 'requirements', test: REQUIREMENTS },
							],
						},
					},
				},
			},
		},
	},
	build: { assetsInlineLimit: 0 },
	plugins: [tailwindcss(), reactRouter()],
})
