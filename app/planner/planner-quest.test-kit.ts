import type { PlannerQuest } from '#app/planner/data.ts'
import { questSlug } from '#app/quests/names.ts'

/** A planner quest for tests: one quest point, no requirements unless given. */
export const quest = (name: string, fields: Partial<PlannerQuest> = {}): PlannerQuest => ({
	name,
	slug: questSlug(name),
	questPoints: 1,
	quests: [],
	skills: {},
	...fields,
})
