import indexUrl from '#app/generated/search/search-index.json?url'
import { loadSiteSearch, type SiteSearch } from './search-engine.ts'
import type { SearchPayload } from './search-types.ts'

let loading: Promise<SiteSearch> | undefined

/**
 * The search index, fetched once per page load (a hashed, immutable file) and kept. A failed
 * load is forgotten, so the next call tries again.
 */
export function loadSearch(): Promise<SiteSearch> {
	loading ??= fetch(indexUrl)
		.then((response) => {
			if (!response.ok) throw new Error(`The search index could not be loaded (HTTP ${response.status}).`)
			return response.json() as Promise<SearchPayload>
		})
		.then(loadSiteSearch)
		.catch((error: unknown) => {
			loading = undefined
			throw error
		})
	return loading
}
