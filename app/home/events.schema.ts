import { z } from 'zod'

/**
 * data/events.json: the game events the home page counts down to. Validated at build time
 * (scripts/build/events.ts); the browser only reads the checked copy.
 *
 * `start` and `end` are ISO date-times with a zone (`2026-08-10T12:00:00Z`), or plain dates
 * (`2025-09-15`) when only the day was announced: a plain start means 00:00 UTC that day and a
 * plain end means the whole day is included (it ends at 00:00 UTC the next day). An event without
 * an `end` is a moment (a launch): once it has started the home page moves on.
 */
const text = z.string().trim().min(1, 'must not be empty')

const moment = z.union([z.iso.date(), z.iso.datetime({ offset: true })], {
	error: 'must be a date (2025-09-15) or a date-time with a zone (2025-09-15T11:00:00Z)',
})

const pathOrUrl = z.string().regex(/^(\/\S*|https:\/\/\S+)$/, 'must be a site path (/leagues) or an https:// address')

const EVENT_KINDS = ['league', 'double-xp', 'seasonal', 'update'] as const

export const gameEventSchema = z.strictObject({
	name: text,
	kind: z.enum(EVENT_KINDS),
	start: moment,
	end: moment.optional(),
	/** Where to read more: a page of ours (`/leagues`) or an https address. */
	link: pathOrUrl,
	/** One short sentence in our own words. */
	description: text.max(160, 'keep the description under 160 characters'),
	/** Where the dates come from: https addresses, or a page of ours that states (and sources) them. */
	sources: z.array(pathOrUrl).min(1, 'name at least one source'),
})
export type GameEvent = z.infer<typeof gameEventSchema>

export const gameEventsSchema = z.array(gameEventSchema)
