import { z } from 'zod'

export const questRequirementsSchema = z.strictObject({
	quest: z.string().trim().min(1, 'name the quest: ::quest-requirements{quest="Desert Treasure"}'),
})
export type QuestRequirementsProps = z.infer<typeof questRequirementsSchema>
