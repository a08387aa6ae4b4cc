/**
 * Citadel caps. Each clan's citadel resets weekly at a time it chooses (its build tick), stored
 * as a weekday and a UTC time; a cap counts for the week between two resets. Whether a member
 * capped is read from their adventurer's log ("Capped at my Clan Citadel."), which holds only the
 * 20 newest entries: a week with no cap is "not capped" only if the log was seen without a gap
 * over the whole week, otherwise (a private profile, entries pushed out between two fetches, no
 * fetch yet) it is "unknown".
 */
import { z } from 'zod'
import type { LogSpan } from '#app/tracker/log-coverage.ts'

export const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const

/** A clan's weekly reset: a weekday and a UTC time `HH:MM`. */
export const citadelResetSchema = z.object({
	weekday: z.enum(WEEKDAYS),
	time: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'a UTC time as HH:MM, 00:00 to 23:59'),
})
export type CitadelReset = z.infer<typeof citadelResetSchema>

/** The reset at a weekday (0 is Monday, as in `WEEKDAYS`) and a minute of that day, UTC. */
export function citadelResetAt(weekday: number, minuteOfDay: number): CitadelReset {
	const pad = (n: number) => String(n).padStart(2, '0')
	return { weekday: WEEKDAYS[weekday]!, time: `${pad(Math.floor(minuteOfDay / 60))}:${pad(minuteOfDay % 60)}` }
}

/** One cap week: from a reset (inclusive) to the next (exclusive). */
export type CapWeek = { start: Date; end: Date; inProgress: boolean }

const MINUTE = 60_000
const WEEK = 7 * 24 * 60 * MINUTE

/** The last `count` cap weeks up to `now`, oldest first; the newest is the one in progress. */
export function capWeeks(reset: CitadelReset, now: Date, count: number): CapWeek[] {
	const [hours, minutes] = reset.time.split(':').map(Number) as [number, number]
	const isoWeekday = (now.getUTCDay() + 6) % 7 // Monday 0, as in WEEKDAYS
	const daysBack = (isoWeekday - WEEKDAYS.indexOf(reset.weekday) + 7) % 7
	// UTC has no daylight saving: every week is exactly 7 × 24 hours.
	let latest = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - daysBack, hours, minutes)
	if (latest > now.getTime()) latest -= WEEK
	return Array.from({ length: count }, (_, i) => {
		const start = latest - (count - 1 - i) * WEEK
		return { start: new Date(start), end: new Date(start + WEEK), inProgress: i === count - 1 }
	})
}

type CapState = 'capped' | 'not-capped' | 'unknown'

/** A member's citadel-cap entries and their log's coverage (`#app/tracker/log-coverage.ts`; empty when private). */
export type MemberCaps = { key: string; caps: readonly Date[]; coverage: readonly LogSpan[] }

export type CapsRow = {
	key: string
	/** One per week of `weeks`, in the same order. */
	weeks: CapState[]
	/** Capped weeks in a row up to the newest (an in-progress week not capped yet does not end it). */
	currentStreak: number
	longestStreak: number
}

/**
 * The caps grid: members × weeks. Capped when a cap entry falls in the week; not capped when the
 * log was seen without a gap from the reset to the week's end (for the week in progress, to the
 * last fetch); unknown otherwise. Streaks count within the weeks given; unknown ends a streak.
 */
export function capsGrid(members: readonly MemberCaps[], weeks: readonly CapWeek[]): CapsRow[] {
	return members.map((member) => {
		const states = weeks.map((week) => capState(member, week))
		return { key: member.key, weeks: states, ...streaks(states, weeks.at(-1)?.inProgress ?? false) }
	})
}

function capState(member: MemberCaps, week: CapWeek): CapState {
	if (member.caps.some((at) => at >= week.start && at < week.end)) return 'capped'
	const seenUntil = Math.max(0, ...member.coverage.map((span) => span.to.getTime()))
	const needed = week.inProgress ? Math.min(seenUntil, week.end.getTime()) : week.end.getTime()
	if (needed < week.start.getTime()) return 'unknown'
	const covered = member.coverage.some((span) => span.from <= week.start && span.to.getTime() >= needed)
	return covered ? 'not-capped' : 'unknown'
}

function streaks(states: readonly CapState[], lastInProgress: boolean) {
	let longest = 0
	let run = 0
	for (const state of states) {
		run = state === 'capped' ? run + 1 : 0
		longest = Math.max(longest, run)
	}
	const upTo = lastInProgress && states.at(-1) !== 'capped' ? states.length - 1 : states.length
	let current = 0
	while (current < upTo && states[upTo - 1 - current] === 'capped') current++
	return { currentStreak: current, longestStreak: longest }
}
