import { SKILLS } from '#app/lib/skills.ts'
import type { Snapshot } from '#app/tracker/api-types.ts'

/**
 * The periods records and top-gainers boards count XP in, all in UTC: a day, an ISO week (Monday
 * to Sunday) and a calendar month. Calendar periods rather than rolling ones, so a week's total
 * is one number that only grows, kept as gains arrive, and a month lines up with RuneMetrics'
 * monthly XP. Days are 'YYYY-MM-DD'.
 */
export type GainPeriod = 'day' | 'week' | 'month'

const DAY_MS = 86_400_000

/** The UTC day of a time: `2026-11-26T23:59Z` → '2026-11-26'. */
export function utcDay(time: Date | number | string): string {
	return new Date(time).toISOString().slice(0, 10)
}

function dayTime(day: string): number {
	return Date.parse(`${day}T00:00:00.000Z`)
}

/** The first day of the day's week (its Monday) or month; a day is its own start. */
export function periodStart(period: GainPeriod, day: string): string {
	if (period === 'day') return day
	if (period === 'month') return `${day.slice(0, 7)}-01`
	const time = dayTime(day)
	const sinceMonday = (new Date(time).getUTCDay() + 6) % 7
	return utcDay(time - sinceMonday * DAY_MS)
}

/** The last day of the period that starts on `start`. */
export function periodEnd(period: GainPeriod, start: string): string {
	if (period === 'day') return start
	if (period === 'week') return utcDay(dayTime(start) + 6 * DAY_MS)
	const date = new Date(dayTime(start))
	return utcDay(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0))
}

/** The start of the period before the one that starts on `start`. */
export function previousPeriodStart(period: Exclude<GainPeriod, 'day'>, start: string): string {
	return periodStart(period, utcDay(dayTime(start) - DAY_MS))
}

/**
 * XP gained per skill (id order) from `before` to `after`. XP never goes down in the game; a drop
 * is a hiscores snapshot listing an unranked skill as 0 XP, so it counts as no gain. For the same
 * reason a skill at 0 XP in a hiscores `before` is unknown rather than zero: its XP coming back
 * in the next RuneMetrics snapshot is not a gain either.
 */
export function xpGainedBetween(before: Snapshot, after: Snapshot): number[] {
	return SKILLS.map((_, id) => {
		const from = before.skills[id]?.xp ?? 0
		if (from === 0 && before.source === 'hiscores') return 0
		return Math.max(0, (after.skills[id]?.xp ?? 0) - from)
	})
}
