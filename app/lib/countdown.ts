import { z } from 'zod'

export const leagueSchema = z.strictObject({
	name: z.string().trim().min(1),
	/** ISO 8601 with a time zone, e.g. 2025-09-15T11:15:00Z. */
	startsAt: z.iso.datetime({ offset: true, error: 'startsAt must be an ISO date-time with a zone, e.g. 2025-09-15T11:15:00Z' }),
})
export type League = z.infer<typeof leagueSchema>

export type Remaining = { days: number; hours: number; minutes: number; seconds: number; done: boolean }

/** Whole units left until `target`; all zero (and done) once it has passed. */
export function remaining(target: number, now: number): Remaining {
	const total = Math.max(0, Math.floor((target - now) / 1000))
	return {
		days: Math.floor(total / 86_400),
		hours: Math.floor((total % 86_400) / 3600),
		minutes: Math.floor((total % 3600) / 60),
		seconds: total % 60,
		done: total === 0,
	}
}

export const pad = (value: number) => String(value).padStart(2, '0')
