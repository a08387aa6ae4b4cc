import { describe, expect, test } from 'vitest'
import { createMemoryState } from '#app/server/shared-state/memory-state.server.ts'
import { UpstreamError } from './runemetrics.server.ts'
import { BACKFILL_SHARE, budgetLimit, createUpstreamGate, type UpstreamPriority } from './upstream-gate.server.ts'

/** A fake clock: `sleep` moves it instead of waiting (after letting the calls let through so far run). */
function fakeClock() {
	let time = 1_000_000
	const sleep = async (ms: number) => {
		await new Promise((resolve) => setImmediate(resolve))
		time += ms
	}
	return { now: () => time, sleep }
}

function gateFor(rps: number, options: { instances?: number; stopping?: AbortSignal } = {}) {
	const clock = fakeClock()
	const state = createMemoryState({ now: clock.now })
	const budget = state.limiter('upstream', budgetLimit(rps))
	const lines: string[] = []
	const gates = Array.from({ length: options.instances ?? 1 }, () =>
		createUpstreamGate({
			rps,
			budget,
			now: clock.now,
			sleep: clock.sleep,
			log: (line) => lines.push(line),
			maxWaitMs: 3_600_000,
			stopping: options.stopping,
		}),
	)
	return { clock, gates, gate: gates[0]!, lines }
}

/** The most calls in any window of `windowMs`. */
function mostWithin(times: number[], windowMs: number): number {
	const sorted = times.toSorted((a, b) => a - b)
	let most = 0
	for (let i = 0; i < sorted.length; i++) {
		let j = i
		while (j < sorted.length && sorted[j]! < sorted[i]! + windowMs) j++
		most = Math.max(most, j - i)
	}
	return most
}

const http = (status: number) => new UpstreamError('bad-status', 'profile', `HTTP ${status}`, { status })

describe('upstream gate', () => {
	test('a flood from every source, through two instances, never makes more calls a second than the budget', async () => {
		const { clock, gates } = gateFor(0.5, { instances: 2 })
		const times: number[] = []
		const priorities: UpstreamPriority[] = ['interactive', 'refresh', 'backfill', 'group', 'competition']
		await Promise.all(
			Array.from({ length: 60 }, (_, i) => gates[i % 2]!.run(priorities[i % priorities.length]!, async () => void times.push(clock.now()))),
		)
		expect(times).toHaveLength(60)
		expect(mostWithin(times, 2000)).toBe(1)
		// …and it is used: 48 calls at one per 2 s, then the 12 backfill calls left at their share.
		expect(Math.max(...times) - Math.min(...times)).toBeLessThanOrEqual(48 * 2000 + (12 * 2000) / BACKFILL_SHARE)
	})

	test('waiting calls go most urgent first: someone waiting, then competitions, groups, the refresh, backfill last', async () => {
		const { gate } = gateFor(1)
		const order: string[] = []
		// The first call takes the only token; the others queue behind it, least urgent first.
		await gate.run('backfill', async () => void order.push('first'))
		const rest = (['backfill', 'refresh', 'group', 'competition', 'interactive'] as const).map((priority) =>
			gate.run(priority, async () => void order.push(priority)),
		)
		await Promise.all(rest)
		expect(order).toEqual(['first', 'interactive', 'competition', 'group', 'refresh', 'backfill'])
	})

	test('backfill alone uses at most its share of the budget', async () => {
		const { clock, gate } = gateFor(2)
		const times: number[] = []
		await Promise.all(Array.from({ length: 20 }, () => gate.run('backfill', async () => void times.push(clock.now()))))
		const span = Math.max(...times) - Math.min(...times)
		expect(19 / (span / 1000)).toBeLessThanOrEqual(2 * BACKFILL_SHARE + 1e-9)
	})

	test('a 429 halves the rate and says so; successes bring it back step by step; failing() tells Updates how long to wait', async () => {
		const { gate, lines } = gateFor(2)
		expect(gate.failing()).toBeNull()
		await expect(gate.run('refresh', async () => Promise.reject(http(429)))).rejects.toThrow('HTTP 429')
		expect(gate.rate()).toBe(1)
		expect(lines.join('\n')).toMatch(/HTTP 429; budget halved to 1 calls a second \(of 2\)/)
		expect(gate.failing()).toBeGreaterThan(0)
		// A second failure at once (the same congestion) does not halve again.
		await expect(gate.run('refresh', async () => Promise.reject(http(503)))).rejects.toThrow('HTTP 503')
		expect(gate.rate()).toBeLessThanOrEqual(1)
		const afterTwo = gate.rate()
		await gate.run('refresh', async () => 'ok')
		expect(gate.failing()).toBeNull()
		expect(gate.rate()).toBeGreaterThan(afterTwo)
		expect(gate.rate()).toBeLessThan(2)
		for (let i = 0; i < 40; i++) await gate.run('refresh', async () => 'ok')
		expect(gate.rate()).toBe(2)
		expect(lines.at(-1)).toMatch(/budget back to 2 calls a second/)
	})

	test('after a halving, calls are spaced at the lower rate', async () => {
		const { clock, gate } = gateFor(4)
		await expect(gate.run('refresh', async () => Promise.reject(http(429)))).rejects.toThrow()
		const times: number[] = []
		// Failures keep the rate down: each call fails with 500, so no recovery in between.
		for (let i = 0; i < 4; i++) {
			const failing = async () => {
				times.push(clock.now())
				throw http(500)
			}
			await gate.run('refresh', failing).catch(() => {})
		}
		expect(mostWithin(times, 1000)).toBeLessThanOrEqual(2)
	})

	test('a caller someone waits for is told to come back rather than queued past the longest wait', async () => {
		const clock = fakeClock()
		const budget = createMemoryState({ now: clock.now }).limiter('upstream', budgetLimit(1))
		const gate = createUpstreamGate({ rps: 1, budget, now: clock.now, sleep: clock.sleep, maxWaitMs: 3000 })
		const queued = Array.from({ length: 4 }, () => gate.run('interactive', async () => 'ok'))
		const refused = gate.run('interactive', async () => 'ok')
		await expect(refused).rejects.toMatchObject({ kind: 'busy' })
		await expect(Promise.all(queued)).resolves.toHaveLength(4)
		// Background work is never refused: it waits its turn.
		await expect(Promise.all(Array.from({ length: 10 }, () => gate.run('refresh', async () => 'ok')))).resolves.toHaveLength(10)
	})

	test('a shutdown refuses the background calls waiting and any new one; someone waiting still gets through', async () => {
		const stopping = new AbortController()
		const { gate } = gateFor(1, { stopping: stopping.signal })
		const called: string[] = []
		const call = (priority: UpstreamPriority) => gate.run(priority, async () => void called.push(priority))
		await call('refresh') // takes the token: the next ones wait a second
		const waiting = (['backfill', 'refresh', 'competition', 'group'] as const).map((priority) => call(priority))
		stopping.abort()
		for (const refused of waiting)
			await expect(refused).rejects.toMatchObject({ kind: 'busy', message: expect.stringMatching(/shutting down/) })
		await expect(call('backfill')).rejects.toMatchObject({ kind: 'busy' })
		await call('interactive')
		expect(called).toEqual(['refresh', 'interactive'])
	})
})

describe('budgetLimit', () => {
	test('one call every 1 / rps seconds and never two closer: no second holds more than rps calls', () => {
		expect(budgetLimit(2)).toEqual({ max: 1, windowMs: 500, refill: 'spaced' })
		expect(budgetLimit(0.25)).toEqual({ max: 1, windowMs: 4000, refill: 'spaced' })
		let time = 0
		const limiter = createMemoryState({ now: () => time }).localLimiter('upstream', budgetLimit(4))
		const allowed: number[] = []
		for (time = 0; time < 10_000; time += 5) if (limiter.hit('x').allowed) allowed.push(time)
		expect(allowed).toHaveLength(40)
		expect(mostWithin(allowed, 1000)).toBe(4)
	})
})
