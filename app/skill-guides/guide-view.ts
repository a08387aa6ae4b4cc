import { type RangeStatus, rangeStatus } from '#app/skill-guides/progress.ts'
import type { SkillGuideRange } from '#app/skill-guides/schema.ts'
import { skillLabel } from '#app/lib/skills.ts'

/** What the levelling drawer shows, kept apart from React. */

// The specification's wording (issue 4), American spelling included: tools and tests match on it.
export const NO_GUIDE_TEXT = 'No leveling guide available for this skill yet.'

export type GuideRow = SkillGuideRange & {
	/** Without player data: undefined (no progress marks). */
	status: RangeStatus | undefined
	/** The range the required level falls in: where the reader is heading. */
	target: boolean
}

/**
 * The index of the range that holds a target level: the one whose levels lead up to it
 * (from < target ≤ to), or the first range for a target at or below its start; -1 past the end.
 */
export function targetRangeIndex(ranges: readonly SkillGuideRange[], target: number): number {
	if (ranges.length > 0 && target <= ranges[0]!.from) return 0
	return ranges.findIndex((r) => target > r.from && target <= r.to)
}

export function guideRows(ranges: readonly SkillGuideRange[], level: number | undefined, target?: number): GuideRow[] {
	const targetIndex = target === undefined ? -1 : targetRangeIndex(ranges, target)
	return ranges.map((range, i) => ({ ...range, status: rangeStatus(range, level), target: i === targetIndex }))
}

export function drawerTitle(skill: string): string {
	return `${skillLabel(skill)} Skill Guide`
}
