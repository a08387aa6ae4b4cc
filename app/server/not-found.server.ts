import { data } from 'react-router'
import catalogueJson from '#app/generated/quests/catalogue.json' with { type: 'json' }
import { closestPages, type PageCandidate, pathWords, type Suggestion } from '#app/lib/closest-pages.ts'
import { flatten } from '#app/lib/content/navigation.ts'
import type { QuestCatalogueEntry } from '#app/quests/artifacts.ts'
import { navigation } from './site.server.ts'
import { questPath } from '#app/quests/names.ts'

/** What a 404 answer carries to the error screen: the closest pages and words for the search box. */
type NotFoundData = { message: 'Not Found'; suggestions: Suggestion[]; search: string }

let pages: PageCandidate[] | undefined
let quests: PageCandidate[] | undefined

function pageCandidates(): PageCandidate[] {
	pages ??= flatten(navigation.sections)
		.filter((e) => e.component === 'guide' && e.visible)
		.map((e) => ({ path: e.path, title: e.title }))
	return pages
}

function questCandidates(): PageCandidate[] {
	quests ??= (catalogueJson as QuestCatalogueEntry[]).map((q) => ({
		path: questPath(q.slug),
		title: q.name,
		aliases: q.aliases,
	}))
	return quests
}

/**
 * The 404 for a path: thrown by loaders, shown by the error boundary with the closest pages by
 * slug and title. Under /quests/ only quests are suggested; elsewhere guide pages and quests.
 */
export function notFound(requestPath: string): never {
	// Client-side navigations ask for `<path>.data`.
	const pathname = requestPath.replace(/(\/_)?\.data$/, '')
	const inQuests = pathname.toLowerCase().startsWith('/quests/')
	const candidates = inQuests ? questCandidates() : [...pageCandidates(), ...questCandidates()]
	const body: NotFoundData = {
		message: 'Not Found',
		suggestions: closestPages(pathname, candidates),
		search: pathWords(pathname),
	}
	throw data(body, { status: 404 })
}
