/**
 * The little state the app server keeps between requests: the player cache, rate and login limits,
 * used upload links and revoked sessions. In this process by default (`npm start` needs nothing);
 * in Redis when `REDIS_URL` is set, so several instances behind a load balancer share it. Features
 * use this interface only, never Redis itself.
 */
import { getEnv } from '#app/server/env.server.ts'
import { log } from '#app/server/log.server.ts'
import { createMemoryState } from './memory-state.server.ts'
import { createRedisState } from './redis-state.server.ts'

/**
 * A refusal says when to come back: `retryAfterSeconds` in whole seconds, at least 1 (for a
 * `Retry-After` header and people), `retryAfterMs` exactly (for code that waits its turn).
 */
export type LimitDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number; retryAfterMs: number }

export type LimitOptions = {
	/** Hits a client may make… */
	max: number
	/** …within this long. */
	windowMs: number
	/**
	 * How this process counts on its own: `steady` is a token bucket (`max` at once, then one more
	 * every `windowMs / max`), `window` allows `max` in any `windowMs` (sliding). In Redis both are
	 * rate-limiter-flexible fixed windows of `windowMs` starting at a client's first hit.
	 * `spaced` lets one hit through every `windowMs / max` and never two closer, in this process
	 * and in Redis alike (a GCRA on Redis's own clock, to the millisecond): the upstream budget.
	 */
	refill: 'steady' | 'window' | 'spaced'
}

/** Hits counted per client (an address). */
export type Limiter = {
	/** Counts one hit and says whether it is allowed. */
	hit(client: string): Promise<LimitDecision>
	/** Whether a hit would be allowed now, without counting one. */
	peek(client: string): Promise<LimitDecision>
	/** Forgets the client's hits. */
	reset(client: string): Promise<void>
}

/** JSON-safe values under string keys, each kept for its own lifetime. */
export type Entries<T> = {
	get(key: string): Promise<T | undefined>
	set(key: string, value: T, ttlMs: number): Promise<void>
}

/** Ids remembered until they expire: spent upload links, revoked sessions. */
export type ExpiringSet = {
	/** Adds `id` for `ttlMs`; false when it was there already (someone else claimed it). */
	add(id: string, ttlMs: number): Promise<boolean>
	has(id: string): Promise<boolean>
	delete(id: string): Promise<void>
}

export type SharedState = {
	/**
	 * Entries the other instances see, under their own key space `name`. Only with Redis: in one
	 * process a feature's own memory (its cache) is already all there is.
	 */
	entries?<T>(name: string): Entries<T>
	limiter(name: string, options: LimitOptions): Limiter
	expiringSet(name: string): ExpiringSet
	/** Resolves once Redis answered or failed for the first time (at once in memory). */
	ready(): Promise<void>
	close(): Promise<void>
}

let shared: SharedState | undefined

/** This process's state: in Redis when `REDIS_URL` is set, else in-process. Created on first use. */
export function getSharedState(): SharedState {
	const url = getEnv().REDIS_URL
	shared ??= url ? createRedisState({ url, log: log.error }) : createMemoryState()
	return shared
}
