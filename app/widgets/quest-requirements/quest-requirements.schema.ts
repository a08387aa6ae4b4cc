import { z } from 'zod'
import type { RequirementSummary } from '#app/quests/requirements.ts'

/** What an author writes: `::quest-requirements{quest="Desert Treasure"}`. */
export const questRequirementsSchema = z.strictObject({
	quest: z.string().trim().min(1, 'name the quest: ::quest-requirements{quest="Desert Treasure"}'),
})
export type QuestRequirementsProps = z.infer<typeof questRequirementsSchema>

/**
 * Added by the build after the attributes are validated (scripts/build/content/quest-widget-data.ts):
 * the quest's precomputed requirements, so a page carries exactly what its panels show.
 */
type QuestRequirementsData = { summary?: RequirementSummary }

export type QuestRequirementsWidgetProps = QuestRequirementsProps & QuestRequirementsData
