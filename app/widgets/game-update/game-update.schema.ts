import { z } from 'zod'

/** `YYYY-MM-DD` for a day that exists (`2026-02-30` is refused). */
const updateDateSchema = z
	.string()
	.regex(/^\d{4}-\d{2}-\d{2}$/, 'date must be written YYYY-MM-DD')
	.refine((text) => {
		const date = new Date(`${text}T00:00:00Z`)
		return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text
	}, 'date is not a real day')

/**
 * What an author writes: `:::game-update{date="2026-03-02" sources="https://… https://…"}` around a
 * `###` title and a paragraph or two. `sources` is one or more https links, separated by spaces.
 */
export const gameUpdateSchema = z.strictObject({
	date: updateDateSchema,
	sources: z
		.string({ error: 'sources is required: the pages that date the update' })
		.transform((text) => text.split(/\s+/).filter(Boolean))
		.pipe(z.array(z.url({ protocol: /^https$/, error: 'each source must be an https URL' })).min(1, 'sources is required: the pages that date the update')),
})
export type GameUpdateProps = z.infer<typeof gameUpdateSchema>
