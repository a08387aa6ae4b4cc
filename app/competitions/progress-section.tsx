import { lazy, Suspense } from 'react'
import { formatDateTime } from '#app/lib/format-date.ts'
import { formatNumber } from '#app/lib/format-number.ts'
import { useHydrated } from '#app/lib/use-hydrated.ts'
import { SERIES_COLOURS, type ProgressSeries } from './progress-columns.ts'

// uPlot is fetched on the competition page only, once it runs in the browser.
const ProgressChart = lazy(() => import('./progress-chart.tsx'))

/**
 * The top 5 over time: the chart (canvas, once the page runs in a browser) in a box of fixed
 * height, and every change of score in a table, for screen readers and readers without JavaScript.
 */
export function ProgressSection({ series, until }: { series: readonly ProgressSeries[]; until: number }) {
	const hydrated = useHydrated()
	const changes = series
		.flatMap((one) => one.progress.slice(1).map((point) => ({ ...point, name: one.name, key: one.key })))
		.toSorted((a, b) => Date.parse(b.at) - Date.parse(a.at))
	return (
		<section aria-labelledby="progress" className="mt-10">
			<h2 id="progress" className="text-xl font-bold">
				Top {series.length || 5} over time
			</h2>
			{series.length === 0 ? (
				<p className="mt-2 text-muted">No participant has data yet.</p>
			) : (
				<>
					<figure className="mt-3">
						<div className="relative h-64 w-full rounded-lg border border-line bg-raised/40 p-1">
							{hydrated ? (
								<Suspense fallback={null}>
									<ProgressChart series={series} until={until} />
								</Suspense>
							) : null}
						</div>
						<figcaption className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted">
							{series.map((one, index) => (
								<span key={one.key}>
									<span
										aria-hidden="true"
										className="mr-1 inline-block h-0.5 w-5 align-middle"
										style={{ backgroundColor: SERIES_COLOURS[index % SERIES_COLOURS.length] }}
									/>
									{one.name}
								</span>
							))}
						</figcaption>
					</figure>
					{changes.length > 0 ? (
						<div
							className="mt-3 max-h-72 overflow-y-auto rounded-lg border border-line"
							tabIndex={0}
							role="region"
							aria-label="The top 5’s scores over time, as a table"
						>
							<table className="w-full text-sm" data-progress-table="">
								<caption className="sr-only">Each change of the top 5’s scores, latest first</caption>
								<thead className="sticky top-0 bg-raised">
									<tr>
										<th scope="col" className="px-3 py-2 text-left text-xs font-semibold tracking-wide text-muted uppercase">
											Time
										</th>
										<th scope="col" className="px-3 py-2 text-left text-xs font-semibold tracking-wide text-muted uppercase">
											Player
										</th>
										<th scope="col" className="px-3 py-2 text-right text-xs font-semibold tracking-wide text-muted uppercase">
											Score
										</th>
									</tr>
								</thead>
								<tbody className="divide-y divide-line">
									{changes.map((change) => (
										<tr key={`${change.key}-${change.at}`}>
											<td className="px-3 py-1.5">{formatDateTime(change.at)}</td>
											<td className="px-3 py-1.5">{change.name}</td>
											<td className="px-3 py-1.5 text-right tabular-nums">{formatNumber(Math.round(change.score))}</td>
										</tr>
									))}
								</tbody>
							</table>
						</div>
					) : (
						<p className="mt-2 text-muted">No score has changed yet.</p>
					)}
				</>
			)}
		</section>
	)
}
