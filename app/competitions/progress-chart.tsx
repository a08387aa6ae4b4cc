import { useEffect, useRef } from 'react'
import uPlot from 'uplot'
import 'uplot/dist/uPlot.min.css'
import { formatDateTime } from '#app/lib/format-date.ts'
import { formatNumber } from '#app/lib/format-number.ts'
import { timeTickLabels } from '#app/tracker/chart-axis.ts'
import { progressColumns, SERIES_COLOURS, type ProgressSeries } from './progress-columns.ts'

const CHART_HEIGHT = 256

/**
 * The top 5's scores over time (browser only, its own lazy chunk with uPlot), as steps: a score
 * holds until the next contribution. Hidden from screen readers: the table beside it has the
 * same numbers.
 */
export default function ProgressChart({ series, until }: { series: readonly ProgressSeries[]; until: number }) {
	const container = useRef<HTMLDivElement>(null)

	useEffect(() => {
		const element = container.current
		if (!element) return
		const style = getComputedStyle(document.documentElement)
		const muted = style.getPropertyValue('--fg-muted').trim() || '#6b7280'
		const grid = style.getPropertyValue('--border').trim() || '#e5e7eb'
		const axis = { stroke: muted, grid: { stroke: grid, width: 1 }, ticks: { stroke: grid, width: 1 } }
		const chart = new uPlot(
			{
				width: element.clientWidth,
				height: CHART_HEIGHT,
				legend: { show: false },
				cursor: { drag: { x: false, y: false } },
				tzDate: (seconds) => uPlot.tzDate(new Date(seconds * 1000), 'Etc/UTC'),
				scales: { x: { time: true } },
				series: [
					{ value: (_, value) => (value == null ? '' : formatDateTime(new Date(value * 1000).toISOString())) },
					...series.map((one, index) => ({
						label: one.name,
						stroke: SERIES_COLOURS[index % SERIES_COLOURS.length],
						width: 2,
						paths: uPlot.paths.stepped!({ align: 1 }),
					})),
				],
				axes: [
					{ ...axis, values: (_, ticks, _axis, _space, increment) => timeTickLabels(ticks, increment) },
					{ ...axis, size: 64, values: (_, ticks) => ticks.map((tick) => formatNumber(Math.round(tick))) },
				],
			},
			progressColumns(series, until),
			element,
		)
		const resize = new ResizeObserver(() => chart.setSize({ width: element.clientWidth, height: CHART_HEIGHT }))
		resize.observe(element)
		element.dataset.drawn = 'true'
		return () => {
			resize.disconnect()
			chart.destroy()
		}
	}, [series, until])

	return <div ref={container} aria-hidden="true" className="h-full w-full" data-progress-chart="" />
}
