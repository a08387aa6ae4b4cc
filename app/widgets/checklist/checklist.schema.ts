import { z } from 'zod'

const kebab = /^[a-z0-9]+(?:-[a-z0-9]+)*$/

export const checklistSchema = z.strictObject({
	id: z.string().regex(kebab, 'id must be kebab-case, e.g. "interface-1080p"'),
	/** Names the checklist for screen readers; by default the build takes the heading above it. */
	title: z.string().trim().min(1).max(80).optional(),
	/** Filled in by the build from the list items; authors don't write it. */
	itemIds: z.array(z.string().regex(kebab)).min(1, 'a checklist needs a list with at least one item'),
	/** Filled in by the build: the quest (canonical name) each quest item stands for, by item id. */
	itemQuests: z.record(z.string().regex(kebab), z.string().min(1)).optional(),
})
export type ChecklistProps = z.infer<typeof checklistSchema>
