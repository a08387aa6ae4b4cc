import { LRUCache } from 'lru-cache'

export type CacheOptions = {
	/** Age below which an entry is served without asking upstream. */
	freshMs: number
	/** Age below which an entry may still stand in for a failed upstream call; older ones go. */
	maxAgeMs: number
	/** Bound on the number of entries (least recently used ones are dropped first). */
	maxEntries: number
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
	readonly size: number
}

type Entry<T> = { value: T; fetchedAt: number }

// lru-cache stores only non-nullish values, which is exactly what `{}` means here.
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export function createStaleWhileErrorCache<T extends {}>(
	options: CacheOptions,
): StaleWhileErrorCache<T> {
	const now = options.now ?? Date.now
	const entries = new LRUCache<string, Entry<T>>({ max: options.maxEntries })
	const inFlight = new Map<string, Promise<Entry<T>>>()

	function load(key: string, loader: () => Promise<T>): Promise<Entry<T>> {
		const running = inFlight.get(key)
		if (running) return running
		// Starting from a resolved promise keeps a synchronous throw in `loader` asynchronous, so
		// the `finally` always runs after the `set` below.
		const started = Promise.resolve()
			.then(loader)
			.then((value) => {
				const entry = { value, fetchedAt: now() }
				entries.set(key, entry)
				return entry
			})
			.finally(() => inFlight.delete(key))
		inFlight.set(key, started)
		return started
	}

	function usable(key: string, maxAge: number): Entry<T> | undefined {
		const entry = entries.get(key)
		if (!entry) return undefined
		const age = now() - entry.fetchedAt
		if (age < maxAge) return entry
		if (age >= options.maxAgeMs) entries.delete(key)
		return undefined
	}

	return {
		async get(key, loader) {
			const fresh = usable(key, options.freshMs)
			if (fresh) return { ...fresh, stale: false }
			try {
				return { ...(await load(key, loader)), stale: false }
			} catch (error) {
				const old = usable(key, options.maxAgeMs)
				if (old) return { ...old, stale: true, error }
				throw error
			}
		},
		get size() {
			return entries.size
		},
	}
}
