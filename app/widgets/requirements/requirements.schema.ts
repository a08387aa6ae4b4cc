import { z } from 'zod'
import { skillNameSchema } from '#app/lib/skills.ts'

export const requirementsDataSchema = z.strictObject({
	quests: z.array(z.string().trim().min(1)).default([]),
	skills: z
		.array(z.strictObject({ skill: skillNameSchema, level: z.number().int().min(1).max(150) }))
		.default([]),
	other: z.array(z.string().trim().min(1)).default([]),
})

export const requirementsSchema = requirementsDataSchema.extend({
	title: z.string().trim().min(1).optional(),
})
export type RequirementsProps = z.infer<typeof requirementsSchema>
