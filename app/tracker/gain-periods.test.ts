import { expect, test } from 'vitest'
import { formatGainPeriod } from './format-time.ts'
import { periodEnd, periodStart, previousPeriodStart, utcDay, xpGainedBetween } from './gain-periods.ts'
import { testSnapshot } from './test-snapshots.ts'

test('days are UTC days whatever the time zone of the time', () => {
	expect(utcDay(new Date('2026-03-01T23:59:59.999Z'))).toBe('2026-03-01')
	expect(utcDay(new Date('2026-03-02T00:30:00+01:00'))).toBe('2026-03-01')
})

test('ISO weeks run Monday to Sunday, across month and year ends', () => {
	expect(periodStart('week', '2026-03-02')).toBe('2026-03-02') // a Monday
	expect(periodStart('week', '2026-03-08')).toBe('2026-03-02') // its Sunday
	expect(periodStart('week', '2026-01-01')).toBe('2025-12-29')
	expect(periodEnd('week', '2025-12-29')).toBe('2026-01-04')
	expect(previousPeriodStart('week', '2026-03-02')).toBe('2026-02-23')
	expect(periodStart('day', '2026-03-05')).toBe('2026-03-05')
})

test('calendar months, leap February included', () => {
	expect(periodStart('month', '2028-02-29')).toBe('2028-02-01')
	expect(periodEnd('month', '2028-02-01')).toBe('2028-02-29')
	expect(periodEnd('month', '2026-12-01')).toBe('2026-12-31')
	expect(previousPeriodStart('month', '2026-01-01')).toBe('2025-12-01')
})

test('XP gained per skill: never negative, and a hiscores 0 (unranked) is unknown, not a start', () => {
	const before = testSnapshot('2026-03-01T00:00:00Z', 1000, { magic: 0 })
	const after = testSnapshot('2026-03-02T00:00:00Z', 1000, { attack: 1500, magic: 700, defence: 0 })
	const gained = xpGainedBetween(before, after)
	expect(gained[0]).toBe(500)
	expect(gained[1]).toBe(0)
	expect(gained[6]).toBe(700)
	expect(gained).toHaveLength(29)
	const hiscores = { ...before, source: 'hiscores' as const }
	expect(xpGainedBetween(hiscores, after)[6]).toBe(0)
})

test('periods read short and whole', () => {
	expect(formatGainPeriod('day', '2026-03-02', '2026-03-02')).toBe('2 Mar 2026')
	expect(formatGainPeriod('week', '2026-03-02', '2026-03-08')).toBe('2–8 Mar 2026')
	expect(formatGainPeriod('week', '2026-03-30', '2026-04-05')).toBe('30 Mar – 5 Apr 2026')
	expect(formatGainPeriod('week', '2025-12-29', '2026-01-04')).toBe('29 Dec 2025 – 4 Jan 2026')
	expect(formatGainPeriod('month', '2026-03-01', '2026-03-31')).toBe('March 2026')
})
