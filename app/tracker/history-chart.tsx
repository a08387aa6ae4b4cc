import { useEffect, useRef } from 'react'
import uPlot from 'uplot'
import 'uplot/dist/uPlot.min.css'
import { formatNumber } from '#app/lib/format-number.ts'
import type { ChartPoint } from '#app/tracker/chart-series.ts'
import { timeRange, timeTickLabels } from '#app/tracker/chart-axis.ts'
import { formatDay } from '#app/lib/format-date.ts'

const CHART_HEIGHT = 256

/** uPlot's columns: shared x (seconds), then the monthly estimate and the recorded snapshots. */
function columns(points: readonly ChartPoint[]): uPlot.AlignedData {
	const xs: number[] = []
	const monthly: Array<number | null> = []
	const recorded: Array<number | null> = []
	const firstRecorded = points.findIndex((point) => point.kind === 'recorded')
	points.forEach((point, index) => {
		xs.push(point.time / 1000)
		// The estimate line runs into the first snapshot, so the two read as one history.
		monthly.push(point.kind === 'monthly' || index === firstRecorded ? point.xp : null)
		recorded.push(point.kind === 'recorded' ? point.xp : null)
	})
	return [xs, monthly, recorded]
}

function cssColour(name: string, fallback: string): string {
	return getComputedStyle(document.documentElement).getPropertyValue(name).trim() || fallback
}

/**
 * The canvas chart (browser only, its own lazy chunk with uPlot). Hidden from screen readers:
 * the table next to it carries the same numbers.
 */
export default function HistoryChart({ points, label }: { points: readonly ChartPoint[]; label: string }) {
	const container = useRef<HTMLDivElement>(null)

	useEffect(() => {
		const element = container.current
		if (!element) return
		const accent = cssColour('--accent', '#b45309')
		const muted = cssColour('--fg-muted', '#6b7280')
		const grid = cssColour('--border', '#e5e7eb')
		const axis = {
			stroke: muted,
			grid: { stroke: grid, width: 1 },
			ticks: { stroke: grid, width: 1 },
		}
		const data = columns(points)
		const chart = new uPlot(
			{
				width: element.clientWidth,
				height: CHART_HEIGHT,
				legend: { show: false },
				cursor: { drag: { x: false, y: false } },
				// Ticks on UTC days and months, as the table and every date on the site.
				tzDate: (seconds) => uPlot.tzDate(new Date(seconds * 1000), 'Etc/UTC'),
				// From the points, not uPlot's own min and max: for a single point uPlot makes those
				// a 1,000-day span (86400 / ms with seconds), so a player tracked today got 2027–2029.
				scales: { x: { time: true, range: () => timeRange(data[0][0] ?? 0, data[0].at(-1) ?? 0) } },
				series: [
					{ value: (_, value) => (value == null ? '' : formatDay(value * 1000)) },
					{
						label: 'Monthly estimate',
						stroke: muted,
						width: 2,
						dash: [6, 4],
						spanGaps: true,
						points: { show: true, size: 5 },
					},
					{ label, stroke: accent, width: 2, spanGaps: true, points: { show: true, size: 6 } },
				],
				hooks: {
					// The drawn time range, for the browser test (a canvas has no text to read).
					setScale: [
						(chart, key) => {
							const { min, max } = chart.scales[key]!
							if (key === 'x' && min != null && max != null) {
								element.dataset.xRange = `${formatDay(min * 1000)} – ${formatDay(max * 1000)}`
							}
						},
					],
				},
				axes: [
					{
						...axis,
						values: (_, ticks, _axis, _space, increment) => timeTickLabels(ticks, increment),
					},
					{ ...axis, size: 64, values: (_, ticks) => ticks.map((tick) => shortXp(tick)) },
				],
			},
			data,
			element,
		)
		const resize = new ResizeObserver(() => chart.setSize({ width: element.clientWidth, height: CHART_HEIGHT }))
		resize.observe(element)
		return () => {
			resize.disconnect()
			chart.destroy()
		}
	}, [points, label])

	return <div ref={container} aria-hidden="true" className="h-full w-full" data-history-chart="" />
}

/** Axis labels: 12.5M, 340K, 900. */
function shortXp(value: number): string {
	if (value >= 1e6) return `${formatNumber(Math.round(value / 1e5) / 10)}M`
	if (value >= 1e3) return `${formatNumber(Math.round(value / 100) / 10)}K`
	return formatNumber(value)
}
