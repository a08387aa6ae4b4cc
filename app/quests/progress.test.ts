import { expect, test } from 'vitest'
import { createRequirementResolver } from '#app/quests/requirements.ts'
import { playerQuestPoints, questStatus, summaryStartCheck, toPlayerProgress } from '#app/quests/progress.ts'

const points = { "Cook's Assistant": 1, 'Dragon Slayer': 2, 'Desert Treasure': 3 }

test('quest points add up the completed quests, matched like names, each once', () => {
	expect(playerQuestPoints(['Cook\u2019s assistant', 'Dragon Slayer', 'dragon  slayer'], points)).toBe(3)
	expect(playerQuestPoints(['Unknown Quest'], points)).toBe(0)
	expect(playerQuestPoints([], points)).toBe(0)
})

test('toPlayerProgress resolves titles to canonical names and drops unknown ones', () => {
	const resolve = (title: string) => ({ dt: 'Desert Treasure', 'dragon slayer': 'Dragon Slayer' })[title.toLowerCase()]
	const progress = toPlayerProgress({ completedTitles: ['DT', 'Dragon Slayer', 'Nope'], levels: { magic: 50 } }, resolve, points)
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

test('partial steps count once started; own ironman levels count for an ironman; one of each group', () => {
	const resolver = createRequirementResolver([
		{ name: 'Dig', requirements: { quest: [], skill: [], other: [] } },
		{ name: 'Treasure', requirements: { quest: ['Dig'], skill: [], other: [] } },
		{
			name: 'Curse',
			requirements: {
				quest: [],
				skill: [{ skill: 'mining', level: 20 }],
				partial: [{ quest: 'Treasure', until: 'x', needs: { quest: ['Dig'], skill: [] } }],
				ironman: { skill: [{ skill: 'mining', level: 40 }] },
				anyOf: [
					{
						skill: [
							{ skill: 'strength', level: 60 },
							{ skill: 'agility', level: 60 },
						],
					},
				],
				other: [],
			},
		},
	])
	const summary = resolver.summary('Curse')
	const player = {
		completed: new Set(['Dig']),
		started: new Set(['Dig']),
		levels: { mining: 30, agility: 60 },
		questPoints: 0,
	}
	expect(summaryStartCheck(summary, player)).toMatchObject({
		canStart: false,
		missingPartial: ['Treasure'],
		missingQuests: [],
	})
	const started = { ...player, started: new Set(['Dig', 'Treasure']) }
	expect(summaryStartCheck(summary, started)?.canStart).toBe(true)
	expect(summaryStartCheck(summary, { ...started, ironman: true })).toMatchObject({
		canStart: false,
		missingSkills: [{ skill: 'mining', level: 40, current: 30 }],
	})
	expect(summaryStartCheck(summary, { ...started, levels: { mining: 30 } })?.missingAnyOf).toHaveLength(1)
	const progress = toPlayerProgress({ completedTitles: ['Dig'], startedTitles: ['Treasure'], levels: {} }, (t) => t, {}, { ironman: true })
	expect([...progress.started!]).toEqual(['Dig', 'Treasure'])
	expect(progress.ironman).toBe(true)
})
