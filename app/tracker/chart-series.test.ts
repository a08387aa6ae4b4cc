import { expect, test } from 'vitest'
import type { Backfill } from '#app/tracker/api-types.ts'
import { chartPoints } from './chart-series.ts'
import { testSnapshot } from './test-snapshots.ts'

const backfill: Backfill = {
	state: 'done',
	months: [
		{ month: '2026-09', totalXpGained: 300, skills: [{ skill: 'magic', xpGained: 100 }] },
		{ month: '2026-10', totalXpGained: 600, skills: [{ skill: 'magic', xpGained: 200 }] },
		// The month tracking began in: counted whole.
		{ month: '2026-11', totalXpGained: 900, skills: [{ skill: 'magic', xpGained: 300 }] },
	],
}
const first = testSnapshot('2026-11-20T12:00:00.000Z', 1000, { magic: 5000 })
const second = testSnapshot('2026-11-21T12:00:00.000Z', 1000, { magic: 5500 })
const utc = (iso: string) => Date.parse(iso)

test('recorded snapshots oldest first, the backfill worked back from the first one', () => {
	const points = chartPoints([second, first], backfill, 'magic')
	expect(points).toEqual([
		{ time: utc('2026-09-01T00:00:00Z'), xp: 4400, kind: 'monthly' },
		{ time: utc('2026-10-01T00:00:00Z'), xp: 4500, kind: 'monthly' },
		{ time: utc('2026-11-01T00:00:00Z'), xp: 4700, kind: 'monthly' },
		{ time: utc('2026-11-20T12:00:00Z'), xp: 5000, kind: 'recorded' },
		{ time: utc('2026-11-21T12:00:00Z'), xp: 5500, kind: 'recorded' },
	])
})

test('total XP uses the totals; never below zero', () => {
	const points = chartPoints([first], backfill, 'total')
	expect(points.at(-1)).toEqual({
		time: utc('2026-11-20T12:00:00Z'),
		xp: first.totalXp,
		kind: 'recorded',
	})
	expect(points[0]).toMatchObject({ xp: first.totalXp - 1800, kind: 'monthly' })
	const small = testSnapshot('2026-11-20T12:00:00.000Z', 0, { magic: 250 })
	expect(chartPoints([small], backfill, 'magic').map((p) => p.xp)).toEqual([0, 0, 0, 250])
})

test('no backfill points while pending or unavailable, or without a snapshot', () => {
	expect(chartPoints([first], { state: 'pending', months: [] }, 'magic')).toHaveLength(1)
	expect(chartPoints([first], { ...backfill, state: 'unavailable' }, 'magic')).toHaveLength(1)
	expect(chartPoints([], backfill, 'magic')).toEqual([])
	// Months after the first snapshot are not drawn.
	const later = testSnapshot('2026-08-15T00:00:00.000Z', 1000)
	expect(chartPoints([later], backfill, 'magic').map((p) => p.kind)).toEqual(['recorded'])
})
