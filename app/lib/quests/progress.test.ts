import { expect, test } from 'vitest'
import { createRequirementResolver } from '#app/lib/quests/requirements.ts'
import {
	playerQuestPoints,
	questStatus,
	summaryStartCheck,
	toPlayerProgress,
} from '#app/lib/quests/progress.ts'

const points = { "Cook's Assistant": 1, 'Dragon Slayer': 2, 'Desert Treasure': 3 }

test('quest points add up the completed quests, matched like names, each once', () => {
	expect(
		playerQuestPoints(['Cook\u2019s assistant', 'Dragon Slayer', 'dragon  slayer'], points),
	).toBe(3)
	expect(playerQuestPoints(['Unknown Quest'], points)).toBe(0)
	expect(playerQuestPoints([], points)).toBe(0)
})

test('toPlayerProgress resolves titles to canonical names and drops unknown ones', () => {
	const resolve = (title: string) =>
		({ dt: 'Desert Treasure', 'dragon slayer': 'Dragon Slayer' })[title.toLowerCase()]
	const progress = toPlayerProgress(
		{ completedTitles: ['DT', 'Dragon Slayer', 'Nope'], levels: { magic: 50 } },
		resolve,
		points,
	)
	expect([...progress.completed]).toEqual(['Desert Treasure', 'Dragon Slayer'])
	expect(progress.levels).toEqual({ magic: 50 })
	// "DT" is not a RuneMetrics title, so it earns nothing; the real title would.
	expect(progress.questPoints).toBe(2)
})

test('questStatus: completed, can start or locked', () => {
	const entry = { name: 'Top', quests: ['Base'], skills: { magic: 50 }, requiredQuestPoints: 10 }
	const player = (completed: string[], magic: number, questPoints: number) => ({
		completed: new Set(completed),
		levels: { magic },
		questPoints,
	})
	expect(questStatus(entry, player(['Top'], 1, 0))).toBe('completed')
	expect(questStatus(entry, player(['Base'], 50, 10))).toBe('can-start')
	expect(questStatus(entry, player(['Base'], 49, 10))).toBe('locked')
	expect(questStatus(entry, player(['Base'], 50, 9))).toBe('locked')
	expect(questStatus(entry, player([], 99, 99))).toBe('locked')
})

test("summaryStartCheck needs the whole chain, the target's own levels and the threshold", () => {
	const resolver = createRequirementResolver([
		{
			name: 'Top',
			requirements: {
				quest: ['Mid'],
				skill: [{ skill: 'magic', level: 50 }],
				questPoints: 5,
				other: [],
			},
		},
		{
			name: 'Mid',
			requirements: { quest: ['Base'], skill: [{ skill: 'agility', level: 60 }], other: [] },
		},
		{ name: 'Base', requirements: { quest: [], skill: [], other: [] } },
	])
	const summary = resolver.summary('Top')
	const ready = { completed: new Set(['Base', 'Mid']), levels: { magic: 50 }, questPoints: 5 }
	// Agility 60 was needed for Mid, which is done: it does not block Top.
	expect(summaryStartCheck(summary, ready)).toMatchObject({ canStart: true, completed: false })
	const missing = summaryStartCheck(summary, { ...ready, completed: new Set(['Mid']) })
	expect(missing).toMatchObject({ canStart: false, missingQuests: ['Base'] })
	const done = summaryStartCheck(summary, { ...ready, completed: new Set(['Top']) })
	expect(done?.completed).toBe(true)
	expect(summaryStartCheck(resolver.summary('Nope'), ready)).toBeUndefined()
})
