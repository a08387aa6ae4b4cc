import { LRUCache } from 'lru-cache'
import type { LimitDecision } from './shared-state.server.ts'

/** A refusal whose wait is `ms`. */
export function refusalAfter(ms: number): LimitDecision {
	const retryAfterMs = Math.max(0, Math.ceil(ms))
	return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(retryAfterMs / 1000)), retryAfterMs }
}

/** A limiter of this process alone: synchronous, so a check and its count can't interleave. */
export type LocalLimiter = {
	hit(client: string): LimitDecision
	peek(client: string): LimitDecision
	reset(client: string): void
}

type LocalLimitOptions = {
	max: number
	windowMs: number
	/** Memory bound: beyond this many clients the least recently seen are forgotten. */
	maxClients?: number
	now?: () => number
}

type Bucket = { tokens: number; updatedAt: number }

/**
 * A token bucket per client: `max` hits at once, then one more every `windowMs / max`. Unlike a
 * fixed window it never allows 2 × max around a window edge.
 */
export function createTokenBucket(options: LocalLimitOptions): LocalLimiter {
	const now = options.now ?? Date.now
	const perMs = options.max / options.windowMs
	const buckets = new LRUCache<string, Bucket>({ max: options.maxClients ?? 10_000 })

	function refilled(client: string, time: number) {
		const previous = buckets.get(client)
		return previous ? Math.min(options.max, previous.tokens + (time - previous.updatedAt) * perMs) : options.max
	}
	const refusal = (tokens: number): LimitDecision => refusalAfter((1 - tokens) / perMs)

	return {
		hit(client) {
			const time = now()
			const tokens = refilled(client, time)
			if (tokens < 1) {
				buckets.set(client, { tokens, updatedAt: time })
				return refusal(tokens)
			}
			buckets.set(client, { tokens: tokens - 1, updatedAt: time })
			return { allowed: true }
		},
		peek(client) {
			const tokens = refilled(client, now())
			return tokens < 1 ? refusal(tokens) : { allowed: true }
		},
		reset(client) {
			buckets.delete(client)
		},
	}
}

/**
 * At most `max` hits in any `windowMs` per client (a sliding log of hit times). Refused hits are
 * not recorded, so hammering on does not extend a lockout.
 */
export function createSlidingWindow(options: LocalLimitOptions): LocalLimiter {
	const now = options.now ?? Date.now
	const { max, windowMs } = options
	const maxClients = options.maxClients ?? 10_000
	const hits = new Map<string, number[]>()

	function forgetStale(time: number) {
		for (const [client, times] of hits) {
			if ((times.at(-1) ?? 0) <= time - windowMs) hits.delete(client)
		}
		// Still too many: drop the clients seen longest ago (Map keeps insertion order).
		for (const client of hits.keys()) {
			if (hits.size < maxClients) break
			hits.delete(client)
		}
	}

	function decide(client: string, time: number): { recent: number[]; decision: LimitDecision } {
		const recent = (hits.get(client) ?? []).filter((t) => t > time - windowMs)
		if (recent.length < max) return { recent, decision: { allowed: true } }
		const oldest = recent[recent.length - max] ?? time
		return { recent, decision: refusalAfter(oldest + windowMs - time) }
	}

	return {
		hit(client) {
			const time = now()
			const { recent, decision } = decide(client, time)
			if (!decision.allowed) {
				hits.set(client, recent)
				return decision
			}
			if (!hits.has(client) && hits.size >= maxClients) forgetStale(time)
			hits.delete(client)
			hits.set(client, [...recent, time])
			return decision
		},
		peek(client) {
			return decide(client, now()).decision
		},
		reset(client) {
			hits.delete(client)
		},
	}
}
