import { expect, test } from 'vitest'
import { createSlidingWindow, createTokenBucket } from './memory-limits.server.ts'

const MINUTE = 60_000

function bucket(max = 3, windowMs = MINUTE) {
	const clock = { time: 0 }
	return { clock, limiter: createTokenBucket({ max, windowMs, now: () => clock.time }) }
}

test('token bucket: max hits at once, then a refusal with the wait for the next token', () => {
	const { limiter } = bucket(3)
	for (let i = 0; i < 3; i++) expect(limiter.hit('a')).toEqual({ allowed: true })
	// One token comes back every 20 s.
	expect(limiter.hit('a')).toEqual({ allowed: false, retryAfterSeconds: 20, retryAfterMs: 20_000 })
})

test('token bucket: under a second, the header rounds up to 1 s and the exact wait is kept', () => {
	const { clock, limiter } = bucket(2, 1000)
	limiter.hit('a')
	limiter.hit('a')
	expect(limiter.hit('a')).toEqual({ allowed: false, retryAfterSeconds: 1, retryAfterMs: 500 })
	clock.time += 300
	expect(limiter.hit('a')).toEqual({ allowed: false, retryAfterSeconds: 1, retryAfterMs: 200 })
})

test('token bucket: refills evenly, never beyond max', () => {
	const { clock, limiter } = bucket(3)
	for (let i = 0; i < 3; i++) limiter.hit('a')
	clock.time += 15_000
	expect(limiter.hit('a')).toEqual({ allowed: false, retryAfterSeconds: 5, retryAfterMs: 5000 })
	clock.time += 5_000
	expect(limiter.hit('a').allowed).toBe(true)
	expect(limiter.hit('a').allowed).toBe(false)
	clock.time += 60 * MINUTE
	for (let i = 0; i < 3; i++) expect(limiter.hit('a').allowed).toBe(true)
	expect(limiter.hit('a').allowed).toBe(false)
})

test('token bucket: clients apart; peek counts nothing; reset refills', () => {
	const { limiter } = bucket(1)
	expect(limiter.peek('a')).toEqual({ allowed: true })
	expect(limiter.hit('a').allowed).toBe(true)
	expect(limiter.peek('a').allowed).toBe(false)
	expect(limiter.hit('b').allowed).toBe(true)
	limiter.reset('a')
	expect(limiter.hit('a').allowed).toBe(true)
})

test('token bucket: 30 per minute, the 31st lookup in a burst waits 2 s', () => {
	const { limiter } = bucket(30)
	for (let i = 0; i < 30; i++) expect(limiter.hit('a').allowed).toBe(true)
	expect(limiter.hit('a')).toEqual({ allowed: false, retryAfterSeconds: 2, retryAfterMs: 2000 })
})

function window(max = 5, windowMs = 15 * MINUTE, maxClients?: number) {
	const clock = { time: 0 }
	return { clock, limiter: createSlidingWindow({ max, windowMs, maxClients, now: () => clock.time }) }
}

test('sliding window: five in 15 minutes, the sixth is refused until the oldest ages out', () => {
	const { clock, limiter } = window()
	for (let i = 0; i < 5; i++) {
		expect(limiter.hit('1.2.3.4')).toEqual({ allowed: true })
		clock.time += MINUTE
	}
	expect(limiter.hit('1.2.3.4')).toEqual({ allowed: false, retryAfterSeconds: 10 * 60, retryAfterMs: 10 * MINUTE })
	expect(limiter.hit('5.6.7.8')).toEqual({ allowed: true })
	clock.time = 15 * MINUTE - 1
	expect(limiter.hit('1.2.3.4').allowed).toBe(false)
	clock.time = 15 * MINUTE
	expect(limiter.hit('1.2.3.4').allowed).toBe(true)
	expect(limiter.hit('1.2.3.4').allowed).toBe(false)
})

test('sliding window: refused hits do not extend the lockout', () => {
	const { clock, limiter } = window()
	for (let i = 0; i < 5; i++) limiter.hit('c')
	for (let i = 0; i < 20; i++) {
		clock.time += 30_000
		limiter.hit('c')
	}
	clock.time = 15 * MINUTE
	expect(limiter.hit('c').allowed).toBe(true)
})

test('sliding window: reset clears the count; peek counts nothing', () => {
	const { limiter } = window()
	for (let i = 0; i < 4; i++) limiter.hit('c')
	expect(limiter.peek('c')).toEqual({ allowed: true })
	expect(limiter.peek('c')).toEqual({ allowed: true })
	limiter.reset('c')
	for (let i = 0; i < 5; i++) expect(limiter.hit('c').allowed).toBe(true)
	expect(limiter.peek('c').allowed).toBe(false)
	expect(limiter.hit('c').allowed).toBe(false)
})

test('sliding window: memory stays bounded with many clients', () => {
	const { clock, limiter } = window(5, 15 * MINUTE, 100)
	for (let i = 0; i < 5; i++) limiter.hit('attacker')
	for (let i = 0; i < 1000; i++) {
		clock.time += 1
		limiter.hit(`client-${i}`)
	}
	// Old clients were forgotten rather than kept without bound; the newest is tracked.
	for (let i = 0; i < 4; i++) expect(limiter.hit('client-999').allowed).toBe(true)
	expect(limiter.hit('client-999').allowed).toBe(false)
})
