import { z } from 'zod'

/** data/league.json: the league the home page counts down to. Validated at build time only. */
export const leagueSchema = z.strictObject({
	name: z.string().trim().min(1),
	/** ISO 8601 with a time zone, e.g. 2025-09-15T11:15:00Z. */
	startsAt: z.iso.datetime({ offset: true, error: 'startsAt must be an ISO date-time with a zone, e.g. 2025-09-15T11:15:00Z' }),
})
export type League = z.infer<typeof leagueSchema>
