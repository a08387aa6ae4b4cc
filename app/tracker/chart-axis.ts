// The history chart's time axis: its range and its tick labels, in UTC and in the site's British
// style (`20 Nov`, `Sept 2026`), as the table beside the chart and every other date on the site.
// Times are uPlot's: seconds since 1970.

import { dayAndMonth, hourAndMinute, shortMonth } from '#app/lib/format-date.ts'

const HOUR = 3600
const DAY = 24 * HOUR

/** The narrowest span the axis shows: one update (or a few on one day) sits in two days' time. */
export const MIN_SPAN = 2 * DAY

/** The x range: the points' own span, widened about its middle to MIN_SPAN when it is shorter. */
export function timeRange(min: number, max: number): [number, number] {
	if (max - min >= MIN_SPAN) return [min, max]
	const middle = (min + max) / 2
	return [middle - MIN_SPAN / 2, middle + MIN_SPAN / 2]
}

/**
 * One label per tick. `increment` (seconds) is the spacing uPlot chose: years show the year,
 * months the month, days the day and month, shorter spacings the time. The first tick, and the
 * first of each larger unit, carry that unit on a second line (`Jan` / `2027`), so the reader
 * always knows where they are.
 */
export function timeTickLabels(ticks: readonly number[], increment: number): string[] {
	return ticks.map((tick, index) => {
		const date = new Date(tick * 1000)
		const year = date.getUTCFullYear()
		const first = index === 0
		if (increment >= 365 * DAY) return String(year)
		if (increment >= 28 * DAY) {
			return first || date.getUTCMonth() === 0 ? `${shortMonth(date)}\n${year}` : shortMonth(date)
		}
		const newYear = date.getUTCMonth() === 0 && date.getUTCDate() === 1
		if (increment >= DAY) return first || newYear ? `${dayAndMonth(date)}\n${year}` : dayAndMonth(date)
		const midnight = date.getUTCHours() === 0 && date.getUTCMinutes() === 0
		return first || midnight ? `${hourAndMinute(date)}\n${dayAndMonth(date)}` : hourAndMinute(date)
	})
}
