import { describe, expect, test } from 'vitest'
import type { CitadelReset } from './citadel-caps.ts'
import { CAP_PENDING_MIN_CHECK_MS, MAX_CHECK_MS, MIN_CHECK_MS, memberCheckInterval } from './member-schedule.ts'

const MINUTE = 60_000
const HOUR = 60 * MINUTE
// Saturday 28 November 2026, noon UTC.
const NOW = Date.parse('2026-11-28T12:00:00Z')
const hoursAgo = (hours: number) => new Date(NOW - hours * HOUR)
/** 20 entries evenly over the last `spanHours`. */
const page = (spanHours: number) => Array.from({ length: 20 }, (_, i) => hoursAgo((spanHours * i) / 19))
// Its latest reset: Tuesday 24 November, 23:30.
const tuesday: CitadelReset = { weekday: 'tuesday', time: '23:30' }
// Its latest reset: Friday 27 November, 18:00.
const friday: CitadelReset = { weekday: 'friday', time: '18:00' }

describe('memberCheckInterval', () => {
	test('in no group with a reset: half the time the 20 newest entries span, between an hour and a day', () => {
		const interval = (spanHours: number) => memberCheckInterval({ newest: page(spanHours), resets: [], lastCap: null }, NOW)
		expect(interval(10)).toBe(5 * HOUR)
		expect(interval(1)).toBe(MIN_CHECK_MS)
		expect(interval(200)).toBe(MAX_CHECK_MS)
	})

	test("this week's cap not seen yet: a quarter of the span, between 30 minutes and a day", () => {
		const interval = (spanHours: number, lastCap: Date | null = null) =>
			memberCheckInterval({ newest: page(spanHours), resets: [tuesday], lastCap }, NOW)
		expect(interval(10)).toBe(2.5 * HOUR)
		expect(interval(1)).toBe(CAP_PENDING_MIN_CHECK_MS)
		expect(interval(3)).toBe(45 * MINUTE)
		expect(interval(200)).toBe(MAX_CHECK_MS)
		// Last week's cap (before Tuesday's reset) does not count for this week.
		expect(interval(10, new Date('2026-11-24T23:29:00Z'))).toBe(2.5 * HOUR)
	})

	test("once this week's cap is seen: half the span again, an hour at least", () => {
		const capped = (spanHours: number) =>
			memberCheckInterval({ newest: page(spanHours), resets: [tuesday], lastCap: new Date('2026-11-24T23:30:00Z') }, NOW)
		expect(capped(10)).toBe(5 * HOUR)
		expect(capped(1)).toBe(MIN_CHECK_MS)
	})

	test('in several groups, the week runs from the latest of their resets', () => {
		// Capped on Thursday: this week for the Tuesday group, last week for the Friday group.
		const thursday = new Date('2026-11-26T20:00:00Z')
		expect(memberCheckInterval({ newest: page(10), resets: [tuesday], lastCap: thursday }, NOW)).toBe(5 * HOUR)
		expect(memberCheckInterval({ newest: page(10), resets: [tuesday, friday], lastCap: thursday }, NOW)).toBe(2.5 * HOUR)
		expect(memberCheckInterval({ newest: page(10), resets: [friday, tuesday], lastCap: thursday }, NOW)).toBe(2.5 * HOUR)
		expect(memberCheckInterval({ newest: page(10), resets: [tuesday, friday], lastCap: new Date('2026-11-27T18:00:00Z') }, NOW)).toBe(
			5 * HOUR,
		)
	})

	test('fewer than 20 entries ever: the log is quiet, a day, cap or not', () => {
		const few = page(1).slice(0, 19)
		expect(memberCheckInterval({ newest: few, resets: [], lastCap: null }, NOW)).toBe(MAX_CHECK_MS)
		expect(memberCheckInterval({ newest: few, resets: [tuesday], lastCap: null }, NOW)).toBe(MAX_CHECK_MS)
	})
})
