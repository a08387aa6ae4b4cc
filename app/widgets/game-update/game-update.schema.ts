import { z } from 'zod'

/**
 * `YYYY-MM-DD` for a day that exists (`2026-02-30` is refused), or `YYYY-MM` when the sources
 * give only the month: a month is better than a guessed day.
 */
const updateDateSchema = z
	.string()
	.regex(/^\d{4}-\d{2}(-\d{2})?$/, 'date must be written YYYY-MM-DD (or YYYY-MM when only the month is known)')
	.refine((text) => {
		const day = text.length === 7 ? `${text}-01` : text
		const date = new Date(`${day}T00:00:00Z`)
		return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === day
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
