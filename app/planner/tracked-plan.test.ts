import { expect, test } from 'vitest'
import { quest } from './planner-quest.test-kit.ts'
import { createPlanner, type PlannerPlayer } from '#app/planner/plan.ts'
import { xpForLevel } from '#app/lib/xp-table.ts'
import { newTrackedPlan, readTrackedPlan, saveTrackedPlan, trackedProgress } from './tracked-plan.ts'
import { trackedPlanKey } from './tracked-plan-key.ts'

const planner = createPlanner({
	quests: [quest('First Step'), quest('Big Goal', { quests: ['First Step'], skills: { magic: 60, attack: 50 } })],
	presets: [],
})

const dayOne: PlannerPlayer = {
	completed: new Set(),
	levels: { magic: 50, attack: 50 },
	xp: { magic: xpForLevel('magic', 50), attack: xpForLevel('attack', 50) },
}

function memoryStorage() {
	const items = new Map<string, string>()
	return { getItem: (key: string) => items.get(key) ?? null, setItem: (key: string, value: string) => void items.set(key, value) }
}

test('a tracked plan keeps what it needed on its day; progress is XP gained up to that, and quests done since', () => {
	const plan = planner.plan(['big-goal'], dayOne)
	const tracked = newTrackedPlan('Zezima Jr', ['big-goal'], false, plan, dayOne, new Date('2026-11-24T10:00:00Z'))
	const magicNeeded = xpForLevel('magic', 60) - xpForLevel('magic', 50)
	expect(tracked.skills).toEqual([{ skill: 'magic', needed: magicNeeded, startXp: xpForLevel('magic', 50) }])
	expect(tracked.quests).toEqual(['First Step', 'Big Goal'])

	const dayThree: PlannerPlayer = {
		completed: new Set(['First Step']),
		levels: { magic: 55, attack: 50 },
		xp: { magic: xpForLevel('magic', 50) + 50_000, attack: xpForLevel('attack', 50) + 999 },
	}
	expect(trackedProgress(tracked, dayThree)).toEqual({
		skills: [{ skill: 'magic', done: 50_000, needed: magicNeeded }],
		questsDone: 1,
		questsNeeded: 2,
	})
	// More than needed counts as all of it; an unranked skill (0 XP) as none.
	expect(trackedProgress(tracked, { ...dayThree, xp: { magic: 99_000_000 } }).skills[0]?.done).toBe(magicNeeded)
	expect(trackedProgress(tracked, { ...dayThree, xp: {} }).skills[0]?.done).toBe(0)
})

test('stored per player in the browser; unreadable entries count as none', () => {
	const storage = memoryStorage()
	const plan = planner.plan(['big-goal'], dayOne)
	const tracked = newTrackedPlan('Zezima_Jr', ['big-goal'], true, plan, dayOne, new Date('2026-11-24T10:00:00Z'))
	saveTrackedPlan(storage, tracked)
	expect(readTrackedPlan(storage, 'zezima jr')).toEqual(tracked)
	// The lookup's one normaliser: `-` and runs of spaces name the same player.
	expect(readTrackedPlan(storage, ' Zezima-- jr ')).toEqual(tracked)
	expect(readTrackedPlan(storage, 'Someone Else')).toBeUndefined()
	storage.setItem(trackedPlanKey('Broken'), '{oops')
	expect(readTrackedPlan(storage, 'Broken')).toBeUndefined()
	storage.setItem(trackedPlanKey('Wrong'), JSON.stringify({ ...tracked, setAt: 'yesterday' }))
	expect(readTrackedPlan(storage, 'Wrong')).toBeUndefined()
})
