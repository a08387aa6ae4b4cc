import { createMemoryState } from '#app/server/shared-state/memory-state.server.ts'
import type { Entries } from '#app/server/shared-state/shared-state.server.ts'

export type CacheEntry<T> = { value: T; fetchedAt: number }

export type CacheOptions<T> = {
	/** Age below which an entry is served without asking upstream. */
	freshMs: number
	/** Age below which an entry may still stand in for a failed upstream call; older ones go. */
	maxAgeMs: number
	/** Bound on the number of entries kept in this process (least recently used ones go first). */
	maxEntries: number
	/** Where entries live: this process by default; the shared state (Redis) across instances. */
	store?: Entries<CacheEntry<T>>
	now?: () => number
}

export type CacheHit<T> =
	| { value: T; fetchedAt: number; stale: false }
	| { value: T; fetchedAt: number; stale: true; error: unknown }

export type StaleWhileErrorCache<T> = {
	/**
	 * A fresh entry, else the result of `load` (concurrent calls for one key share one `load`).
	 * When `load` fails, an entry younger than `maxAgeMs` comes back marked stale with the error;
	 * with none, the error is thrown.
	 */
	get(key: string, load: () => Promise<T>): Promise<CacheHit<T>>
}

/**
 * Entries are kept `maxAgeMs` from their fetch. Concurrent loads of one key are collapsed into one
 * within a process (across instances each may load once; the last write wins, both are fresh).
 */
export function createStaleWhileErrorCache<T>(options: CacheOptions<T>): StaleWhileErrorCache<T> {
	const now = options.now ?? Date.now
	const entries = options.store ?? createMemoryState({ now }).entries<CacheEntry<T>>('cache', options)
	const inFlight = new Map<string, Promise<CacheEntry<T>>>()

	function load(key: string, loader: () => Promise<T>): Promise<CacheEntry<T>> {
		const running = inFlight.get(key)
		if (running) return running
		// Starting from a resolved promise keeps a synchronous throw in `loader` asynchronous, so
		// the `finally` always runs after the `set` below.
		const started = Promise.resolve()
			.then(loader)
			.then(async (value) => {
				const entry = { value, fetchedAt: now() }
				await entries.set(key, entry, options.maxAgeMs)
				return entry
			})
			.finally(() => inFlight.delete(key))
		inFlight.set(key, started)
		return started
	}

	async function usable(key: string, maxAge: number): Promise<CacheEntry<T> | undefined> {
		const entry = await entries.get(key)
		return entry && now() - entry.fetchedAt < maxAge ? entry : undefined
	}

	return {
		async get(key, loader) {
			const fresh = await usable(key, options.freshMs)
			if (fresh) return { ...fresh, stale: false }
			try {
				return { ...(await load(key, loader)), stale: false }
			} catch (error) {
				const old = await usable(key, options.maxAgeMs)
				if (old) return { ...old, stale: true, error }
				throw error
			}
		},
	}
}
