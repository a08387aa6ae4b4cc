import { expect, test } from 'vitest'
import { createRateLimiter } from './rate-limit.server.ts'

function setup(max = 3, windowMs = 60_000) {
	const clock = { time: 0 }
	return { clock, limiter: createRateLimiter({ max, windowMs, now: () => clock.time }) }
}

test('allows max lookups at once, then refuses with a retry time', () => {
	const { limiter } = setup(3, 60_000)
	expect(limiter.hit('a')).toEqual({ allowed: true, remaining: 2 })
	expect(limiter.hit('a')).toEqual({ allowed: true, remaining: 1 })
	expect(limiter.hit('a')).toEqual({ allowed: true, remaining: 0 })
	// One token comes back every 20 s.
	expect(limiter.hit('a')).toEqual({ allowed: false, retryAfterSeconds: 20 })
})

test('refills evenly over the window', () => {
	const { clock, limiter } = setup(3, 60_000)
	for (let i = 0; i < 3; i++) limiter.hit('a')
	clock.time += 15_000
	expect(limiter.hit('a')).toEqual({ allowed: false, retryAfterSeconds: 5 })
	clock.time += 5_000
	expect(limiter.hit('a').allowed).toBe(true)
	expect(limiter.hit('a').allowed).toBe(false)
})

test('never holds more than max tokens after a long pause', () => {
	const { clock, limiter } = setup(3, 60_000)
	limiter.hit('a')
	clock.time += 60 * 60_000
	expect(limiter.hit('a')).toEqual({ allowed: true, remaining: 2 })
})

test('clients are counted apart', () => {
	const { limiter } = setup(1, 60_000)
	expect(limiter.hit('a').allowed).toBe(true)
	expect(limiter.hit('a').allowed).toBe(false)
	expect(limiter.hit('b').allowed).toBe(true)
})

test('30 per minute: the 31st lookup in a burst waits 2 s', () => {
	const { limiter } = setup(30, 60_000)
	for (let i = 0; i < 30; i++) expect(limiter.hit('a').allowed).toBe(true)
	expect(limiter.hit('a')).toEqual({ allowed: false, retryAfterSeconds: 2 })
})
