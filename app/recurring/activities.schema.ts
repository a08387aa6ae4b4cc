import { z } from 'zod'
import { questRequirementsSchema, skillRequirementSchema } from '#app/quests/schema.ts'
import { FREQUENCIES } from './resets.ts'
import { isoDay } from '#app/lib/game-facts/schema.ts'

/**
 * data/recurring-activities.json: the dailies, weeklies and monthlies of /tools/recurring.
 * Requirements are written exactly like a quest's (canonical quest names, skill levels, quest
 * points), so the player check is the quests' own code. Validated at build time.
 */
const text = z.string().trim().min(1, 'must not be empty')
const httpsUrl = z.url({ protocol: /^https$/, error: 'must be an https:// address' })

export const activitySchema = z.strictObject({
	/** Stable key for the reader's ticks in localStorage: never rename one. */
	id: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'id must be kebab-case (letters, digits, dashes)'),
	name: text,
	frequency: z.enum(FREQUENCIES),
	/**
	 * How the new period arrives: `hard` the moment the reset passes, `soft` only after logging out
	 * and back in. Left out when the sources do not say.
	 */
	reset: z.enum(['hard', 'soft']).optional(),
	/** 1 is the most worth doing; the list is sorted by it within each frequency. */
	priority: z.int().min(1).max(3),
	/** Members only; left out when the sources do not say. */
	members: z.boolean().optional(),
	requirements: questRequirementsSchema.prefault({}),
	/** Past this level it is no longer worth the time (the page dims it for such a player). */
	worthItUntil: skillRequirementSchema.optional(),
	/** What it gives, in our own words. */
	reward: text.max(200, 'keep the reward under 200 characters'),
	/** Why the "worth it until" level, or anything else a reader should know. */
	note: text.max(200).optional(),
	wiki: httpsUrl,
	sources: z.array(httpsUrl).min(1, 'name at least one source'),
	/** The day a person last checked it against its sources: a game update touching it later flags it. */
	verified: isoDay,
})

export type Activity = z.output<typeof activitySchema>

export const activitiesSchema = z.array(activitySchema)
