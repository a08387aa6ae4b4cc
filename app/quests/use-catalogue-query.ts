import { useCallback, useEffect, useState } from 'react'
import { useLocation } from 'react-router'
import { useHydrated } from '#app/lib/use-hydrated.ts'
import { type CatalogueQuery, parseCatalogueQuery, serialiseCatalogueQuery } from '#app/quests/catalogue-query.ts'

export function queryHref(query: CatalogueQuery) {
	const search = serialiseCatalogueQuery(query)
	return search ? `/quests?${search}` : '/quests'
}

/**
 * The query on screen. It starts as the one the server applied (so hydration matches), then
 * follows the address bar; live changes replace the URL without a router navigation, so typing
 * never refetches route data.
 */
export function useCatalogueQuery(serverQuery: string) {
	const location = useLocation()
	const hydrated = useHydrated()
	const [query, setQuery] = useState(() => parseCatalogueQuery(hydrated ? location.search : serverQuery))
	useEffect(() => {
		// A prerendered page ignores the query: apply the real one once hydrated.
		const fromUrl = parseCatalogueQuery(window.location.search)
		setQuery((current) => (serialiseCatalogueQuery(current) === serialiseCatalogueQuery(fromUrl) ? current : fromUrl))
	}, [])
	const [seenSearch, setSeenSearch] = useState(location.search)
	if (seenSearch !== location.search) {
		// A real navigation (a link, back or forward) to another query.
		setSeenSearch(location.search)
		setQuery(parseCatalogueQuery(location.search))
	}
	const update = useCallback((next: CatalogueQuery) => {
		setQuery(next)
		window.history.replaceState(window.history.state, '', queryHref(next))
	}, [])
	return [query, update] as const
}

/** The search box keeps what is typed (spaces and all); the query holds the trimmed text. */
export function useSearchText(q: string) {
	const [text, setText] = useState(q)
	const [syncedQ, setSyncedQ] = useState(q)
	if (syncedQ !== q) {
		setSyncedQ(q)
		if (normaliseSearch(text) !== q) setText(q)
	}
	return [text, setText] as const
}

export function normaliseSearch(text: string) {
	return text.replace(/\s+/g, ' ').trim()
}
