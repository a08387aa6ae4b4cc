/** One participant's score over time (`scoreProgress`), as the standings give it for the top 5. */
export type ProgressSeries = { key: string; name: string; progress: readonly { at: string; score: number }[] }

/** One colour a series, in rank order; legible on the light and the dark theme. */
export const SERIES_COLOURS = ['#d97706', '#2563eb', '#16a34a', '#db2777', '#7c3aed'] as const

/**
 * uPlot's columns: every time any series changed (seconds), then each series' score at those
 * times (its last score so far; null before its first point), each held until `until` (now, or
 * the end).
 */
export function progressColumns(series: readonly ProgressSeries[], until: number): [number[], ...(number | null)[][]] {
	const times = [...new Set([...series.flatMap((one) => one.progress.map((point) => Date.parse(point.at))), until])]
		.filter((time) => time <= until)
		.toSorted((a, b) => a - b)
	const columns = series.map((one) => {
		let index = -1
		return times.map((time) => {
			while (index + 1 < one.progress.length && Date.parse(one.progress[index + 1]!.at) <= time) index++
			return index < 0 ? null : one.progress[index]!.score
		})
	})
	return [times.map((time) => time / 1000), ...columns]
}
