import { LRUCache } from 'lru-cache'

export type RateLimitOptions = {
	/** Lookups a client may make in a burst, refilled evenly over `windowMs`. */
	max: number
	windowMs: number
	/** Bound on the number of clients remembered (idle ones are forgotten first). */
	maxClients?: number
	now?: () => number
}

export type RateLimitDecision =
	{ allowed: true; remaining: number } | { allowed: false; retryAfterSeconds: number }

export type RateLimiter = { hit(clientId: string): RateLimitDecision }

type Bucket = { tokens: number; updatedAt: number }

/**
 * A token bucket per client: `max` lookups at once, then one more every `windowMs / max`.
 * Unlike a fixed window it never allows 2 × max around a window edge.
 */
export function createRateLimiter(options: RateLimitOptions): RateLimiter {
	const now = options.now ?? Date.now
	const perMs = options.max / options.windowMs
	const buckets = new LRUCache<string, Bucket>({ max: options.maxClients ?? 10_000 })

	return {
		hit(clientId) {
			const time = now()
			const previous = buckets.get(clientId)
			const refilled = previous
				? Math.min(options.max, previous.tokens + (time - previous.updatedAt) * perMs)
				: options.max
			if (refilled < 1) {
				buckets.set(clientId, { tokens: refilled, updatedAt: time })
				return {
					allowed: false,
					retryAfterSeconds: Math.max(1, Math.ceil((1 - refilled) / perMs / 1000)),
				}
			}
			buckets.set(clientId, { tokens: refilled - 1, updatedAt: time })
			return { allowed: true, remaining: Math.floor(refilled - 1) }
		},
	}
}
