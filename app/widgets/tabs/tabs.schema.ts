import { z } from 'zod'

export const tabsSchema = z.strictObject({
	default: z.string().trim().min(1).optional(),
	/** Filled in by the build from the tab children. */
	labels: z.array(z.string().trim().min(1)).min(1, 'tabs need at least one ::::tab child'),
})
export type TabsProps = z.infer<typeof tabsSchema>

export const tabSchema = z.strictObject({
	label: z.string().trim().min(1, 'a tab needs a label'),
})
