import { SKILLS } from '#app/lib/skills.ts'
import type { Gains, GainsPeriod, Snapshot } from '#app/tracker/api-types.ts'

const DAY_MS = 86_400_000

export type TimeRange = { from: Date; to: Date }

function startOfUtcDay(time: Date): Date {
	return new Date(Date.UTC(time.getUTCFullYear(), time.getUTCMonth(), time.getUTCDate()))
}

/** `months` calendar months before `day`, the day of the month clamped (31 Mar − 1 month = 28/29 Feb). */
function monthsBefore(day: Date, months: number): Date {
	const year = day.getUTCFullYear()
	const month = day.getUTCMonth() - months
	const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate()
	return new Date(Date.UTC(year, month, Math.min(day.getUTCDate(), lastDay)))
}

/**
 * A period as whole UTC days up to now: it starts at midnight UTC one day, one week, one calendar
 * month or one calendar year before today's, and ends now. So "day" is yesterday and today so
 * far: a player refreshed once a day always has yesterday's snapshot in it.
 */
export function periodRange(period: GainsPeriod, now: Date): TimeRange {
	const today = startOfUtcDay(now)
	const from = {
		day: () => new Date(today.getTime() - DAY_MS),
		week: () => new Date(today.getTime() - 7 * DAY_MS),
		month: () => monthsBefore(today, 1),
		year: () => monthsBefore(today, 12),
	}[period]()
	return { from, to: now }
}

/** A chosen range of UTC days ('YYYY-MM-DD', both included): from its first to its last millisecond. */
export function dayRange(fromDay: string, toDay: string): TimeRange {
	const from = new Date(`${fromDay}T00:00:00.000Z`)
	const to = new Date(new Date(`${toDay}T00:00:00.000Z`).getTime() + DAY_MS - 1)
	return { from, to }
}

/**
 * The two snapshots to compare for a range, from a player's snapshots (any order). Rows are only
 * written when something changed, so the player's state when the range starts is the last
 * snapshot at or before `from`; only when there is none (tracking began inside the range) is it
 * the first snapshot in the range. The end is the last snapshot at or before `to`. Null when no
 * snapshot is that old.
 */
export function gainsEndpoints(snapshots: readonly Snapshot[], range: TimeRange): { start: Snapshot | null; end: Snapshot | null } {
	const sorted = snapshots.toSorted((a, b) => a.takenAt.localeCompare(b.takenAt))
	const from = range.from.getTime()
	const to = range.to.getTime()
	const time = (snapshot: Snapshot) => Date.parse(snapshot.takenAt)
	const upToTo = sorted.filter((snapshot) => time(snapshot) <= to)
	const end = upToTo.at(-1) ?? null
	const start = upToTo.findLast((snapshot) => time(snapshot) <= from) ?? upToTo.find((snapshot) => time(snapshot) >= from) ?? null
	return { start, end }
}

/**
 * Gains from `start` to `end`: per skill (sorted by XP gained, most first, then in skill order)
 * and in total. Levels gained are real levels, as the total level counts them. A missing
 * snapshot gives zero gains. XP never goes down in the game, but a hiscores snapshot lists an
 * unranked skill as 0 XP: such a drop is shown as no gain, never as a negative one.
 */
export function computeGains(name: string, period: Gains['period'], range: TimeRange, start: Snapshot | null, end: Snapshot | null): Gains {
	const first = start ?? end
	const last = end ?? start
	const skills = SKILLS.map(({ name: skill }, id) => {
		const before = first?.skills[id]
		const after = last?.skills[id]
		const startXp = before?.xp ?? 0
		const endXp = after?.xp ?? 0
		return {
			skill,
			xpGained: Math.max(0, endXp - startXp),
			levelsGained: Math.max(0, (after?.level ?? 1) - (before?.level ?? 1)),
			startXp,
			endXp,
		}
	})
	// `toSorted` is stable: equal gains keep the skills' id order.
	const sorted = skills.toSorted((a, b) => b.xpGained - a.xpGained)
	return {
		name,
		period,
		from: range.from.toISOString(),
		to: range.to.toISOString(),
		start: start?.takenAt ?? end?.takenAt ?? null,
		end: end?.takenAt ?? null,
		total: {
			xpGained: skills.reduce((sum, skill) => sum + skill.xpGained, 0),
			levelsGained: Math.max(0, (last?.totalLevel ?? 0) - (first?.totalLevel ?? 0)),
		},
		skills: sorted,
	}
}
