import { Redis } from 'ioredis'
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible'
import { refusalAfter, type LocalLimiter } from './memory-limits.server.ts'
import { createMemoryState } from './memory-state.server.ts'
import type { Entries, ExpiringSet, Limiter, LimitDecision, SharedState } from './shared-state.server.ts'

const PREFIX = 'gg:'

/** KEYS[1]: when the next hit may come (ms); ARGV[1]: the interval. Returns 0 (counted) or the wait in ms. */
const SPACED_HIT = `
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local next = tonumber(redis.call('GET', KEYS[1]) or '0')
if next > now then return next - now end
redis.call('SET', KEYS[1], now + tonumber(ARGV[1]), 'PX', tonumber(ARGV[1]) + 1000)
return 0`
const SPACED_PEEK = `
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local next = tonumber(redis.call('GET', KEYS[1]) or '0')
if next > now then return next - now end
return 0`
/** After a failed command on a connection that looks fine (a hung Redis), leave it alone this long. */
const RETRY_AFTER_FAILURE_MS = 5000

export type RedisStateOptions = {
	/** `redis://[:password@]host:port[/db]` or `rediss://…` (TLS). */
	url: string
	log: (line: string) => void
	/** How long one command may take before it counts as a failure (then in-process state answers). */
	commandTimeoutMs?: number
}

/** `host:port` of a Redis URL, never its password. */
function redisLabel(url: string): string {
	try {
		const parsed = new URL(url)
		return `${parsed.hostname}:${parsed.port || '6379'}`
	} catch {
		return 'REDIS_URL'
	}
}

/**
 * State in Redis, shared by every instance using the same REDIS_URL. When Redis is unreachable,
 * slow or failing, each operation is answered from this process's own state instead (logged once
 * per outage), and ioredis keeps reconnecting in the background; no request fails because of Redis.
 * Claims and revocations also go to the in-process state, so while Redis is away this instance
 * still remembers what it did itself (spent upload links, revoked sessions).
 */
export function createRedisState(options: RedisStateOptions): SharedState {
	const label = redisLabel(options.url)
	const local = createMemoryState()
	const client = new Redis(options.url, {
		// Fail at once while disconnected instead of queueing commands (and requests) until Redis is back.
		enableOfflineQueue: false,
		maxRetriesPerRequest: 1,
		commandTimeout: options.commandTimeoutMs ?? 1000,
		connectTimeout: 2000,
		retryStrategy: (attempt) => Math.min(attempt * 250, 2000),
		// Commands issued in the same tick share one round trip.
		enableAutoPipelining: true,
	})

	let healthy = true
	let warned = false
	let closing = false
	let retryAt = 0
	let settle: () => void = () => {}
	const firstContact = new Promise<void>((resolve) => (settle = resolve))

	function down(reason: string) {
		settle()
		retryAt = Date.now() + RETRY_AFTER_FAILURE_MS
		if (!healthy || closing) return
		healthy = false
		warned = true
		options.log(
			`[shared-state] Redis at ${label} is unreachable (${reason}): this instance uses in-process state ` +
				'until Redis returns, so limits, the player cache and sessions are per instance meanwhile.',
		)
	}
	function up() {
		settle()
		if (healthy) return
		healthy = true
		if (warned) options.log(`[shared-state] Redis at ${label} is back: limits, the player cache and sessions are shared again.`)
	}
	client.on('ready', up)
	client.on('error', (error: Error) => down(error.message))
	client.on('close', () => down('connection closed'))

	/**
	 * Runs `command` on Redis when it is connected; otherwise, or when it fails, `fallback`. After a
	 * failure on a live connection (a command timed out), only one command every few seconds tries
	 * Redis, so a hung server slows one request in a while, not every request.
	 */
	async function guarded<T>(command: () => Promise<T>, fallback: () => T | Promise<T>): Promise<T> {
		if (client.status !== 'ready') return fallback()
		if (!healthy) {
			if (Date.now() < retryAt) return fallback()
			retryAt = Date.now() + RETRY_AFTER_FAILURE_MS
		}
		try {
			const result = await command()
			up()
			return result
		} catch (error) {
			down(error instanceof Error ? error.message : String(error))
			return fallback()
		}
	}

	/**
	 * One hit every `intervalMs` for all instances: the key holds the earliest time (Redis's clock,
	 * ms) the next hit may come; a hit before it is refused with the wait. While Redis is away, this
	 * process's own spacing, like every other limit: a Redis outage must not stop the lookups (the
	 * instances may then spend a budget each; a 429 from upstream still halves each one's rate).
	 */
	function spacedLimiter(name: string, intervalMs: number, fallback: LocalLimiter): Limiter {
		const key = (id: string) => `${PREFIX}spaced:${name}:${id}`
		const interval = String(Math.max(1, Math.round(intervalMs)))
		const decision = (waitMs: number): LimitDecision => (waitMs > 0 ? refusalAfter(waitMs) : { allowed: true })
		return {
			hit: (id) =>
				guarded(
					async () => decision(Number(await client.eval(SPACED_HIT, 1, key(id), interval))),
					() => fallback.hit(id),
				),
			peek: (id) =>
				guarded(
					async () => decision(Number(await client.eval(SPACED_PEEK, 1, key(id)))),
					() => fallback.peek(id),
				),
			async reset(id) {
				fallback.reset(id)
				await guarded(
					async () => void (await client.del(key(id))),
					() => undefined,
				)
			},
		}
	}

	return {
		entries<T>(name: string): Entries<T> {
			const key = (id: string) => `${PREFIX}${name}:${id}`
			// Without Redis there is nothing shared to read or write: the feature's own memory answers.
			return {
				get: (id) =>
					guarded(
						async () => {
							const text = await client.get(key(id))
							return text === null ? undefined : (JSON.parse(text) as T)
						},
						() => undefined,
					),
				set: (id, value, ttlMs) =>
					guarded(
						async () => void (await client.set(key(id), JSON.stringify(value), 'PX', Math.max(1, Math.round(ttlMs)))),
						() => undefined,
					),
			}
		},

		limiter(name, limit): Limiter {
			const fallback = local.localLimiter(name, limit)
			if (limit.refill === 'spaced') return spacedLimiter(name, limit.windowMs / limit.max, fallback)
			const limiter = new RateLimiterRedis({
				storeClient: client,
				keyPrefix: `${PREFIX}limit:${name}`,
				points: limit.max,
				duration: Math.max(1, Math.round(limit.windowMs / 1000)),
				rejectIfRedisNotReady: true,
			})
			const refusal = (res: RateLimiterRes): LimitDecision => refusalAfter(res.msBeforeNext)
			return {
				hit: (client) =>
					guarded(
						() =>
							limiter.consume(client).then(
								(): LimitDecision => ({ allowed: true }),
								(rejection: unknown) => {
									// rate-limiter-flexible rejects with a RateLimiterRes when over the limit,
									// with an Error when Redis failed.
									if (rejection instanceof RateLimiterRes) return refusal(rejection)
									throw rejection
								},
							),
						() => fallback.hit(client),
					),
				peek: (client) =>
					guarded(
						async () => {
							const res = await limiter.get(client)
							return res && res.consumedPoints >= limit.max ? refusal(res) : { allowed: true }
						},
						() => fallback.peek(client),
					),
				async reset(client) {
					fallback.reset(client)
					await guarded(
						async () => void (await limiter.delete(client)),
						() => undefined,
					)
				},
			}
		},

		expiringSet(name): ExpiringSet {
			const copy = local.expiringSet(name)
			const key = (id: string) => `${PREFIX}${name}:${id}`
			return {
				async add(id, ttlMs) {
					if (!(await copy.add(id, ttlMs))) return false
					return guarded(
						async () => (await client.set(key(id), '1', 'PX', Math.max(1, Math.round(ttlMs)), 'NX')) === 'OK',
						() => true,
					)
				},
				async has(id) {
					if (await copy.has(id)) return true
					return guarded(
						async () => (await client.exists(key(id))) === 1,
						() => false,
					)
				},
				async delete(id) {
					await copy.delete(id)
					await guarded(
						async () => void (await client.del(key(id))),
						() => undefined,
					)
				},
			}
		},

		ready: () => Promise.race([firstContact, new Promise<void>((resolve) => setTimeout(resolve, 3000).unref())]),

		async close() {
			closing = true
			client.disconnect()
		},
	}
}
