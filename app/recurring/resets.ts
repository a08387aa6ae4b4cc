/**
 * RS3's reset moments, all in UTC: daily at 00:00, weekly at 00:00 on Wednesday, monthly at 00:00
 * on the 1st. Times are milliseconds since the epoch.
 */
export const FREQUENCIES = ['daily', 'weekly', 'monthly'] as const
export type Frequency = (typeof FREQUENCIES)[number]

const DAY = 86_400_000
const WEDNESDAY = 3

/** The first reset strictly after `time`: a moment exactly on a reset belongs to the new period. */
export function nextReset(frequency: Frequency, time: number): number {
	const date = new Date(time)
	const midnight = Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate())
	if (frequency === 'daily') return midnight + DAY
	if (frequency === 'weekly') {
		const daysToGo = (WEDNESDAY - date.getUTCDay() + 7) % 7 || 7
		return midnight + daysToGo * DAY
	}
	return Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1)
}

/** Whether a tick made at `tickedAt` still counts at `now`: it clears at the next reset after it. */
export function tickStillCounts(frequency: Frequency, tickedAt: number, now: number): boolean {
	return tickedAt <= now && now < nextReset(frequency, tickedAt)
}
