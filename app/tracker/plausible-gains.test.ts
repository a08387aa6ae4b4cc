import { expect, test } from 'vitest'
import { testSnapshot } from '#app/tracker/test-snapshots.ts'
import { implausibleChange, MAX_SKILL_XP_PER_HOUR, MAX_TOTAL_XP_PER_HOUR } from './plausible-gains.ts'

const T0 = '2026-11-02T12:00:00.000Z'
const hoursLater = (hours: number) => new Date(Date.parse(T0) + hours * 3_600_000).toISOString()

test('ordinary play, a big day of one skill and a lamp between two fetches a minute apart are plausible', () => {
	const before = testSnapshot(T0, 5_000_000)
	expect(implausibleChange(before, testSnapshot(hoursLater(24), 5_000_000, { magic: 8_000_000, attack: 5_400_000 }))).toBeNull()
	expect(
		implausibleChange(before, testSnapshot(hoursLater(24), 5_000_000, { invention: 5_000_000 + 20 * MAX_SKILL_XP_PER_HOUR })),
	).toBeNull()
	expect(implausibleChange(before, testSnapshot(hoursLater(1 / 60), 5_000_000, { prayer: 5_000_000 + MAX_SKILL_XP_PER_HOUR }))).toBeNull()
})

test('XP that fell in any skill is another account under the name', () => {
	const before = testSnapshot(T0, 5_000_000)
	expect(implausibleChange(before, testSnapshot(hoursLater(24), 9_000_000, { cooking: 4_999_999 }))).toEqual({
		reason: 'xp-fell',
		skill: 'cooking',
	})
})

test('a hiscores skill at 0 XP is unranked, not a fall; its XP coming back is not a gain', () => {
	const before = testSnapshot(T0, 5_000_000)
	const unranked = testSnapshot(hoursLater(1), 5_000_000, { slayer: 0 }, { source: 'hiscores' })
	expect(implausibleChange(before, unranked)).toBeNull()
	expect(implausibleChange(unranked, testSnapshot(hoursLater(2), 5_000_000, { slayer: 190_000_000 }))).toBeNull()
})

test('more XP than the caps allow in the time between two snapshots', () => {
	const before = testSnapshot(T0, 5_000_000)
	const tooMuch = 5_000_000 + 2 * MAX_SKILL_XP_PER_HOUR + 1
	expect(implausibleChange(before, testSnapshot(hoursLater(2), 5_000_000, { herblore: tooMuch }))).toEqual({
		reason: 'too-fast',
		skill: 'herblore',
	})
	// Each skill within its cap, all of them together far beyond the total.
	const everySkill = testSnapshot(hoursLater(10), 5_000_000 + MAX_TOTAL_XP_PER_HOUR / 2)
	expect(implausibleChange(before, everySkill)).toEqual({ reason: 'too-fast', skill: 'overall' })
})
