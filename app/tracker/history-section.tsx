import { lazy, Suspense, useEffect, useRef, useState } from 'react'
import { Form } from 'react-router'
import { SKILLS, skillLabel } from '#app/lib/skills.ts'
import { formatNumber } from '#app/lib/format-number.ts'
import type { GainsQuery } from '#app/tracker/api-params.ts'
import type { ChartPoint, ChartSubject } from '#app/tracker/chart-series.ts'
import { formatDateTime, formatDay } from '#app/lib/format-date.ts'
import { playerPath } from '#app/lib/player-paths.ts'

// uPlot (~20 KB) is only fetched on this page, once the chart's box comes near the screen.
const HistoryChart = lazy(() => import('#app/tracker/history-chart.tsx'))

/**
 * True once the element is within a screen's height of the viewport (at once without
 * IntersectionObserver). The chart below the fold then costs a phone nothing while the page loads:
 * loading and drawing it was the longest task after hydration.
 */
function useNearScreen<T extends Element>() {
	const ref = useRef<T>(null)
	const [near, setNear] = useState(false)
	useEffect(() => {
		const element = ref.current
		if (!element || typeof IntersectionObserver === 'undefined') return setNear(true)
		const observer = new IntersectionObserver(
			(entries) => {
				if (entries.some((entry) => entry.isIntersecting)) {
					setNear(true)
					observer.disconnect()
				}
			},
			{ rootMargin: '100% 0px' },
		)
		observer.observe(element)
		return () => observer.disconnect()
	}, [])
	return [ref, near] as const
}

const subjectLabel = (subject: ChartSubject) => (subject === 'total' ? 'Total XP' : `${skillLabel(subject)} XP`)

/**
 * XP over time: the chart (canvas, browser only) in a box of fixed height, so nothing moves when
 * it draws, and the same points in a table, for screen readers and for readers without JavaScript.
 */
export function HistorySection({
	name,
	subject,
	points,
	gainsQuery,
	backfillState,
}: {
	name: string
	subject: ChartSubject
	points: readonly ChartPoint[]
	gainsQuery: GainsQuery
	backfillState: 'pending' | 'done' | 'unavailable'
}) {
	const [chartBox, near] = useNearScreen<HTMLDivElement>()
	const label = subjectLabel(subject)
	const hasMonthly = points.some((point) => point.kind === 'monthly')

	return (
		<section aria-labelledby="history" className="mt-10 render-when-near">
			<h2 id="history" className="border-b border-line pb-1 text-2xl font-bold">
				History
			</h2>
			<Form method="get" action={playerPath(name)} preventScrollReset className="mt-4 flex flex-wrap items-end gap-2">
				{'period' in gainsQuery ? (
					<input type="hidden" name="period" value={gainsQuery.period} />
				) : (
					<>
						<input type="hidden" name="from" value={gainsQuery.from} />
						<input type="hidden" name="to" value={gainsQuery.to} />
					</>
				)}
				<label className="flex flex-col text-xs font-semibold text-muted">
					Chart of
					<select
						name="chart"
						aria-label="Chart of"
						defaultValue={subject}
						className="rounded-md border border-line bg-bg px-2 py-1 text-sm text-fg"
					>
						<option value="total">Total XP</option>
						{SKILLS.map((skill) => (
							<option key={skill.name} value={skill.name}>
								{skill.label}
							</option>
						))}
					</select>
				</label>
				<button type="submit" className="rounded-md border border-line px-3 py-1.5 text-sm font-semibold hover:bg-raised">
					Show chart
				</button>
			</Form>

			<figure className="mt-4">
				<div ref={chartBox} className="relative h-64 w-full rounded-lg border border-line bg-raised/40 p-1" data-chart-box="">
					{near && points.length > 0 ? (
						<Suspense fallback={null}>
							<HistoryChart points={points} label={label} />
						</Suspense>
					) : null}
					{points.length === 0 ? (
						<p className="absolute inset-0 flex items-center justify-center text-sm text-muted">No history yet.</p>
					) : null}
				</div>
				<figcaption className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted">
					<span>
						<span aria-hidden="true" className="mr-1 inline-block h-0.5 w-5 bg-accent align-middle" />
						{label}, recorded
					</span>
					{hasMonthly ? (
						<span>
							<span aria-hidden="true" className="mr-1 inline-block w-5 border-t-2 border-dashed border-muted align-middle" />
							Estimated from RuneMetrics’ monthly gains
						</span>
					) : null}
					{backfillState === 'unavailable' ? <span>RuneMetrics gave no monthly history for this player.</span> : null}
				</figcaption>
			</figure>

			{points.length > 0 ? (
				<div
					className="mt-3 max-h-72 overflow-y-auto rounded-lg border border-line"
					tabIndex={0}
					role="region"
					aria-label={`${label} over time, as a table`}
				>
					<table className="w-full text-sm" data-history-table="">
						<caption className="sr-only">{label} over time</caption>
						<thead className="sticky top-0 bg-raised">
							<tr>
								<th scope="col" className="px-3 py-2 text-left text-xs font-semibold tracking-wide text-muted uppercase">
									Date
								</th>
								<th scope="col" className="px-3 py-2 text-right text-xs font-semibold tracking-wide text-muted uppercase">
									XP
								</th>
								<th scope="col" className="px-3 py-2 text-left text-xs font-semibold tracking-wide text-muted uppercase">
									Source
								</th>
							</tr>
						</thead>
						<tbody className="divide-y divide-line">
							{points.toReversed().map((point) => (
								<tr key={`${point.kind}-${point.time}`} data-point={point.kind}>
									<td className="px-3 py-1.5">
										{point.kind === 'monthly' ? formatDay(point.time) : formatDateTime(new Date(point.time).toISOString())}
									</td>
									<td className="px-3 py-1.5 text-right tabular-nums">{formatNumber(point.xp)}</td>
									<td className="px-3 py-1.5 text-muted">{point.kind === 'monthly' ? 'monthly estimate' : 'recorded'}</td>
								</tr>
							))}
						</tbody>
					</table>
				</div>
			) : null}
		</section>
	)
}
