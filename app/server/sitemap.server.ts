import catalogue from '#app/generated/quests/catalogue.json' with { type: 'json' }
import { prerenderPaths } from '#app/lib/content/navigation.ts'
import { TOOL_SECTION_PATHS } from '#app/lib/tools.ts'
import { getEnv } from './env.server.ts'
import { navigation } from './site.server.ts'
import { questPath } from '#app/quests/names.ts'

/** Every public page: home, guides, the quest catalogue, each quest and the Tools pages. */
export function publicPaths(): string[] {
	const quests = (catalogue as Array<{ slug: string }>).map((q) => questPath(q.slug))
	return ['/', ...prerenderPaths(navigation), '/quests', ...quests, ...TOOL_SECTION_PATHS]
}

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

export function getSitemapXml(): string {
	const origin = getEnv().SITE_URL
	const urls = publicPaths().map((p) => `  <url><loc>${escapeXml(origin + (p === '/' ? '/' : p))}</loc></url>`)
	return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`
}
