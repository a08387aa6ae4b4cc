import { createSlidingWindow, createTokenBucket, type LocalLimiter } from './memory-limits.server.ts'
import type { ExpiringSet, Limiter, LimitOptions, SharedState } from './shared-state.server.ts'

/** Upper bound on the ids one expiring set keeps (spent upload links, revoked sessions). */
const MAX_IDS = 100_000

export type MemoryState = SharedState & {
	/** The same limiter, synchronous: what the Redis state falls back to. */
	localLimiter(name: string, options: LimitOptions): LocalLimiter
}

/** State of this process alone: the default without REDIS_URL, and the fallback while Redis is away. */
export function createMemoryState(options: { now?: () => number } = {}): MemoryState {
	const now = options.now ?? Date.now
	const limiters = new Map<string, LocalLimiter>()
	const sets = new Map<string, ExpiringSet>()

	function localLimiter(name: string, limit: LimitOptions): LocalLimiter {
		let limiter = limiters.get(name)
		if (!limiter) {
			limiter =
				limit.refill === 'spaced'
					? createTokenBucket({ max: 1, windowMs: limit.windowMs / limit.max, now })
					: (limit.refill === 'steady' ? createTokenBucket : createSlidingWindow)({ max: limit.max, windowMs: limit.windowMs, now })
			limiters.set(name, limiter)
		}
		return limiter
	}

	return {
		localLimiter,

		limiter(name, limit): Limiter {
			const local = localLimiter(name, limit)
			return {
				hit: async (client) => local.hit(client),
				peek: async (client) => local.peek(client),
				reset: async (client) => local.reset(client),
			}
		},

		expiringSet(name) {
			let set = sets.get(name)
			if (!set) {
				const ids = new Map<string, number>()
				const prune = (time: number) => {
					for (const [id, expires] of ids) if (expires <= time) ids.delete(id)
					// Still full of live ids: the oldest go (Map keeps insertion order).
					for (const id of ids.keys()) {
						if (ids.size < MAX_IDS) break
						ids.delete(id)
					}
				}
				const live = (id: string, time: number) => (ids.get(id) ?? 0) > time
				set = {
					async add(id, ttlMs) {
						const time = now()
						if (live(id, time)) return false
						if (ids.size >= MAX_IDS) prune(time)
						ids.set(id, time + ttlMs)
						return true
					},
					has: async (id) => live(id, now()),
					delete: async (id) => void ids.delete(id),
				}
				sets.set(name, set)
			}
			return set
		},

		ready: async () => {},
		close: async () => {},
	}
}
