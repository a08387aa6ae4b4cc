import { SKILLS, type SkillName } from '#app/lib/skills.ts'
// Types only: schema.ts builds zod schemas at load time, which would put zod in the browser
// chunks that use this module (the levelling drawer).
import type { GuideSkill, OVERALL } from './schema.ts'

export type RangeStatus = 'passed' | 'current' | 'upcoming'

/** A player's levels by skill name; a skill that is absent counts as level 1. */
export type PlayerLevels = Readonly<Partial<Record<SkillName, number>>>

/**
 * Where a player stands against one level range [from, to]:
 * - `passed` when level ≥ to (so a player at a guide's final level has passed every range),
 * - `current` when from ≤ level < to,
 * - `upcoming` when level < from.
 * Without player data (`undefined`, or a level that is not a number) there is no status.
 */
export function rangeStatus(range: { readonly from: number; readonly to: number }, level: number | undefined): RangeStatus | undefined {
	if (level === undefined || !Number.isFinite(level)) return undefined
	if (level >= range.to) return 'passed'
	if (level >= range.from) return 'current'
	return 'upcoming'
}

/**
 * The level to measure a guide against. Without player data: `undefined`. A skill missing from
 * the player's data counts as level 1. For `overall`, see {@link overallLevel}.
 */
export function guideLevel(skill: GuideSkill, levels: PlayerLevels | undefined): number | undefined {
	if (!levels) return undefined
	if (skill === ('overall' satisfies typeof OVERALL)) return overallLevel(levels)
	return levelOf(levels, skill)
}

/**
 * The account's level for the `overall` guide: the average of all 29 skills, each counted up to
 * 99 (levels past 99 do not make up for low skills), rounded down.
 */
export function overallLevel(levels: PlayerLevels): number {
	const sum = SKILLS.reduce((total, skill) => total + Math.min(levelOf(levels, skill.name), 99), 0)
	return Math.floor(sum / SKILLS.length)
}

function levelOf(levels: PlayerLevels, skill: SkillName): number {
	const level = levels[skill]
	return level !== undefined && Number.isFinite(level) && level >= 1 ? Math.floor(level) : 1
}
