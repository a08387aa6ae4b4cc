import { z } from 'zod'
import type { SkillRequirement } from '#app/quests/schema.ts'

/**
 * What an author writes: `::guide-index`, `::guide-index{title="…"}` for a heading, and
 * `levels="2"` to also list the guides of each sub-folder, grouped under it (a section's overview).
 */
export const guideIndexSchema = z.strictObject({
	title: z.string().trim().min(1).optional(),
	levels: z.coerce
		.number({ error: 'levels is 1 or 2' })
		.int('levels is 1 or 2')
		.min(1, 'levels is 1 or 2')
		.max(2, 'levels is 1 or 2')
		.optional(),
})
export type GuideIndexProps = z.infer<typeof guideIndexSchema>

/**
 * What a guide's first requirement widget asks for, reduced to what a player can be checked
 * against. Filled in by the build (scripts/build/content/guide-index-data.ts).
 */
export type GuideRequirementData = {
	/** The quest a quest-requirements panel is about: completing it completes the guide. */
	quest?: string
	/** Quests to complete first (canonical names); for a panel, its chain without the quest. */
	quests: string[]
	/** Levels needed; for a panel, the highest level per skill across the chain. */
	skills: SkillRequirement[]
	/** Quest points needed; 0 when none. */
	questPoints: number
	/** How many other requirements the guide lists that cannot be checked against a player. */
	other: number
}

/** One child page of the index page, in navigation order. */
export type GuideIndexEntry = {
	path: string
	label: string
	description: string
	/** Absent when the page has no requirement widget. */
	requirement?: GuideRequirementData
	/** With `levels="2"`, a folder page's own guides, listed under it. */
	guides?: GuideIndexEntry[]
}

/** Added by the build after the attributes are validated. */
type GuideIndexData = { guides?: GuideIndexEntry[] }

export type GuideIndexWidgetProps = GuideIndexProps & GuideIndexData
