/** The reader's last searches (the ones that led somewhere), kept in this browser only. */

export const RECENT_SEARCHES_KEY = 'search:recent'
const MAX_RECENT = 6

export function readRecentSearches(storage: Pick<Storage, 'getItem'> = localStorage): string[] {
	try {
		const value: unknown = JSON.parse(storage.getItem(RECENT_SEARCHES_KEY) ?? '[]')
		return Array.isArray(value) ? value.filter((q): q is string => typeof q === 'string').slice(0, MAX_RECENT) : []
	} catch {
		return []
	}
}

/** Puts `query` first (once, whatever its case) and keeps the newest few; returns the new list. */
export function addRecentSearch(query: string, storage: Pick<Storage, 'getItem' | 'setItem'> = localStorage): string[] {
	const trimmed = query.trim()
	const current = readRecentSearches(storage)
	if (!trimmed) return current
	const next = [trimmed, ...current.filter((q) => q.toLowerCase() !== trimmed.toLowerCase())].slice(0, MAX_RECENT)
	try {
		storage.setItem(RECENT_SEARCHES_KEY, JSON.stringify(next))
	} catch {
		// Storage blocked or full: the list lasts for this page.
	}
	return next
}

export function clearRecentSearches(storage: Pick<Storage, 'removeItem'> = localStorage) {
	try {
		storage.removeItem(RECENT_SEARCHES_KEY)
	} catch {
		// Nothing stored to clear.
	}
}
