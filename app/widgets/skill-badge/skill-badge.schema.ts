import { z } from 'zod'
import { getSkill } from '#app/lib/skills.ts'
import { skillNameSchema } from '#app/lib/skill-name-schema.ts'

export const skillBadgeSchema = z
	.strictObject({
		skill: z.string().toLowerCase().pipe(skillNameSchema),
		level: z.coerce.number().int().min(1),
	})
	.refine((p) => p.level <= (getSkill(p.skill)?.cap ?? 99), {
		message: 'level is above the skill cap',
		path: ['level'],
	})
export type SkillBadgeProps = z.infer<typeof skillBadgeSchema>
