import { Link } from 'react-router'
import { formatDateTime } from '#app/lib/format-date.ts'
import { formatNumber } from '#app/lib/format-number.ts'
import { playerPath } from '#app/lib/player-paths.ts'
import type { Standing } from './scoring.ts'

type Metric = { metric: string; weight: number }

const NO_DATA = 'no data'

/** Scores may be fractions (weights like 0.5): whole numbers grouped, fractions to one decimal. */
const points = (value: number) => formatNumber(Number.isInteger(value) ? value : Math.round(value * 10) / 10)

/** A flagged step, in words: what was left out and when. */
function flagText(flag: Standing['flagged'][number]): string {
	const when = `${formatDateTime(flag.from)} – ${formatDateTime(flag.to)}`
	return flag.reason === 'xp-drop' ? `XP went down (${flag.detail}), ${when}` : `too fast (${flag.detail}), ${when}`
}

/**
 * Standings as a table: rank, player (with any gains left out as implausible, marked), score,
 * each metric's value (and points when weighted), and when the player was last updated. "No data"
 * (a private profile, a player never tracked) is said, never shown as 0.
 */
export function StandingsTable({
	standings,
	metrics,
	lastCheckedAt,
	caption,
}: {
	standings: readonly Standing[]
	metrics: readonly Metric[]
	lastCheckedAt: Record<string, string | null>
	caption: string
}) {
	const th = 'px-2 py-1.5 text-xs font-semibold tracking-wide text-muted uppercase'
	return (
		<div className="mt-3 overflow-x-auto rounded-lg border border-line" role="region" aria-label={caption} tabIndex={0}>
			<table className="w-full text-sm" data-standings="">
				<caption className="sr-only">{caption}</caption>
				<thead className="bg-raised">
					<tr>
						<th scope="col" className={`${th} text-right`}>
							Rank
						</th>
						<th scope="col" className={`${th} text-left`}>
							Player
						</th>
						<th scope="col" className={`${th} text-right`}>
							Score
						</th>
						{metrics.map(({ metric, weight }) => (
							<th key={metric} scope="col" className={`${th} text-right normal-case`}>
								{metric}
								{weight === 1 ? '' : ` ×${formatNumber(weight)}`}
							</th>
						))}
						<th scope="col" className={`${th} text-left`}>
							Last updated
						</th>
					</tr>
				</thead>
				<tbody className="divide-y divide-line">
					{standings.map((standing) => (
						<tr key={standing.key} data-participant={standing.key}>
							<td className="px-2 py-1.5 text-right tabular-nums">{standing.rank ?? '—'}</td>
							<th scope="row" className="px-2 py-1.5 text-left font-normal">
								<Link to={playerPath(standing.name)} className="text-link underline">
									{standing.name}
								</Link>
								{standing.flagged.length > 0 ? (
									<span className="mt-0.5 block text-xs text-bad" data-flagged="">
										<span aria-hidden="true">⚑ </span>
										Left out: {standing.flagged.slice(0, 3).map(flagText).join('; ')}
										{standing.flagged.length > 3 ? ` and ${standing.flagged.length - 3} more` : ''}
									</span>
								) : null}
							</th>
							<td className="px-2 py-1.5 text-right font-semibold tabular-nums" data-score="">
								{standing.score === null ? <span className="font-normal text-muted">{NO_DATA}</span> : points(standing.score)}
							</td>
							{standing.parts.map((part, index) => (
								<td key={part.metric} className="px-2 py-1.5 text-right tabular-nums" data-part={part.metric}>
									{part.value === null ? (
										<span className="text-muted">{NO_DATA}</span>
									) : (
										<>
											{formatNumber(part.value)}
											{metrics[index]?.weight !== 1 && part.points !== null ? (
												<span className="block text-xs text-muted">{points(part.points)} pts</span>
											) : null}
										</>
									)}
								</td>
							))}
							<td className="px-2 py-1.5 text-muted" data-last-updated="">
								{lastCheckedAt[standing.key] ? formatDateTime(lastCheckedAt[standing.key]!) : 'never'}
							</td>
						</tr>
					))}
				</tbody>
			</table>
		</div>
	)
}
