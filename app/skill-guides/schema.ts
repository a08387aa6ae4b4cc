import { z } from 'zod'
import { SKILL_NAMES, type SkillName } from '#app/lib/skills.ts'

export const OVERALL = 'overall'

export type GuideSkill = SkillName | typeof OVERALL

export const GUIDE_SKILLS = [...SKILL_NAMES, OVERALL] as const satisfies readonly GuideSkill[]

const guideSkillSchema = z.enum(GUIDE_SKILLS, {
	error: (issue) => `"${String(issue.input)}" is not a skill guide name (expected one of: ${GUIDE_SKILLS.join(', ')})`,
})

const text = (max: number) => z.string().min(1, 'must not be empty').max(max, `must be at most ${max} characters`)

const level = z.int('must be a whole number').min(1, 'must be at least 1').max(150, 'must be at most 150')

const skillGuideRangeSchema = z.strictObject({
	from: level,
	to: level,
	method: text(80),
	tip: text(600),
	link: z.url({
		protocol: /^https$/,
		hostname: /^[a-z0-9-]+(\.[a-z0-9-]+)+$/,
		error: 'must be an https URL',
	}),
})

export const skillGuideSchema = z.strictObject({
	skill: guideSkillSchema,
	summary: text(240),
	ranges: z.array(skillGuideRangeSchema).min(1, 'must list at least one level range'),
})

export type SkillGuideRange = z.infer<typeof skillGuideRangeSchema>
export type SkillGuide = z.infer<typeof skillGuideSchema>

/** Turns zod issues into one line each, naming the file and the field, e.g. `ranges[2].link`. */
export function formatGuideIssues(file: string, error: z.ZodError): string[] {
	return error.issues.map((issue) => {
		const field = formatPath(issue.path)
		return field ? `${file}: ${field}: ${issue.message}` : `${file}: ${issue.message}`
	})
}

export function formatPath(path: readonly PropertyKey[]): string {
	return path.map((part, i) => (typeof part === 'number' ? `[${part}]` : `${i === 0 ? '' : '.'}${String(part)}`)).join('')
}
