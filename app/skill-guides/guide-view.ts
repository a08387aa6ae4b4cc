import { type RangeStatus, rangeStatus } from '#app/lib/skill-guides/progress.ts'
import type { SkillGuideRange } from '#app/lib/skill-guides/schema.ts'
import { skillLabel } from '#app/lib/skills.ts'

/** What the levelling drawer shows, kept apart from React. */

export const NO_GUIDE_TEXT = 'No leveling guide available for this skill yet.'

export type GuideRow = SkillGuideRange & {
	/** Without player data: undefined (no progress marks). */
	status: RangeStatus | undefined
}

export function guideRows(ranges: readonly SkillGuideRange[], level: number | undefined): GuideRow[] {
	return ranges.map((range) => ({ ...range, status: rangeStatus(range, level) }))
}

export function drawerTitle(skill: string): string {
	return `${skillLabel(skill)} Skill Guide`
}
