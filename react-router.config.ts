import { readFileSync } from 'node:fs'
import type { Config } from '@react-router/dev/config'
import { prerenderPaths } from './app/lib/content/navigation.ts'
import type { Navigation } from './app/lib/content/page-types.ts'
import { TOOL_SECTION_PATHS } from './app/lib/tools.ts'

function readJson<T>(file: string): T {
	return JSON.parse(readFileSync(new URL(file, import.meta.url), 'utf8')) as T
}

export default {
	ssr: true,
	// The whole route manifest (9 KB, 1 KB brotli) is one cached file instead of a partial one inline
	// in every document, and no path is ever matched prefix by prefix (decision 0012).
	routeDiscovery: { mode: 'initial' },
	// Every public page becomes static HTML at build time; the dashboard and the API stay dynamic.
	async prerender() {
		const navigation = readJson<Navigation>('./app/generated/navigation.json')
		const quests = readJson<{ slug: string }[]>('./app/generated/quests/catalogue.json')
		return [
			'/',
			...prerenderPaths(navigation),
			'/quests',
			...quests.map((q) => `/quests/${q.slug}`),
			// The Tools pages: the planner reads its goals and player from the query in the browser.
			...TOOL_SECTION_PATHS,
			'/privacy',
		]
	},
	future: {
		v8_middleware: true,
		v8_passThroughRequests: true,
		v8_splitRouteModules: true,
		v8_trailingSlashAwareDataRequests: true,
		v8_viteEnvironmentApi: true,
	},
} satisfies Config
