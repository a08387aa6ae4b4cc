import { getSkill, skillLabel } from '#app/lib/skills.ts'
import { xpForLevel } from '#app/lib/xp-table.ts'

/** Whether a requirement is met: undefined without player data. */
export function requirementMet(current: number | undefined, required: number): boolean | undefined {
	return current === undefined ? undefined : current >= required
}

export function requirementText(met: boolean): string {
	return met ? 'Requirement met' : 'Requirement not met'
}

/**
 * Experience still needed to reach `level` in `skill` from `xp` (RS3 tables, Invention's elite
 * one included); 0 once reached, undefined for an unknown skill or unknown XP.
 */
export function xpToLevel(skill: string, level: number, xp: number | undefined): number | undefined {
	const known = getSkill(skill)
	if (!known || xp === undefined) return undefined
	return Math.max(0, xpForLevel(known.name, level) - xp)
}

/** The level on the badge: "51" without player data, "20/51" (theirs / needed) with it. */
export function badgeLevel(level: number, current: number | undefined): string {
	return current === undefined ? String(level) : `${current}/${level}`
}

/**
 * The badge button's accessible name, starting with what the badge shows: "96 Herblore — open the
 * Herblore levelling guide", or with player data "71/96 Herblore (you have 71, need 96: not met) — …".
 */
export function badgeLabel(skill: string, level: number, current: number | undefined): string {
	const label = skillLabel(skill)
	const met = requirementMet(current, level)
	const state = met === undefined ? '' : ` (you have ${current}, need ${level}: ${met ? 'met' : 'not met'})`
	return `${badgeLevel(level, current)} ${label}${state} — open the ${label} levelling guide`
}
