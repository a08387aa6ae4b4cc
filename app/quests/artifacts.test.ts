import { expect, test } from 'vitest'
import { buildQuestArtifacts, checkCanStart, resolveQuestName, toSkillLevels } from '#app/quests/artifacts.ts'
import { questSchema, type Quest, type QuestInput } from '#app/quests/schema.ts'

const quest = (input: Omit<QuestInput, 'difficulty' | 'members' | 'questPoints'> & Partial<QuestInput>): Quest =>
	questSchema.parse({ difficulty: 1, members: true, questPoints: 1, ...input })

const data = [
	quest({
		name: 'Top Quest',
		aliases: ['TQ'],
		requirements: { quest: ['Base'], skill: [{ skill: 'magic', level: 50 }], questPoints: 20 },
	}),
	quest({ name: 'Base', requirements: { skill: [{ skill: 'agility', level: 30 }] } }),
	quest({ name: "Cook's Tale", wikiTitle: "Cook's Tale (miniquest)", requirements: {} }),
]

test('the catalogue is sorted by name and carries the chain totals', () => {
	const { catalogue } = buildQuestArtifacts(data)
	expect(catalogue.map((e) => e.name)).toEqual(['Base', "Cook's Tale", 'Top Quest'])
	expect(catalogue[2]).toEqual({
		name: 'Top Quest',
		slug: 'top-quest',
		aliases: ['TQ'],
		difficulty: 1,
		members: true,
		questPoints: 1,
		quests: ['Base'],
		skills: { magic: 50 },
		totalSkills: { agility: 30, magic: 50 },
		requiredQuestPoints: 20,
		prerequisiteCount: 1,
	})
})

test('quest pages carry the summary, the unlocks and the wiki link', () => {
	const { pages } = buildQuestArtifacts(data)
	const base = pages.find((p) => p.quest.name === 'Base')!
	expect(base.unlocks).toEqual([{ name: 'Top Quest', slug: 'top-quest' }])
	expect(base.summary.quests.map((s) => s.name)).toEqual(['Base'])
	const cook = pages.find((p) => p.quest.slug === 'cooks-tale')!
	expect(cook.wikiQuickGuideUrl).toBe('https://runescape.wiki/w/Cook%27s_Tale_(miniquest)/Quick_guide')
})

test('names.json maps lower-case names and aliases to the canonical name and slug', () => {
	const { names } = buildQuestArtifacts(data)
	expect(Object.keys(names)).toEqual(['base', "cook's tale", 'top quest', 'tq'])
	expect(resolveQuestName(names, 'TQ')).toEqual({ name: 'Top Quest', slug: 'top-quest' })
	expect(resolveQuestName(names, 'constructor')).toBeUndefined()
})

test('building twice gives identical output', () => {
	expect(JSON.stringify(buildQuestArtifacts([...data].reverse()))).toBe(JSON.stringify(buildQuestArtifacts(data)))
})

test('checkCanStart needs the prerequisites, the own levels and the quest points', () => {
	const entry = buildQuestArtifacts(data).catalogue.find((e) => e.name === 'Top Quest')!
	const ready = { completed: new Set(['Base']), levels: { magic: 50, agility: 1 }, questPoints: 20 }
	expect(checkCanStart(entry, ready).canStart).toBe(true)
	const notReady = checkCanStart(entry, {
		completed: new Set<string>(),
		levels: { magic: 49 },
		questPoints: 5,
	})
	expect(notReady).toEqual({
		canStart: false,
		missingQuests: ['Base'],
		missingPartial: [],
		missingSkills: [{ skill: 'magic', level: 50, current: 49 }],
		missingAnyOf: [],
		questPointsShort: 15,
	})
})

test('the catalogue carries partial, anyOf, ironman and verified; the start check uses them', () => {
	const { catalogue } = buildQuestArtifacts([
		...data,
		quest({
			name: 'Curse',
			verified: { on: '2026-11-23', source: 'https://runescape.wiki/w/Curse' },
			requirements: {
				quest: ['Base'],
				partial: [{ quest: 'Top Quest', until: 'the first door', needs: { quest: ['Base'] } }],
				anyOf: [
					{
						skill: [
							{ skill: 'smithing', level: 85 },
							{ skill: 'crafting', level: 85 },
						],
					},
				],
				skill: [{ skill: 'mining', level: 20 }],
				ironman: { skill: [{ skill: 'mining', level: 40 }] },
			},
		}),
	])
	const entry = catalogue.find((e) => e.name === 'Curse')!
	expect(entry).toMatchObject({
		quests: ['Base'],
		partial: ['Top Quest'],
		anyOf: [{ crafting: 85, smithing: 85 }],
		ironmanSkills: { mining: 40 },
		verified: '2026-11-23',
		// Base once; Top Quest is a partial step, counted apart from the whole quests.
		prerequisiteCount: 1,
		partialStepCount: 1,
	})
	expect(catalogue.find((e) => e.name === 'Base')!.verified).toBeUndefined()
	expect(catalogue.find((e) => e.name === 'Base')!.partialStepCount).toBeUndefined()
	const player = {
		completed: new Set(['Base']),
		levels: { mining: 30, crafting: 85 },
		questPoints: 20,
	}
	expect(checkCanStart(entry, player)).toMatchObject({
		canStart: false,
		missingPartial: ['Top Quest'],
	})
	const started = { ...player, started: new Set(['Top Quest']) }
	expect(checkCanStart(entry, started).canStart).toBe(true)
	expect(checkCanStart(entry, { ...started, ironman: true }).missingSkills).toEqual([{ skill: 'mining', level: 40, current: 30 }])
	expect(checkCanStart(entry, { ...started, levels: { mining: 30 } }).missingAnyOf).toEqual([
		[
			{ skill: 'crafting', level: 85 },
			{ skill: 'smithing', level: 85 },
		],
	])
})

test('toSkillLevels sorts skills by name', () => {
	expect(
		Object.keys(
			toSkillLevels([
				{ skill: 'thieving', level: 5 },
				{ skill: 'agility', level: 3 },
			]),
		),
	).toEqual(['agility', 'thieving'])
})

test('points.json lists the quest points of every quest that awards any', () => {
	const { points } = buildQuestArtifacts([...data, quest({ name: 'Mini', questPoints: 0, requirements: {} })])
	expect(points).toEqual({ Base: 1, "Cook's Tale": 1, 'Top Quest': 1 })
})
