import { expect, test } from 'vitest'
import { gainsSchema } from '#app/tracker/api-types.ts'
import { computeGains, dayRange, gainsEndpoints, periodRange } from './gains.ts'
import { testSnapshot } from './test-snapshots.ts'

const iso = (range: { from: Date; to: Date }) => [range.from.toISOString(), range.to.toISOString()]

test('periods are whole UTC days up to now', () => {
	const now = new Date('2026-11-26T15:30:00Z')
	expect(iso(periodRange('day', now))).toEqual(['2026-11-25T00:00:00.000Z', '2026-11-26T15:30:00.000Z'])
	expect(iso(periodRange('week', now))[0]).toBe('2026-11-19T00:00:00.000Z')
	expect(iso(periodRange('month', now))[0]).toBe('2026-10-26T00:00:00.000Z')
	expect(iso(periodRange('year', now))[0]).toBe('2025-11-26T00:00:00.000Z')
})

test('periods across month and year boundaries, and short months', () => {
	const newYear = new Date('2027-01-01T00:30:00Z')
	expect(iso(periodRange('day', newYear))[0]).toBe('2026-12-31T00:00:00.000Z')
	expect(iso(periodRange('week', newYear))[0]).toBe('2026-12-25T00:00:00.000Z')
	expect(iso(periodRange('month', newYear))[0]).toBe('2026-12-01T00:00:00.000Z')
	expect(iso(periodRange('month', new Date('2026-03-31T12:00:00Z')))[0]).toBe('2026-02-28T00:00:00.000Z')
	expect(iso(periodRange('month', new Date('2028-03-31T12:00:00Z')))[0]).toBe('2028-02-29T00:00:00.000Z')
	expect(iso(periodRange('year', new Date('2028-02-29T12:00:00Z')))[0]).toBe('2027-02-28T00:00:00.000Z')
	// Just before midnight UTC is still the same UTC day, whatever the local zone.
	expect(iso(periodRange('day', new Date('2026-11-26T23:59:59.999Z')))[0]).toBe('2026-11-25T00:00:00.000Z')
})

test('a chosen range covers both days whole', () => {
	expect(iso(dayRange('2025-12-31', '2026-01-01'))).toEqual(['2025-12-31T00:00:00.000Z', '2026-01-01T23:59:59.999Z'])
})

test('gains: per skill sorted by XP gained, levels gained, total', () => {
	const start = testSnapshot('2026-11-25T10:00:00.000Z', 1000, { magic: 5000, attack: 100 })
	const end = testSnapshot('2026-11-26T10:00:00.000Z', 1000, {
		magic: 20_000,
		attack: 2000,
		defence: 1500,
	})
	const range = periodRange('day', new Date('2026-11-26T12:00:00Z'))
	const gains = computeGains('Zezima Jr', 'day', range, start, end)
	expect(gainsSchema.parse(gains)).toEqual(gains)
	expect(gains.skills.slice(0, 3).map((s) => [s.skill, s.xpGained])).toEqual([
		['magic', 15_000],
		['attack', 1900],
		['defence', 500],
	])
	// Magic 5000 XP (level 20) to 20,000 XP (level 33).
	expect(gains.skills[0]).toMatchObject({ startXp: 5000, endXp: 20_000, levelsGained: 13 })
	// Attack 100 XP (level 2) to 2000 XP (level 13).
	expect(gains.skills[1]?.levelsGained).toBe(11)
	// The other skills: no gain, in skill order.
	expect(gains.skills[3]).toMatchObject({ skill: 'strength', xpGained: 0, levelsGained: 0 })
	expect(gains.skills).toHaveLength(29)
	expect(gains.total).toEqual({ xpGained: 17_400, levelsGained: end.totalLevel - start.totalLevel })
	expect([gains.start, gains.end]).toEqual([start.takenAt, end.takenAt])
	expect([gains.from, gains.to]).toEqual(['2026-11-25T00:00:00.000Z', '2026-11-26T12:00:00.000Z'])
})

test('zero gains: one snapshot or none', () => {
	const only = testSnapshot('2026-11-26T10:00:00.000Z', 1000)
	const range = dayRange('2026-11-26', '2026-11-26')
	const one = computeGains('A', 'range', range, only, only)
	expect(one.total).toEqual({ xpGained: 0, levelsGained: 0 })
	expect(one.skills.every((s) => s.xpGained === 0 && s.startXp === 1000)).toBe(true)
	const none = computeGains('A', 'range', range, null, null)
	expect([none.start, none.end, none.total.xpGained]).toEqual([null, null, 0])
	expect(gainsSchema.parse(none)).toEqual(none)
})

test('a hiscores snapshot listing a skill as unranked (0 XP) is no negative gain', () => {
	const start = testSnapshot('2026-11-25T10:00:00.000Z', 1000)
	const end = testSnapshot('2026-11-26T10:00:00.000Z', 1000, { archaeology: 0, magic: 1500 }, { source: 'hiscores' })
	const gains = computeGains('A', 'day', dayRange('2026-11-25', '2026-11-26'), start, end)
	expect(gains.skills.find((s) => s.skill === 'archaeology')).toMatchObject({
		xpGained: 0,
		levelsGained: 0,
	})
	expect(gains.total.xpGained).toBe(500)
})

test('gainsEndpoints: the state when the range starts is the last snapshot before it', () => {
	const nov1 = testSnapshot('2026-11-01T09:00:00.000Z', 100)
	const nov20 = testSnapshot('2026-11-20T09:00:00.000Z', 200)
	const nov25 = testSnapshot('2026-11-25T09:00:00.000Z', 300)
	const dec2 = testSnapshot('2026-12-02T09:00:00.000Z', 400)
	const all = [dec2, nov20, nov1, nov25]
	// Week to 26 Nov: starts 19 Nov, when the player stood where the 1 Nov row says.
	const week = periodRange('week', new Date('2026-11-26T12:00:00Z'))
	expect(gainsEndpoints(all, week)).toEqual({ start: nov1, end: nov25 })
	// Tracking began inside the range: the first snapshot in it.
	expect(gainsEndpoints([nov20, nov25], week)).toEqual({ start: nov20, end: nov25 })
	// A range wholly before tracking.
	expect(gainsEndpoints(all, dayRange('2026-10-01', '2026-10-02'))).toEqual({
		start: null,
		end: null,
	})
	// Across a year boundary.
	const jan = testSnapshot('2027-01-01T00:00:00.000Z', 500)
	expect(gainsEndpoints([...all, jan], dayRange('2026-12-31', '2027-01-01'))).toEqual({
		start: dec2,
		end: jan,
	})
})
