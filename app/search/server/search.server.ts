import { data } from 'react-router'
import payload from '#app/generated/search/search-index.json' with { type: 'json' }
import type { SkillGuide } from '#app/skill-guides/schema.ts'
import { CACHE_CONTROL } from '#app/server/cache-control.server.ts'
import { loadSiteSearch, PAGE_LIMITS } from '#app/search/search-engine.ts'
import { MAX_QUERY_LENGTH, type SearchOutcome, type SearchPayload } from '#app/search/search-types.ts'

// Loaded once when the server starts (the same index file the browser fetches), not per request.
const siteSearch = loadSiteSearch(payload as SearchPayload)

const guideModules = import.meta.glob<SkillGuide>('../../generated/skill-guides/*.json', {
	import: 'default',
})

export type SearchPageData = {
	outcome: SearchOutcome
	/** The levelling guides of the skills among the results, shown in place on the page. */
	skillGuides: Record<string, SkillGuide>
	/** Why the query was refused (it is then not searched). */
	error?: string
}

/** `/search?q=…`: the results for the query, or a 400 with a message for one that is too long. */
export async function getSearchPage(request: Request) {
	const raw = new URL(request.url).searchParams.get('q') ?? ''
	if (raw.length > MAX_QUERY_LENGTH) {
		const refused: SearchPageData = {
			outcome: { query: '', total: 0, groups: [], suggestions: [] },
			skillGuides: {},
			error: `A search can be at most ${MAX_QUERY_LENGTH} characters long; this one has ${raw.length}.`,
		}
		return data(refused, { status: 400 })
	}
	const outcome = (await siteSearch).search(raw, PAGE_LIMITS)
	const skills = outcome.groups.flatMap((g) => g.hits.flatMap((h) => (h.skill ? [h.skill] : [])))
	const guides = await Promise.all(
		skills.map(async (skill) => [skill, await guideModules[`../../generated/skill-guides/${skill}.json`]?.()] as const),
	)
	const skillGuides = Object.fromEntries(guides.filter((g): g is readonly [string, SkillGuide] => Boolean(g[1])))
	return data<SearchPageData>({ outcome, skillGuides })
}

/** Results change only with a deploy: cacheable like a page. */
export const searchHeaders = { 'Cache-Control': CACHE_CONTROL.page }
