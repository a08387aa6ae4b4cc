import { expect, test } from 'vitest'
import { createLoginLimiter } from './login-limit.server.ts'

const MINUTE = 60_000

test('five attempts in 15 minutes are allowed, the sixth is refused', () => {
	let clock = 0
	const limiter = createLoginLimiter({ now: () => clock })
	for (let i = 0; i < 5; i++) {
		expect(limiter.attempt('1.2.3.4')).toEqual({ allowed: true })
		clock += MINUTE
	}
	expect(limiter.attempt('1.2.3.4')).toEqual({ allowed: false, retryAfterSeconds: 10 * 60 })
	// Other clients are unaffected.
	expect(limiter.attempt('5.6.7.8')).toEqual({ allowed: true })
})

test('the window slides: the oldest attempt ageing out frees one try', () => {
	let clock = 0
	const limiter = createLoginLimiter({ now: () => clock })
	for (let i = 0; i < 5; i++) {
		limiter.attempt('c')
		clock += MINUTE
	}
	clock = 15 * MINUTE - 1
	expect(limiter.attempt('c').allowed).toBe(false)
	clock = 15 * MINUTE
	expect(limiter.attempt('c').allowed).toBe(true)
	expect(limiter.attempt('c').allowed).toBe(false)
})

test('refused attempts do not extend the lockout', () => {
	let clock = 0
	const limiter = createLoginLimiter({ now: () => clock })
	for (let i = 0; i < 5; i++) limiter.attempt('c')
	for (let i = 0; i < 20; i++) {
		clock += 30_000
		limiter.attempt('c')
	}
	clock = 15 * MINUTE
	expect(limiter.attempt('c').allowed).toBe(true)
})

test('success clears the count', () => {
	const limiter = createLoginLimiter({ now: () => 0 })
	for (let i = 0; i < 4; i++) limiter.attempt('c')
	limiter.succeed('c')
	for (let i = 0; i < 5; i++) expect(limiter.attempt('c').allowed).toBe(true)
	expect(limiter.attempt('c').allowed).toBe(false)
})

test('memory stays bounded with many clients', () => {
	let clock = 0
	const limiter = createLoginLimiter({ now: () => clock, maxClients: 100 })
	for (let i = 0; i < 5; i++) limiter.attempt('attacker')
	for (let i = 0; i < 1000; i++) {
		clock += 1
		limiter.attempt(`client-${i}`)
	}
	// The limiter forgot old clients rather than growing without bound; the newest is tracked.
	for (let i = 0; i < 4; i++) expect(limiter.attempt('client-999').allowed).toBe(true)
	expect(limiter.attempt('client-999').allowed).toBe(false)
})
