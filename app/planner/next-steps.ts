/**
 * A player's next steps for the home page card, picked from the account planner's outlook (what
 * they can start now, what is nearly there): three quests to start and the nearest unlock. Pure.
 */
import type { PlannerQuest } from './data.ts'
import type { MissingItem, Plan } from './plan.ts'
import { compareNames } from '#app/quests/requirements.ts'

export interface NextSteps {
	canStart: { slug: string; name: string }[]
	nearestUnlock?: { slug: string; name: string; missing: MissingItem[] }
}

/**
 * `canStart`: of the quests the planner says can start now, the ones that open the most other
 * quests first (then by name). `nearestUnlock`: of the planner's "nearly there" quests, the one
 * missing only levels and the fewest of them in total (then by name); failing that, the first
 * one a single quest away. Undefined when nothing is nearly there.
 */
export function nextSteps(plan: Pick<Plan, 'canStartNow' | 'nearlyThere'>, quests: readonly PlannerQuest[], count = 3): NextSteps {
	const bySlug = new Map(quests.map((q) => [q.slug, q]))
	const opens = new Map<string, number>()
	for (const quest of quests) {
		for (const prereq of quest.quests) opens.set(prereq, (opens.get(prereq) ?? 0) + 1)
	}
	const canStart = plan.canStartNow
		.map((slug) => bySlug.get(slug))
		.filter((q): q is PlannerQuest => q !== undefined)
		.sort((a, b) => (opens.get(b.name) ?? 0) - (opens.get(a.name) ?? 0) || compareNames(a.name, b.name))
		.slice(0, count)
		.map(({ slug, name }) => ({ slug, name }))

	const levelsToGo = (missing: readonly MissingItem[]) =>
		missing.every((m) => m.kind === 'level')
			? missing.reduce((sum, m) => sum + (m.kind === 'level' ? m.level - m.current : 0), 0)
			: Infinity
	const nearest = plan.nearlyThere
		.map((entry) => ({ ...entry, quest: bySlug.get(entry.slug), toGo: levelsToGo(entry.missing) }))
		.filter((entry) => entry.quest !== undefined)
		.sort((a, b) => a.toGo - b.toGo || compareNames(a.quest!.name, b.quest!.name))[0]
	return {
		canStart,
		...(nearest ? { nearestUnlock: { slug: nearest.slug, name: nearest.quest!.name, missing: nearest.missing } } : {}),
	}
}
