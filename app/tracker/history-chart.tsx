import { useEffect, useRef } from 'react'
import uPlot from 'uplot'
import 'uplot/dist/uPlot.min.css'
import { formatNumber } from '#app/lib/format-number.ts'
import type { ChartPoint } from '#app/tracker/chart-series.ts'
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
export default function HistoryChart({
	points,
	label,
}: {
	points: readonly ChartPoint[]
	label: string
}) {
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
		const chart = new uPlot(
			{
				width: element.clientWidth,
				height: CHART_HEIGHT,
				legend: { show: false },
				cursor: { drag: { x: false, y: false } },
				scales: { x: { time: true } },
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
				axes: [
					axis,
					{ ...axis, size: 64, values: (_, ticks) => ticks.map((tick) => shortXp(tick)) },
				],
			},
			columns(points),
			element,
		)
		const resize = new ResizeObserver(() =>
			chart.setSize({ width: element.clientWidth, height: CHART_HEIGHT }),
		)
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
