import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { startTestRedis, type TestRedis } from '#tests/fixtures/redis.ts'
import { createMemoryState } from './memory-state.server.ts'
import { createRedisState } from './redis-state.server.ts'
import type { SharedState } from './shared-state.server.ts'

// One contract, two implementations: what a feature sees must not depend on REDIS_URL (apart from
// the limiters' in-process refill styles, tested in memory-limits.server.test.ts). The Redis half
// runs a real redis-server and fails, never skips, without one.

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const unique = () => Math.random().toString(36).slice(2)

let redis: TestRedis
const opened: SharedState[] = []

beforeAll(async () => {
	redis = await startTestRedis()
})

afterAll(async () => {
	await Promise.all(opened.map((state) => state.close()))
	await redis?.stop()
})

function redisState(logs: string[] = [], commandTimeoutMs?: number) {
	const state = createRedisState({ url: redis.url, log: (line) => logs.push(line), commandTimeoutMs })
	opened.push(state)
	return state
}

const implementations: Array<[string, () => Promise<SharedState>]> = [
	['memory', async () => createMemoryState()],
	[
		'redis',
		async () => {
			const state = redisState()
			await state.ready()
			return state
		},
	],
]

test("in one process there are no shared entries: a feature's own memory is all there is", () => {
	expect(createMemoryState().entries).toBeUndefined()
})

test('Redis entries come back until their lifetime ends', async () => {
	const state = redisState()
	await state.ready()
	const entries = state.entries!<{ n: number }>(`cache-${unique()}`)
	expect(await entries.get('a')).toBeUndefined()
	await entries.set('a', { n: 1 }, 150)
	expect(await entries.get('a')).toEqual({ n: 1 })
	await sleep(250)
	expect(await entries.get('a')).toBeUndefined()
})

describe.each(implementations)('%s state', (_kind, open) => {
	test('a spaced limiter lets one hit through per interval, shared by every user of the state, and says how long to wait', async () => {
		const state = await open()
		const name = `spaced-${unique()}`
		// Two instances' handles on one budget (in memory: one process, the same limiter).
		const [a, b] = [
			state.limiter(name, { max: 1, windowMs: 200, refill: 'spaced' }),
			state.limiter(name, { max: 1, windowMs: 200, refill: 'spaced' }),
		]
		expect(await a.hit('upstream')).toEqual({ allowed: true })
		const refused = await b.hit('upstream')
		expect(refused.allowed).toBe(false)
		if (refused.allowed) return
		expect(refused.retryAfterMs).toBeGreaterThan(100)
		expect(refused.retryAfterMs).toBeLessThanOrEqual(200)
		expect((await a.peek('upstream')).allowed).toBe(false)
		await sleep(refused.retryAfterMs + 20)
		expect((await a.peek('upstream')).allowed).toBe(true)
		expect(await b.hit('upstream')).toEqual({ allowed: true })
		expect((await a.hit('upstream')).allowed).toBe(false)
	})

	test('a window limiter allows max hits, then says how long to wait; peek counts nothing', async () => {
		const state = await open()
		const limiter = state.limiter(`limit-${unique()}`, { max: 3, windowMs: 60_000, refill: 'window' })
		for (let i = 0; i < 3; i++) {
			expect(await limiter.peek('c')).toEqual({ allowed: true })
			expect(await limiter.hit('c')).toEqual({ allowed: true })
		}
		const refused = await limiter.hit('c')
		expect(refused.allowed).toBe(false)
		expect(!refused.allowed && refused.retryAfterSeconds).toBeGreaterThan(55)
		// The exact wait, in milliseconds, agrees with the whole seconds.
		expect(!refused.allowed && refused.retryAfterMs).toBeGreaterThan(54_000)
		expect(!refused.allowed && refused.retryAfterMs).toBeLessThanOrEqual(60_000)
		expect(!refused.allowed && Math.ceil(refused.retryAfterMs / 1000)).toBe(!refused.allowed && refused.retryAfterSeconds)
		expect((await limiter.peek('c')).allowed).toBe(false)
		expect(await limiter.hit('other')).toEqual({ allowed: true })
		await limiter.reset('c')
		expect(await limiter.hit('c')).toEqual({ allowed: true })
	})

	test('an expiring set claims an id once until it expires or is given back', async () => {
		const state = await open()
		const set = state.expiringSet(`claims-${unique()}`)
		expect(await set.has('n1')).toBe(false)
		expect(await set.add('n1', 60_000)).toBe(true)
		expect(await set.add('n1', 60_000)).toBe(false)
		expect(await set.has('n1')).toBe(true)
		await set.delete('n1')
		expect(await set.add('n1', 150)).toBe(true)
		await sleep(250)
		expect(await set.has('n1')).toBe(false)
	})
})

describe('two instances on one Redis', () => {
	test('share entries, limits and claims', async () => {
		const [a, b] = [redisState(), redisState()]
		await Promise.all([a.ready(), b.ready()])
		const name = unique()
		await a.entries!<string>(`cache-${name}`).set('k', 'from a', 60_000)
		expect(await b.entries!<string>(`cache-${name}`).get('k')).toBe('from a')

		const limit = { max: 2, windowMs: 60_000, refill: 'steady' } as const
		expect((await a.limiter(`limit-${name}`, limit).hit('c')).allowed).toBe(true)
		expect((await b.limiter(`limit-${name}`, limit).hit('c')).allowed).toBe(true)
		expect((await a.limiter(`limit-${name}`, limit).hit('c')).allowed).toBe(false)

		expect(await a.expiringSet(`claims-${name}`).add('n', 60_000)).toBe(true)
		expect(await b.expiringSet(`claims-${name}`).add('n', 60_000)).toBe(false)
	})

	test('while Redis is away each answers from its own state, warns once, and shares again after', async () => {
		const logs: string[] = []
		const [a, b] = [redisState(logs), redisState(logs)]
		await Promise.all([a.ready(), b.ready()])
		const name = unique()
		const revoked = (state: SharedState) => state.expiringSet(`revoked-${name}`)
		await revoked(a).add('session-1', 60_000)
		expect(await revoked(b).has('session-1')).toBe(true)

		await redis.stop()
		const started = performance.now()
		// Nothing throws and nothing waits for Redis.
		expect(await revoked(a).has('session-1')).toBe(true) // a remembers its own revocation
		expect(await revoked(b).has('session-1')).toBe(false)
		const limiter = a.limiter(`limit-${name}`, { max: 1, windowMs: 60_000, refill: 'window' })
		expect(await limiter.hit('c')).toEqual({ allowed: true })
		expect((await limiter.hit('c')).allowed).toBe(false)
		// The upstream budget keeps the lookups going on the process's own spacing meanwhile.
		const budget = a.limiter(`budget-${name}`, { max: 1, windowMs: 60_000, refill: 'spaced' })
		expect(await budget.hit('upstream')).toEqual({ allowed: true })
		expect((await budget.hit('upstream')).allowed).toBe(false)
		const entries = b.entries!<number>(`cache-${name}`)
		await entries.set('k', 7, 60_000)
		expect(await entries.get('k')).toBeUndefined() // the player cache's own memory answers
		expect(performance.now() - started).toBeLessThan(500)
		for (let i = 0; i < 20; i++) await revoked(b).has(`x${i}`)
		const warnings = logs.filter((line) => /unreachable/.test(line))
		expect(warnings).toHaveLength(2) // one per state
		expect(warnings[0]).toMatch(/^\[shared-state\] Redis at 127\.0\.0\.1:\d+ is unreachable \(.+\): this instance uses in-process state/)

		await redis.start()
		const deadline = Date.now() + 15_000
		while (logs.filter((line) => /is back/.test(line)).length < 2) {
			if (Date.now() > deadline) throw new Error(`not reconnected:\n${logs.join('\n')}`)
			await sleep(100)
		}
		await a.expiringSet(`claims-${name}`).add('after', 60_000)
		expect(await b.expiringSet(`claims-${name}`).has('after')).toBe(true)
	}, 30_000)

	test('a hung Redis costs one slow command in a while, not one per request', async () => {
		const logs: string[] = []
		const state = redisState(logs, 200)
		await state.ready()
		const set = state.expiringSet(`claims-${unique()}`)
		redis.pause()
		try {
			let started = performance.now()
			expect(await set.has('x')).toBe(false) // waits for the command timeout, then answers
			expect(performance.now() - started).toBeLessThan(1500)
			started = performance.now()
			for (let i = 0; i < 50; i++) await set.has(`y${i}`)
			expect(performance.now() - started).toBeLessThan(100)
			expect(logs.filter((line) => /unreachable/.test(line))).toHaveLength(1)
		} finally {
			redis.resume()
		}
	}, 20_000)
})
