import { Form, Link } from 'react-router'
import { skillLabel } from '#app/lib/skills.ts'
import { formatNumber } from '#app/lib/format-number.ts'
import type { GainsQuery } from '#app/tracker/api-params.ts'
import type { Gains } from '#app/tracker/api-types.ts'
import type { ChartSubject } from '#app/tracker/chart-series.ts'
import { formatDateTime, formatDay } from '#app/lib/format-date.ts'
import { playerPath } from '#app/lib/player-paths.ts'
import { playerPageHref } from '#app/tracker/paths.ts'

const PERIODS = [
	{ period: 'day', label: 'Day' },
	{ period: 'week', label: 'Week' },
	{ period: 'month', label: 'Month' },
	{ period: 'year', label: 'Year' },
] as const

const tab = 'rounded-md px-3 py-1.5 text-sm font-semibold'
const input = 'rounded-md border border-line bg-bg px-2 py-1 text-sm'

function signed(value: number): string {
	return value > 0 ? `+${formatNumber(value)}` : formatNumber(value)
}

/**
 * Gains for a period (links) or a chosen range of days (a GET form): both work without
 * JavaScript. Skills with no gain are left out of the table; the total counts them all.
 */
export function GainsSection({ name, gains, query, chart }: { name: string; gains: Gains; query: GainsQuery; chart: ChartSubject }) {
	const active = 'period' in query ? query.period : null
	const gained = gains.skills.filter((skill) => skill.xpGained > 0 || skill.levelsGained > 0)
	return (
		<section aria-labelledby="gains" className="mt-10 render-when-near">
			<h2 id="gains" className="border-b border-line pb-1 text-2xl font-bold">
				Gains
			</h2>
			<nav aria-label="Gains period" className="mt-4 flex flex-wrap gap-1">
				{PERIODS.map(({ period, label }) => (
					<Link
						key={period}
						to={playerPageHref(name, { period }, chart)}
						aria-current={active === period ? 'page' : undefined}
						preventScrollReset
						className={active === period ? `${tab} bg-accent text-accent-fg` : `${tab} text-link hover:bg-raised`}
					>
						{label}
					</Link>
				))}
			</nav>
			<Form
				method="get"
				action={playerPath(name)}
				preventScrollReset
				className="mt-3 flex flex-wrap items-end gap-2"
				aria-label="Gains between two dates"
			>
				<label className="flex flex-col text-xs font-semibold text-muted">
					From
					<input type="date" name="from" required defaultValue={'from' in query ? query.from : gains.from.slice(0, 10)} className={input} />
				</label>
				<label className="flex flex-col text-xs font-semibold text-muted">
					To
					<input type="date" name="to" required defaultValue={'to' in query ? query.to : gains.to.slice(0, 10)} className={input} />
				</label>
				{chart !== 'total' ? <input type="hidden" name="chart" value={chart} /> : null}
				<button type="submit" className="rounded-md border border-line px-3 py-1.5 text-sm font-semibold hover:bg-raised">
					Show gains
				</button>
			</Form>

			<p className="mt-4" data-gains-total="">
				<strong className="text-lg">{signed(gains.total.xpGained)} XP</strong>
				{', '}
				{signed(gains.total.levelsGained)} {Math.abs(gains.total.levelsGained) === 1 ? 'level' : 'levels'}
				<span className="text-muted"> {active ? `in the last ${active}` : `from ${formatDay(gains.from)} to ${formatDay(gains.to)}`}</span>
			</p>
			<p className="mt-1 text-sm text-muted">
				{gains.start && gains.end && gains.start !== gains.end
					? `Compared: ${formatDateTime(gains.start)} and ${formatDateTime(gains.end)}.`
					: 'Only one update in this period so far: gains show once there is a later one.'}
			</p>
			{gained.length > 0 ? (
				<div className="mt-3 overflow-x-auto rounded-lg border border-line" role="region" aria-label="Gains table" tabIndex={0}>
					<table className="w-full min-w-[22rem] text-sm" data-gains-table="">
						<caption className="sr-only">XP and levels gained per skill, most XP first</caption>
						<thead className="bg-raised">
							<tr>
								<th scope="col" className="px-3 py-2 text-left text-xs font-semibold tracking-wide text-muted uppercase">
									Skill
								</th>
								<th scope="col" className="px-3 py-2 text-right text-xs font-semibold tracking-wide text-muted uppercase">
									XP gained
								</th>
								<th scope="col" className="px-3 py-2 text-right text-xs font-semibold tracking-wide text-muted uppercase">
									Levels
								</th>
							</tr>
						</thead>
						<tbody className="divide-y divide-line">
							{gained.map((skill) => (
								<tr key={skill.skill} data-gain={skill.skill}>
									<th scope="row" className="px-3 py-1.5 text-left font-medium">
										{skillLabel(skill.skill)}
									</th>
									<td className="px-3 py-1.5 text-right tabular-nums">{signed(skill.xpGained)}</td>
									<td className="px-3 py-1.5 text-right tabular-nums">{skill.levelsGained > 0 ? signed(skill.levelsGained) : '–'}</td>
								</tr>
							))}
						</tbody>
					</table>
				</div>
			) : (
				<p className="mt-3 text-muted" data-gains-none="">
					No XP gained in this period.
				</p>
			)}
		</section>
	)
}
