import { z } from 'zod'

/**
 * data/planner/presets.yaml: goals the account planner offers besides single quests. Checked at
 * build time only (scripts/build/planner-data.ts), so zod stays out of the browser.
 */
const text = z
	.string()
	.min(1, 'must not be empty')
	.refine((s) => s === s.trim() && !/\s\s/.test(s), { message: 'has stray whitespace' })

const base = {
	slug: z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'must be kebab-case (a-z, 0-9 and dashes)'),
	label: text,
	aliases: z.array(text).optional(),
	description: text,
	sources: z.array(z.url({ protocol: /^https$/, error: 'must be an https address' })).min(1, 'name at least one source'),
}

const presetSchema = z.discriminatedUnion('kind', [
	z.strictObject({ ...base, kind: z.literal('unlock'), quest: text }),
	z.strictObject({ ...base, kind: z.literal('quest-cape') }),
])

export const presetsFileSchema = z.array(presetSchema).min(1, 'list at least one preset')
