import { LRUCache } from 'lru-cache'
import type { Entries } from '#app/server/shared-state/shared-state.server.ts'

export type CacheEntry<T> = { value: T; fetchedAt: number }

export type CacheOptions<T> = {
	/** Age below which an entry is served without asking upstream. */
	freshMs: number
	/** Age below which an entry may still stand in for a failed upstream call; older ones go. */
	maxAgeMs: number
	/** Bound on the number of entries kept in this process (least recently used ones go first). */
	maxEntries: number
	/**
	 * Entries other instances see (Redis). This process keeps its own copies in front: a fresh one
	 * is served without asking anyone; the shared one is read when this process has none fresh.
	 */
	shared?: Entries<CacheEntry<T>>
	now?: () => number
}

export type CacheHit<T> = { value: T; fetchedAt: number; stale: false } | { value: T; fetchedAt: number; stale: true; error: unknown }

export type StaleWhileErrorCache<T> = {
	/**
	 * A fresh entry, else the result of `load` (concurrent calls for one key share one `load`).
	 * When `load` fails, an entry younger than `maxAgeMs` comes back marked stale with the error;
	 * with none, the error is thrown.
	 */
	get(key: string, load: () => Promise<T>): Promise<CacheHit<T>>
	/** Always the result of `load` (joining one already running), kept as the fresh entry; errors are thrown. */
	reload(key: string, load: () => Promise<T>): Promise<CacheHit<T>>
	readonly size: number
}

/**
 * Concurrent loads of one key are collapsed into one within a process; across instances sharing
 * entries each may load once at the same moment (the last write wins; both are fresh).
 */
// lru-cache stores only non-nullish values, which is exactly what `{}` means here.
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export function createStaleWhileErrorCache<T extends {}>(options: CacheOptions<T>): StaleWhileErrorCache<T> {
	const now = options.now ?? Date.now
	const { shared } = options
	const entries = new LRUCache<string, CacheEntry<T>>({ max: options.maxEntries })
	const inFlight = new Map<string, Promise<CacheEntry<T>>>()
	const age = (entry: CacheEntry<T>) => now() - entry.fetchedAt

	function load(key: string, loader: () => Promise<T>): Promise<CacheEntry<T>> {
		const running = inFlight.get(key)
		if (running) return running
		// Starting from a resolved promise keeps a synchronous throw in `loader` asynchronous, so
		// the `finally` always runs after the `set` below.
		const started = Promise.resolve()
			.then(loader)
			.then(async (value) => {
				const entry = { value, fetchedAt: now() }
				entries.set(key, entry)
				await shared?.set(key, entry, options.maxAgeMs)
				return entry
			})
			.finally(() => inFlight.delete(key))
		inFlight.set(key, started)
		return started
	}

	/** This process's entry when fresh; else a newer shared one (kept here from then on), or ours. */
	async function newest(key: string): Promise<CacheEntry<T> | undefined> {
		const mine = entries.get(key)
		if (!shared || (mine && age(mine) < options.freshMs)) return mine
		const theirs = await shared.get(key)
		if (!theirs || (mine && mine.fetchedAt >= theirs.fetchedAt)) return mine
		entries.set(key, theirs)
		return theirs
	}

	return {
		async get(key, loader) {
			const known = await newest(key)
			if (known && age(known) < options.freshMs) return { ...known, stale: false }
			try {
				return { ...(await load(key, loader)), stale: false }
			} catch (error) {
				if (known && age(known) < options.maxAgeMs) return { ...known, stale: true, error }
				if (known) entries.delete(key)
				throw error
			}
		},
		async reload(key, loader) {
			return { ...(await load(key, loader)), stale: false }
		},
		get size() {
			return entries.size
		},
	}
}
