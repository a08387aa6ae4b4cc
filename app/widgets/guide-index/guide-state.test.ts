import { expect, test } from 'vitest'
import type { GuideRequirementData } from './guide-index.schema.ts'
import { type GuidePlayer, guideState, missingText } from './guide-state.ts'

const questGuide: GuideRequirementData = {
	quest: 'Desert Treasure',
	quests: ['The Dig Site', 'Temple of Ikov'],
	skills: [
		{ skill: 'magic', level: 50 },
		{ skill: 'thieving', level: 53 },
	],
	questPoints: 0,
	other: 2,
}

function player(completed: string[], levels: Record<string, number>, questPoints: number | undefined = 0): GuidePlayer {
	return {
		hasCompleted: (quest) => completed.includes(quest),
		levelOf: (skill) => levels[skill],
		questPoints,
	}
}

const ready = player(['The Dig Site', 'Temple of Ikov'], { magic: 60, thieving: 53 })

test('a completed quest guide is completed, whatever else is missing', () => {
	expect(guideState(questGuide, player(['Desert Treasure'], {}))).toEqual({ kind: 'completed' })
})

test('every quest and level reached: requirements met', () => {
	expect(guideState(questGuide, ready)).toEqual({ kind: 'met' })
	const noPrerequisites = {
		quest: 'The World Wakes',
		quests: [],
		skills: [],
		questPoints: 0,
		other: 0,
	}
	expect(guideState(noPrerequisites, player([], {}))).toEqual({ kind: 'met' })
})

test('not met counts the missing quests and skills; a skill not in the data counts as level 1', () => {
	expect(guideState(questGuide, player(['The Dig Site'], { magic: 49 }))).toEqual({
		kind: 'not-met',
		quests: 1,
		skills: 2,
		questPoints: 0,
	})
	const level1 = {
		quests: [],
		skills: [{ skill: 'agility' as const, level: 1 }],
		questPoints: 0,
		other: 0,
	}
	expect(guideState(level1, player([], {}))).toEqual({ kind: 'met' })
	const level2 = { ...level1, skills: [{ skill: 'agility' as const, level: 2 }] }
	expect(guideState(level2, player([], {}))).toMatchObject({ kind: 'not-met', skills: 1 })
})

test('quest-point thresholds: met at the threshold, short below it, "checking" until known', () => {
	const wgs = { ...questGuide, questPoints: 107 }
	const withPoints = (qp: number | undefined) => ({ ...ready, questPoints: qp })
	expect(guideState(wgs, withPoints(107))).toEqual({ kind: 'met' })
	expect(guideState(wgs, withPoints(100))).toEqual({
		kind: 'not-met',
		quests: 0,
		skills: 0,
		questPoints: 7,
	})
	expect(guideState(wgs, withPoints(undefined))).toEqual({ kind: 'unknown', reason: 'checking' })
	// Something else missing is reason enough, without waiting for the points.
	expect(guideState(wgs, { ...withPoints(undefined), levelOf: () => 1 })).toMatchObject({
		kind: 'not-met',
		skills: 2,
	})
})

test('hidden quests (private profile): skills still judged, quests not guessed', () => {
	const hidden: GuidePlayer = { hasCompleted: undefined, levelOf: () => 99, questPoints: undefined }
	expect(guideState(questGuide, hidden)).toEqual({ kind: 'unknown', reason: 'quests-hidden' })
	expect(guideState(questGuide, { ...hidden, levelOf: () => 1 })).toEqual({
		kind: 'not-met',
		quests: 0,
		skills: 2,
		questPoints: 0,
	})
	// A quest without prerequisites can be started whatever the quest list says.
	expect(guideState({ ...questGuide, quests: [] }, hidden)).toEqual({ kind: 'met' })
})

test('no requirement data, or nothing a player can be checked against: no state', () => {
	expect(guideState(undefined, ready)).toEqual({ kind: 'none' })
	const onlyOther = { quests: [], skills: [], questPoints: 0, other: 2 }
	expect(guideState(onlyOther, ready)).toEqual({ kind: 'none' })
})

test('the not-met reason reads as a short phrase', () => {
	const text = (quests: number, skills: number, questPoints: number) => missingText({ kind: 'not-met', quests, skills, questPoints })
	expect(text(2, 3, 0)).toBe('2 quests, 3 skills missing')
	expect(text(1, 0, 0)).toBe('1 quest missing')
	expect(text(0, 1, 0)).toBe('1 skill missing')
	expect(text(0, 0, 7)).toBe('7 quest points missing')
	expect(text(4, 1, 1)).toBe('4 quests, 1 skill, 1 quest point missing')
})
