import { expect, test } from 'vitest'
import { SKILL_NAMES } from '#app/lib/skills.ts'
import { guideLevel, overallLevel, rangeStatus } from './progress.ts'

const bounds99 = [1, 20, 40, 60, 80, 99]
const bounds120 = [...bounds99, 120]
const ranges = (bounds: number[]) => bounds.slice(1).map((to, i) => ({ from: bounds[i]!, to }))
const statuses = (bounds: number[], level: number | undefined) => ranges(bounds).map((range) => rangeStatus(range, level))

test('without player data there is no status at all', () => {
	expect(statuses(bounds99, undefined)).toEqual([undefined, undefined, undefined, undefined, undefined])
	expect(rangeStatus({ from: 1, to: 20 }, Number.NaN)).toBeUndefined()
})

test('level 1 is current in the first range and upcoming everywhere else', () => {
	expect(statuses(bounds99, 1)).toEqual(['current', 'upcoming', 'upcoming', 'upcoming', 'upcoming'])
})

test('a level equal to a boundary has passed the range ending there and starts the next', () => {
	expect(statuses(bounds99, 19)).toEqual(['current', 'upcoming', 'upcoming', 'upcoming', 'upcoming'])
	expect(statuses(bounds99, 20)).toEqual(['passed', 'current', 'upcoming', 'upcoming', 'upcoming'])
	expect(statuses(bounds99, 98)).toEqual(['passed', 'passed', 'passed', 'passed', 'current'])
})

test('99 passes every range of a 99 guide but is current in the 99-120 range', () => {
	expect(statuses(bounds99, 99)).toEqual(['passed', 'passed', 'passed', 'passed', 'passed'])
	expect(statuses(bounds120, 99)).toEqual(['passed', 'passed', 'passed', 'passed', 'passed', 'current'])
})

test('120 and levels above the guide cap pass everything', () => {
	expect(statuses(bounds120, 120).every((s) => s === 'passed')).toBe(true)
	expect(statuses(bounds120, 150).every((s) => s === 'passed')).toBe(true)
	expect(statuses(bounds99, 120).every((s) => s === 'passed')).toBe(true)
})

test('guideLevel: no player data gives undefined, a missing skill counts as level 1', () => {
	expect(guideLevel('herblore', undefined)).toBeUndefined()
	expect(guideLevel('herblore', {})).toBe(1)
	expect(guideLevel('herblore', { herblore: 96 })).toBe(96)
	expect(guideLevel('herblore', { herblore: 0 })).toBe(1)
	expect(rangeStatus({ from: 1, to: 20 }, guideLevel('herblore', {}))).toBe('current')
})

test('overallLevel averages every skill, capped at 99 each, rounded down', () => {
	const all = (level: number) => Object.fromEntries(SKILL_NAMES.map((name) => [name, level]))
	expect(overallLevel({})).toBe(1)
	expect(overallLevel(all(99))).toBe(99)
	expect(overallLevel({ ...all(99), invention: 150, necromancy: 120 })).toBe(99)
	// 28 skills at 50 and one missing (counted as 1): (28 * 50 + 1) / 29 = 48.3
	const { fishing: _fishing, ...withoutFishing } = all(50)
	expect(overallLevel(withoutFishing)).toBe(48)
	expect(guideLevel('overall', all(60))).toBe(60)
	expect(guideLevel('overall', undefined)).toBeUndefined()
})
