/**
 * The server's clock. Normally the system clock; with TEST_ONLY_SHIFTABLE_CLOCK=1 (browser tests
 * only: "look up today, again tomorrow") it can be moved forward, and the server says so loudly
 * at start. The tracker and the player lookup's cache read this clock.
 */
import { getEnv } from '#app/server/env.server.ts'

export type Clock = {
	now(): number
	/** Only with the test clock: moves it forward (or back) by `ms`; returns the new time. */
	shift?(ms: number): number
}

let clock: Clock | undefined

export function getClock(): Clock {
	clock ??= getEnv().TEST_ONLY_SHIFTABLE_CLOCK ? shiftableClock() : { now: Date.now }
	return clock
}

function shiftableClock(): Clock {
	let offset = 0
	console.warn("WARNING: TEST_ONLY_SHIFTABLE_CLOCK is on: POST /api/test/clock moves this server's clock. Never set it in production.")
	return {
		now: () => Date.now() + offset,
		shift(ms) {
			offset += ms
			return Date.now() + offset
		},
	}
}
