import { expect, test } from 'vitest'
import { questSchema, type Quest } from '#app/quests/schema.ts'
import { diffHasProblems, diffQuests, formatQuestDiff, type RuneMetricsQuest } from '#scripts/quests/quest-diff.ts'

const ours: Quest[] = [
	{ name: "Cook's Assistant", difficulty: 0, members: false, questPoints: 1 },
	{ name: 'Desert Treasure', aliases: ['DT'], difficulty: 3, members: true, questPoints: 3 },
	{
		name: 'The Curse of Zaros (miniquest)',
		aliases: ['Curse of the Empty Lord (miniquest)'],
		difficulty: 1,
		members: true,
		questPoints: 0,
	},
	{ name: 'Only Ours', difficulty: 0, members: false, questPoints: 1 },
].map((q) => questSchema.parse({ ...q, requirements: {} }))

const rm = (title: string, difficulty: number, members: boolean, questPoints: number): RuneMetricsQuest => ({
	title,
	status: 'NOT_STARTED',
	difficulty,
	members,
	questPoints,
	userEligible: true,
})

test('lists quests each side lacks and the fields that differ', () => {
	const diff = diffQuests(ours, [
		rm("Cook's Assistant", 0, false, 1),
		rm('Desert Treasure', 4, false, 3),
		rm('Curse of the Empty Lord (miniquest)', 1, true, 0),
		rm('Brand New Quest', 1, true, 1),
	])
	expect(diff.weLack).toEqual(['Brand New Quest'])
	expect(diff.theyLack).toEqual(['Only Ours'])
	expect(diff.fields).toEqual([
		{ quest: 'Desert Treasure', field: 'difficulty', ours: 3, theirs: 4 },
		{ quest: 'Desert Treasure', field: 'members', ours: true, theirs: false },
	])
	expect(diff.byAlias).toEqual([{ title: 'Curse of the Empty Lord (miniquest)', quest: 'The Curse of Zaros (miniquest)' }])
	expect(diffHasProblems(diff)).toBe(true)
	const text = formatQuestDiff(diff, 4)
	expect(text).toContain('Desert Treasure: difficulty 3 (Master) → 4 (Grandmaster)')
	expect(text).toContain('In RuneMetrics, not in our data (1):\n  Brand New Quest')
})

test('identical data has no problems; a repeated title is one', () => {
	const same = ours.map((q) => rm(q.name, q.difficulty, q.members, q.questPoints))
	expect(diffHasProblems(diffQuests(ours, same))).toBe(false)
	const repeated = diffQuests(ours, [...same, same[0]!])
	expect(repeated.repeated).toEqual(["Cook's Assistant"])
	expect(diffHasProblems(repeated)).toBe(true)
})
