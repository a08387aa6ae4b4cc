import { expect, test } from 'vitest'
import { addRecentSearch, clearRecentSearches, readRecentSearches, RECENT_SEARCHES_KEY } from './recent-searches.ts'

function memoryStorage(initial: Record<string, string> = {}) {
	const data = new Map(Object.entries(initial))
	return {
		getItem: (k: string) => data.get(k) ?? null,
		setItem: (k: string, v: string) => void data.set(k, v),
		removeItem: (k: string) => void data.delete(k),
	}
}

test('newest first, once whatever the case, at most six, blanks ignored', () => {
	const storage = memoryStorage()
	for (const q of ['wgs', 'overloads', 'WGS', '  ', 'a', 'b', 'c', 'd', 'e']) addRecentSearch(q, storage)
	expect(readRecentSearches(storage)).toEqual(['e', 'd', 'c', 'b', 'a', 'WGS'])
})

test('clear forgets them; a broken or foreign value reads as none', () => {
	const storage = memoryStorage({ [RECENT_SEARCHES_KEY]: '["prif", 3]' })
	expect(readRecentSearches(storage)).toEqual(['prif'])
	clearRecentSearches(storage)
	expect(readRecentSearches(storage)).toEqual([])
	expect(readRecentSearches(memoryStorage({ [RECENT_SEARCHES_KEY]: '{oops' }))).toEqual([])
	expect(readRecentSearches(memoryStorage({ [RECENT_SEARCHES_KEY]: '{"a":1}' }))).toEqual([])
})

test('blocked storage never throws', () => {
	const blocked = {
		getItem: () => {
			throw new Error('denied')
		},
		setItem: () => {
			throw new Error('denied')
		},
		removeItem: () => {
			throw new Error('denied')
		},
	}
	expect(readRecentSearches(blocked)).toEqual([])
	expect(() => addRecentSearch('wgs', blocked)).not.toThrow()
	expect(() => clearRecentSearches(blocked)).not.toThrow()
})
