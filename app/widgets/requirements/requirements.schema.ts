import { z } from 'zod'
import { skillNameSchema } from '#app/lib/skill-name-schema.ts'

export const requirementsDataSchema = z.strictObject({
	quests: z.array(z.string().trim().min(1)).default([]),
	skills: z.array(z.strictObject({ skill: skillNameSchema, level: z.number().int().min(1).max(150) })).default([]),
	other: z.array(z.string().trim().min(1)).default([]),
})

export const requirementsSchema = requirementsDataSchema.extend({
	title: z.string().trim().min(1).optional(),
})
export type RequirementsProps = z.infer<typeof requirementsSchema>

/** A quest named by the widget, resolved by the build: canonical name, page slug, wiki title. */
export type RequirementsQuestLink = { name: string; slug: string; wikiTitle?: string }

/**
 * Added by the build after validation (scripts/build/content/quest-widget-data.ts): one link per
 * entry of `quests`, in the same order.
 */
type RequirementsData = { questLinks?: RequirementsQuestLink[] }

export type RequirementsWidgetProps = RequirementsProps & RequirementsData
