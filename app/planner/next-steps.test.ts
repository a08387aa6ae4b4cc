import { expect, test } from 'vitest'
import type { PlannerData, PlannerQuest } from './data.ts'
import { createPlanner } from './plan.ts'
import { nextSteps } from './next-steps.ts'

function quest(name: string, extra: Partial<PlannerQuest> = {}): PlannerQuest {
	return { name, slug: name.toLowerCase(), questPoints: 1, quests: [], skills: {}, ...extra }
}

const data: PlannerData = {
	quests: [
		quest('Alpha'),
		quest('Beta'),
		quest('Gamma'),
		quest('Delta', { quests: ['Gamma'] }),
		quest('Epsilon', { quests: ['Gamma'] }),
		quest('Zeta', { quests: ['Beta'] }),
		quest('Eta', { skills: { agility: 45 } }),
		quest('Theta', { skills: { agility: 42, mining: 41 } }),
		quest('Iota', { quests: ['Alpha'] }),
		quest('Done'),
	],
	presets: [],
}
const planner = createPlanner(data)

const outlook = (levels: Record<string, number>, completed: string[] = ['Done']) =>
	planner.plan([], { completed: new Set(completed), levels, xp: {} })

test('quests to start now, from the planner: the ones opening the most quests first, then by name; three', () => {
	const steps = nextSteps(outlook({ agility: 40, mining: 40 }), data.quests)
	// Gamma opens two quests, Alpha and Beta one each.
	expect(steps.canStart).toEqual([
		{ slug: 'gamma', name: 'Gamma' },
		{ slug: 'alpha', name: 'Alpha' },
		{ slug: 'beta', name: 'Beta' },
	])
	expect(nextSteps(outlook({}, ['Done', 'Alpha', 'Beta', 'Gamma']), data.quests, 5).canStart.map((q) => q.name)).toEqual([
		'Delta',
		'Epsilon',
		'Iota',
		'Zeta',
	])
})

test('the nearest unlock is the nearly-there quest missing the fewest levels', () => {
	// Eta is 5 Agility away; Theta 2 Agility + 1 Mining = 3.
	const steps = nextSteps(outlook({ agility: 40, mining: 40 }), data.quests)
	expect(steps.nearestUnlock?.name).toBe('Theta')
	expect(steps.nearestUnlock?.missing).toEqual([
		{ kind: 'level', skill: 'agility', level: 42, current: 40 },
		{ kind: 'level', skill: 'mining', level: 41, current: 40 },
	])
	expect(nextSteps(outlook({ agility: 44, mining: 1 }), data.quests).nearestUnlock?.name).toBe('Eta')
})

test('a quest one quest away is the nearest unlock only when no quest is a few levels away', () => {
	const steps = nextSteps(outlook({ agility: 99, mining: 99 }), data.quests)
	// Every level-locked quest can start; Delta, Epsilon, Iota and Zeta are each one quest away.
	expect(steps.nearestUnlock?.name).toBe('Delta')
	expect(steps.nearestUnlock?.missing).toEqual([{ kind: 'quest', slug: 'gamma', name: 'Gamma' }])
	expect(nextSteps({ canStartNow: [], nearlyThere: [] }, data.quests)).toEqual({ canStart: [] })
})
