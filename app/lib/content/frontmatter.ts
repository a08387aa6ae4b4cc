import { z } from 'zod'
import { topicSchema } from '#app/lib/game-facts/schema.ts'

const isoDate = z
	.union([z.date(), z.string()])
	.transform((value, ctx) => {
		const text = value instanceof Date ? value.toISOString().slice(0, 10) : value
		if (!/^\d{4}-\d{2}-\d{2}$/.test(text) || Number.isNaN(Date.parse(text))) {
			ctx.addIssue({ code: 'custom', message: 'expected a date written YYYY-MM-DD' })
			return z.NEVER
		}
		return text
	})

export const frontmatterSchema = z.strictObject({
	title: z.string({ error: 'title is required' }).trim().min(1, 'title is required'),
	label: z.string().trim().min(1).optional(),
	order: z.number({ error: 'order is required and must be a number' }).int(),
	description: z
		.string({ error: 'description is required' })
		.trim()
		.min(20, 'description is too short for search engines (20+ characters)')
		.max(200, 'description is longer than 200 characters'),
	visible: z.boolean().default(true),
	status: z.enum(['published', 'under-construction']).default('published'),
	lastVerified: isoDate.optional(),
	/** The pages the facts were checked against, shown under the page as "Sources". */
	sources: z
		.array(z.url({ protocol: /^https$/, error: 'each source must be a web address starting with https://' }))
		.min(1, 'sources needs at least one address (or leave it out)')
		.optional(),
	/**
	 * Other paths readers plausibly type for this page (`game-modes` beside `gamemodes.md`, or a full
	 * `/setup/game-modes`): each answers with a 301 to the page. Checked at build for clashes.
	 */
	aliases: z
		.array(z.string().regex(/^\/?[a-z0-9]+(?:-[a-z0-9]+)*(?:\/[a-z0-9]+(?:-[a-z0-9]+)*)*$/, 'an alias is a lower-case kebab-case slug or /path'))
		.optional(),
	/**
	 * The quests this page is our guide for (names or aliases, checked at build): each quest's page
	 * links here, and this page links to the quest pages.
	 */
	quests: z.array(z.string().trim().min(1)).min(1, 'quests needs at least one quest (or leave it out)').optional(),
	/**
	 * What the page is about beyond the facts it cites (`skill:hunter`, `area:Havenhythe`): a game
	 * update touching one of them after `lastVerified` puts a notice on the page.
	 */
	topics: z.array(topicSchema).min(1, 'topics needs at least one topic (or leave it out)').optional(),
	/** On a section's index.md: send readers to the section's first page instead of showing this one. */
	redirect: z.literal('first-child').optional(),
})

export type Frontmatter = z.infer<typeof frontmatterSchema>
