import { afterEach, expect, test } from 'vitest'
import { SKILLS, type SkillName } from '#app/lib/skills.ts'
import { xpForLevel } from '#app/lib/xp-table.ts'
import type { Backfill } from '#app/tracker/api-types.ts'
import { etaText, etaToLevel, etaToTotalLevel, etaToXp, MAX_XP, paceOf, paceText, slowestEta } from './pace.ts'
import { testSnapshot } from './test-snapshots.ts'

const now = Date.parse('2026-11-26T15:00:00Z')
const noBackfill: Backfill = { state: 'unavailable', months: [] }

function backfill(months: Array<[string, number]>): Backfill {
	return {
		state: 'done',
		months: months.map(([month, magic]) => ({ month, totalXpGained: magic, skills: [{ skill: 'magic', xpGained: magic }] })),
	}
}

test('the rate is XP over the last 30 UTC days, from the last snapshot before the window', () => {
	const pace = paceOf(
		[
			testSnapshot('2026-10-01T10:00:00Z', 1_000_000),
			// The last snapshot at or before 2026-10-27T00:00Z is the baseline.
			testSnapshot('2026-10-20T10:00:00Z', 1_000_000, { magic: 2_000_000 }),
			testSnapshot('2026-11-26T12:00:00Z', 1_000_000, { magic: 2_000_000 + 465_000 }),
		],
		noBackfill,
		now,
	)
	expect(pace?.source).toBe('snapshots')
	expect(pace?.from).toBe('2026-10-27T00:00:00.000Z')
	// 30 days to today's midnight plus 15 hours of today.
	expect(pace?.days).toBeCloseTo(30 + 15 / 24)
	expect(pace?.xpPerDay.magic).toBeCloseTo(465_000 / (30 + 15 / 24))
	expect(pace?.xpPerDay.attack).toBe(0)
	expect(paceText(pace!)).toBe('at your last-30-days pace')
})

test('tracking begun inside the window counts the days from the first snapshot', () => {
	const pace = paceOf(
		[testSnapshot('2026-11-16T15:00:00Z', 0, { magic: 100_000 }), testSnapshot('2026-11-25T15:00:00Z', 0, { magic: 200_000 })],
		noBackfill,
		now,
	)
	expect(pace?.days).toBe(10)
	expect(pace?.xpPerDay.magic).toBe(10_000)
	expect(paceText(pace!)).toBe('at your pace over the last 10 days')
})

test('a rate from the backfill only: snapshots covering under a week give way to the last whole month', () => {
	const snapshots = [
		testSnapshot('2026-11-24T09:00:00Z', 0, { magic: 100_000 }),
		testSnapshot('2026-11-26T09:00:00Z', 0, { magic: 900_000 }),
	]
	// The current month (November) is partial: October is used, 31 days.
	const pace = paceOf(
		snapshots,
		backfill([
			['2026-09', 999],
			['2026-10', 310_000],
			['2026-11', 50_000],
		]),
		now,
	)
	expect(pace?.source).toBe('backfill')
	expect(pace?.from).toBe('2026-10-01T00:00:00.000Z')
	expect(pace?.to).toBe('2026-11-01T00:00:00.000Z')
	expect(pace?.xpPerDay.magic).toBe(10_000)
	expect(pace?.xpPerDay.attack).toBe(0)
	expect(paceText(pace!)).toBe("at your pace in October 2026 (from RuneMetrics' monthly XP)")
	// Not enough snapshots and no usable backfill: no pace at all.
	expect(paceOf(snapshots, noBackfill, now)).toBeNull()
	expect(paceOf(snapshots, { state: 'pending', months: [] }, now)).toBeNull()
	expect(paceOf(snapshots, backfill([['2026-11', 50_000]]), now)).toBeNull()
	// A backfill whose newest month is long past is not recent pace.
	expect(paceOf(snapshots, backfill([['2025-12', 310_000]]), now)).toBeNull()
	expect(paceOf(snapshots, backfill([['2026-09', 300_000]]), now)?.xpPerDay.magic).toBe(10_000)
	expect(paceOf([], null, now)).toBeNull()
})

test('month boundaries: February has 28 days, and the window crosses a year end in UTC days', () => {
	const march = Date.parse('2027-03-03T00:00:00Z')
	const pace = paceOf(
		[],
		backfill([
			['2027-01', 1],
			['2027-02', 280_000],
		]),
		march,
	)
	expect(pace?.days).toBe(28)
	expect(pace?.xpPerDay.magic).toBe(10_000)
	const newYear = Date.parse('2027-01-05T06:00:00Z')
	const fromSnapshots = paceOf(
		[testSnapshot('2026-11-01T00:00:00Z', 0), testSnapshot('2027-01-05T05:00:00Z', 0, { magic: 302_500 })],
		noBackfill,
		newYear,
	)
	expect(fromSnapshots?.from).toBe('2026-12-06T00:00:00.000Z')
	expect(fromSnapshots?.days).toBe(30.25)
	expect(fromSnapshots?.xpPerDay.magic).toBe(10_000)
})

afterEach(() => {
	delete process.env.TZ
})

test('time zones: days are UTC days whatever the local zone', () => {
	const snapshots = [testSnapshot('2026-10-01T00:00:00Z', 0), testSnapshot('2026-11-26T23:00:00Z', 0, { magic: 1_000 })]
	const lateEvening = Date.parse('2026-11-26T23:30:00Z')
	const results = ['UTC', 'Pacific/Auckland', 'America/Los_Angeles'].map((zone) => {
		process.env.TZ = zone
		return paceOf(snapshots, noBackfill, lateEvening)?.from
	})
	// In Auckland it is already 27 November, in Los Angeles still the 26th afternoon: same window.
	expect(results).toEqual(Array(3).fill('2026-10-27T00:00:00.000Z'))
	process.env.TZ = 'Pacific/Kiritimati'
	expect(paceText(paceOf([], backfill([['2026-10', 31]]), Date.parse('2026-11-01T00:30:00Z'))!)).toContain('October 2026')
})

test('zero rate: no number, the skill named', () => {
	const eta = etaToLevel('magic', xpForLevel('magic', 80), 90, 0)
	expect(eta).toEqual({ kind: 'no-recent-xp', skill: 'magic' })
	expect(etaText(eta)).toBe('no recent XP in Magic')
})

test('the range is the rate give or take 25 %, in whole days', () => {
	// 140,000 XP at 10,000 a day: 14 days; 11.2 → 12 at 12,500 a day, 18.7 → 19 at 7,500.
	const eta = etaToXp('magic', 0, 140_000, 10_000)
	expect(eta).toEqual({ kind: 'range', xpNeeded: 140_000, minDays: 12, maxDays: 19 })
	expect(etaText(eta)).toBe('about 12–19 days')
	expect(etaText(etaToXp('magic', 0, 100, 10_000))).toBe('about 1 day')
	expect(etaText(etaToXp('magic', 0, 1_000_000, 10_000))).toBe('about 3–4 months')
	expect(etaText(etaToXp('magic', 0, 13_034_431, 10_000))).toBe('about 3–5 years')
	// 200M XP at 1,000 a day: centuries are not a plan.
	expect(etaText(etaToXp('magic', 0, MAX_XP, 1_000))).toBe('more than 20 years')
})

test('a level past the cap is not a target; levels up to the cap are', () => {
	const defence = etaToLevel('defence', 0, 100, 10_000)
	expect(defence).toEqual({ kind: 'beyond-cap', skill: 'defence', cap: 99 })
	expect(etaText(defence)).toBe("past Defence's level cap of 99")
	expect(etaToLevel('magic', 0, 120, 1_000_000).kind).toBe('range')
	expect(etaToLevel('mining', 0, 111, 1_000_000)).toEqual({ kind: 'beyond-cap', skill: 'mining', cap: 110 })
	// Already past 99 by XP in a 99-cap skill: 99 is done.
	expect(etaToLevel('defence', 20_000_000, 99, 0)).toEqual({ kind: 'done' })
})

test('a skill at 200M XP: every target done, nothing past 200M, a zero rate is not "no recent XP"', () => {
	expect(etaToXp('magic', MAX_XP, MAX_XP, 0)).toEqual({ kind: 'done' })
	expect(etaToLevel('magic', MAX_XP, 120, 0)).toEqual({ kind: 'done' })
	const past = etaToXp('magic', MAX_XP, MAX_XP + 1, 1_000)
	expect(etaText(past)).toBe("past Magic's 200M XP limit")
})

test('targets in several skills progress side by side: the whole is the slowest; an unknown part makes it unknown', () => {
	const magic = etaToXp('magic', 0, 140_000, 10_000)
	const attack = etaToXp('attack', 0, 280_000, 10_000)
	expect(slowestEta([magic, { kind: 'done' }, attack])).toEqual(attack)
	expect(slowestEta([attack, magic])).toEqual(attack)
	expect(slowestEta([magic, etaToXp('fishing', 0, 10, 0)])).toEqual({ kind: 'no-recent-xp', skill: 'fishing' })
	expect(slowestEta([{ kind: 'done' }])).toEqual({ kind: 'done' })
	expect(slowestEta([])).toEqual({ kind: 'done' })
})

test('a total level: skills gain side by side at their own rates, each stopping at its cap', () => {
	const rates = Object.fromEntries(SKILLS.map(({ name }) => [name, 0])) as Record<SkillName, number>
	const skills = SKILLS.map(({ name }) => ({ skill: name, xp: xpForLevel(name, 50) }))
	const total = skills.length * 50
	expect(etaToTotalLevel(skills, total, rates)).toEqual({ kind: 'done' })
	// Nothing moving: the stalled skill with the most levels to its cap is named.
	expect(etaToTotalLevel(skills, total + 1, rates)).toEqual({ kind: 'no-recent-xp', skill: 'attack' })
	// Two skills at the same rate share the levels: 2 levels (50 → 51 in each) take what one level takes.
	rates.magic = 10_000
	rates.ranged = 10_000
	const oneLevel = etaToXp('magic', xpForLevel('magic', 50), xpForLevel('magic', 51), 10_000)
	expect(etaToTotalLevel(skills, total + 2, rates)).toEqual({
		kind: 'range',
		minDays: (oneLevel as { minDays: number }).minDays,
		maxDays: (oneLevel as { maxDays: number }).maxDays,
	})
	// Past Magic's and Ranged's caps (120 each: 140 levels), the rest are stalled.
	expect(etaToTotalLevel(skills, total + 141, rates).kind).toBe('no-recent-xp')
	expect(etaToTotalLevel(skills, total + 140, rates).kind).toBe('range')
	expect(() => etaToTotalLevel(skills, 10_000, rates)).toThrow(RangeError)
})
