import { SKILLS, type SkillName } from '#app/lib/skills.ts'
import { levelForXp, virtualLevelForXp, xpForLevel, xpForVirtualLevel } from '#app/lib/xp-table.ts'
import type { Milestones, SkillMilestone } from '#app/tracker/api-types.ts'
import { etaText, etaToTotalLevel, etaToXp, MAX_XP, paceText, slowestEta, type Eta, type Pace } from '#app/tracker/pace.ts'

/**
 * A player's next milestones (`GET /api/v1/players/:name/milestones`, the player page), each with
 * an ETA at their own pace from `#app/tracker/pace.ts` (the one place rates and ETAs are worked
 * out). Pure: the latest snapshot's XP, the pace and the quest cape's count in, milestones out.
 *
 * Per skill: the next level (a virtual one past the cap: 100 in a 99 skill), 99, the skill's cap
 * when above 99 (from data/game/skills.json through `SKILLS`), and 200M XP; a skill at 200M XP has
 * none left. For the account: the total level's next hundred, "max" (every skill 99) and the
 * Quest Point Cape, which is counted in quests, not timed (quests are not XP at a rate).
 */

const MAX_LEVEL = 99

/** What the milestones are worked out from: the latest snapshot's skills and the player's pace. */
export type MilestoneInput = {
	skills: ReadonlyArray<{ skill: SkillName; xp: number }>
	/** Null: no pace yet (under a week of history and no backfill), so no ETAs. */
	pace: Pace | null
	/** Quests that award quest points and are not done; null when the quest list is not known. */
	questCape: { left: number; total: number } | null
}

const withText = (eta: Eta) => ({ ...eta, text: etaText(eta) })

function skillMilestones(skill: SkillName, cap: number, xp: number, pace: Pace | null): SkillMilestone[] {
	if (xp >= MAX_XP) return []
	const level = Math.min(cap, levelForXp(skill, xp))
	const targets: Array<Pick<SkillMilestone, 'kind' | 'level' | 'virtual' | 'targetXp'>> = []
	if (level < cap) {
		targets.push({ kind: 'next-level', level: level + 1, virtual: false, targetXp: xpForLevel(skill, level + 1) })
	} else {
		// Past the cap, levels go on by XP alone ("virtual"), as far as the XP table goes.
		const next = virtualLevelForXp(skill, xp) + 1
		const targetXp = xpForVirtualLevel(skill, next)
		if (targetXp !== undefined) targets.push({ kind: 'next-level', level: next, virtual: true, targetXp })
	}
	if (level + 1 < MAX_LEVEL) targets.push({ kind: '99', level: MAX_LEVEL, virtual: false, targetXp: xpForLevel(skill, MAX_LEVEL) })
	if (cap > MAX_LEVEL && level + 1 < cap) targets.push({ kind: 'cap', level: cap, virtual: false, targetXp: xpForLevel(skill, cap) })
	targets.push({ kind: '200m', level: null, virtual: false, targetXp: MAX_XP })
	return targets.map((target) => ({
		skill,
		...target,
		xpNeeded: target.targetXp - xp,
		eta: pace ? withText(etaToXp(skill, xp, target.targetXp, pace.xpPerDay[skill])) : null,
	}))
}

/** Nearest first: by the ETA's longest end, then its shortest; without a range, by XP needed after those with one. */
function nearestFirst(a: SkillMilestone, b: SkillMilestone): number {
	const days = (milestone: SkillMilestone) =>
		milestone.eta?.kind === 'range' ? [milestone.eta.maxDays, milestone.eta.minDays] : [Infinity, Infinity]
	const [aMax, aMin] = days(a)
	const [bMax, bMin] = days(b)
	if (aMax !== bMax) return aMax! < bMax! ? -1 : 1
	if (aMin !== bMin) return aMin! < bMin! ? -1 : 1
	return a.xpNeeded - b.xpNeeded
}

export function milestonesOf({ skills, pace, questCape }: MilestoneInput): Omit<Milestones, 'name'> {
	const xpOf = new Map(skills.map(({ skill, xp }) => [skill, xp]))
	const all = SKILLS.map(({ name, cap }) => ({ skill: name, cap, xp: xpOf.get(name) ?? 0 }))
	const account: Milestones['account'] = []

	const totalLevel = all.reduce((sum, { skill, cap, xp }) => sum + Math.min(cap, levelForXp(skill, xp)), 0)
	const maxTotal = all.reduce((sum, { cap }) => sum + cap, 0)
	if (totalLevel < maxTotal) {
		const target = Math.min(maxTotal, (Math.floor(totalLevel / 100) + 1) * 100)
		const eta = pace ? withText(etaToTotalLevel(all, target, pace.xpPerDay)) : null
		account.push({ kind: 'total-level', current: totalLevel, target, eta })
	}
	const below99 = all.filter(({ skill, xp }) => xp < xpForLevel(skill, MAX_LEVEL))
	if (below99.length > 0) {
		const eta = pace
			? withText(slowestEta(below99.map(({ skill, xp }) => etaToXp(skill, xp, xpForLevel(skill, MAX_LEVEL), pace.xpPerDay[skill]))))
			: null
		account.push({ kind: 'max', skillsLeft: below99.length, eta })
	}
	if (!questCape || questCape.left > 0) {
		account.push({ kind: 'quest-cape', questsLeft: questCape?.left ?? null, questsTotal: questCape?.total ?? null })
	}

	return {
		pace: pace ? { source: pace.source, from: pace.from, to: pace.to, days: pace.days } : null,
		message: pace
			? `ETAs are ${paceText(pace)}: the XP you gained in each skill divided by the days, give or take 25 %. Quests are counted, not timed.`
			: 'ETAs appear once there is a week of history (or RuneMetrics’ monthly XP to fill in).',
		account,
		skills: all.flatMap(({ skill, cap, xp }) => skillMilestones(skill, cap, xp, pace)).toSorted(nearestFirst),
	}
}

/**
 * The Quest Point Cape's count: the quests that award quest points (canonical names) against the
 * player's completed ones. Null when the player's quest list is not known (a private profile).
 */
export function questCapeCount(capeQuests: readonly string[], completed: ReadonlySet<string> | null): MilestoneInput['questCape'] {
	if (!completed) return null
	return { left: capeQuests.filter((quest) => !completed.has(quest)).length, total: capeQuests.length }
}
