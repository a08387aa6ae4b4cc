import { SKILLS, type SkillName } from '#app/lib/skills.ts'
import type { MonthlyXp } from '#app/player/xp-monthly.ts'
import type { Backfill } from '#app/tracker/api-types.ts'

/**
 * Joins the per-skill answers (any order; skills with no history left out) into the backfill's
 * months: oldest first, each with every skill that has a figure for it and their sum.
 */
export function backfillMonths(perSkill: readonly MonthlyXp[]): Backfill['months'] {
	const byMonth = new Map<string, Map<SkillName, number>>()
	for (const history of perSkill) {
		const skill = SKILLS[history.skillId]
		if (!skill) continue
		for (const { month, xpGained } of history.months) {
			const skills = byMonth.get(month) ?? new Map<SkillName, number>()
			skills.set(skill.name, xpGained)
			byMonth.set(month, skills)
		}
	}
	return [...byMonth.keys()].toSorted().map((month) => {
		const gains = byMonth.get(month)!
		const skills = SKILLS.filter((skill) => gains.has(skill.name)).map((skill) => ({
			skill: skill.name,
			xpGained: gains.get(skill.name)!,
		}))
		return {
			month,
			totalXpGained: skills.reduce((sum, skill) => sum + skill.xpGained, 0),
			skills,
		}
	})
}
