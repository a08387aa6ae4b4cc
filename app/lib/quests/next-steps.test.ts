import { expect, test } from 'vitest'
import type { PlayerProgress, QuestCatalogueEntry } from './artifacts.ts'
import { nextSteps } from './next-steps.ts'

function quest(name: string, extra: Partial<QuestCatalogueEntry> = {}): QuestCatalogueEntry {
	return {
		name,
		slug: name.toLowerCase().replace(/\W+/g, '-'),
		difficulty: 0,
		members: false,
		questPoints: 1,
		quests: [],
		skills: {},
		totalSkills: {},
		requiredQuestPoints: 0,
		prerequisiteCount: 0,
		...extra,
	}
}

const catalogue = [
	quest('Alpha'),
	quest('Beta', { difficulty: 2 }),
	quest('Gamma'),
	quest('Delta', { quests: ['Gamma'] }),
	quest('Epsilon', { quests: ['Gamma'] }),
	quest('Zeta', { quests: ['Beta'] }),
	quest('Eta', { skills: { agility: 50 } }),
	quest('Theta', { skills: { agility: 45, mining: 42 } }),
	quest('Iota', { skills: { magic: 20 }, requiredQuestPoints: 30 }),
	quest('Done'),
]

const player = (
	levels: PlayerProgress['levels'],
	completed: string[] = ['Done'],
	questPoints = 1,
): PlayerProgress => ({
	completed: new Set(completed),
	levels,
	questPoints,
})

test('quests to start now: most quests opened first, then easier, then by name; three of them', () => {
	const steps = nextSteps(catalogue, player({ agility: 40, mining: 40 }))
	// Gamma opens two quests, Beta one; Alpha opens none.
	expect(steps.canStart.map((q) => q.name)).toEqual(['Gamma', 'Beta', 'Alpha'])
	expect(nextSteps(catalogue, player({}), 5).canStart.map((q) => q.name)).toEqual([
		'Gamma',
		'Beta',
		'Alpha',
	])
})

test('completed quests and quests with missing prerequisites are not offered', () => {
	const steps = nextSteps(catalogue, player({ agility: 99 }, ['Done', 'Gamma']))
	expect(steps.canStart.map((q) => q.name)).toEqual(['Beta', 'Alpha', 'Delta'])
	expect(steps.canStart.map((q) => q.name)).not.toContain('Zeta')
})

test('the nearest unlock is the quest locked by the fewest levels in total', () => {
	// Eta needs 10 Agility levels; Theta 5 Agility + 2 Mining = 7.
	const steps = nextSteps(catalogue, player({ agility: 40, mining: 40 }))
	expect(steps.nearestUnlock?.quest.name).toBe('Theta')
	expect(steps.nearestUnlock?.levelsToGo).toBe(7)
	expect(steps.nearestUnlock?.missingSkills).toEqual([
		{ skill: 'agility', level: 45, current: 40 },
		{ skill: 'mining', level: 42, current: 40 },
	])
	// With Mining done, Theta needs 5 and stays nearest; at 46 Agility Eta (4 to go) is nearest.
	expect(nextSteps(catalogue, player({ agility: 46, mining: 50 })).nearestUnlock?.quest.name).toBe(
		'Eta',
	)
})

test('quests short of quest points or prerequisite quests are never the nearest unlock', () => {
	// Iota needs one Magic level but 30 quest points: not reachable by levels alone.
	const steps = nextSteps(catalogue, player({ magic: 19, agility: 99, mining: 99 }))
	expect(steps.nearestUnlock).toBeUndefined()
	const withPoints = nextSteps(
		catalogue,
		player({ magic: 19, agility: 99, mining: 99 }, ['Done'], 30),
	)
	expect(withPoints.nearestUnlock?.quest.name).toBe('Iota')
})
