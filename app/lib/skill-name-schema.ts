import { z } from 'zod'
import { SKILL_NAMES } from './skills.ts'

/** A skill's name in schemas (apart from `skills.ts`, so pages that only list skills load no zod). */
export const skillNameSchema = /* @__PURE__ */ z.enum(SKILL_NAMES, {
	error: (issue) => `"${String(issue.input)}" is not an RS3 skill (expected one of: ${SKILL_NAMES.join(', ')})`,
})
