import { formatNumber } from '#app/lib/format-number.ts'
import { skillLabel } from '#app/lib/skills.ts'
import type { GainRecord, PlayerRecords } from '#app/tracker/api-types.ts'
import { formatGainPeriod } from '#app/tracker/format-time.ts'

type Best = PlayerRecords['overall']

const PERIODS = [
	{ period: 'day', label: 'Day' },
	{ period: 'week', label: 'Week' },
	{ period: 'month', label: 'Month' },
] as const

const head = 'px-3 py-2 text-xs font-semibold tracking-wide text-muted uppercase'

function When({ period, record }: { period: keyof Best; record: GainRecord }) {
	return (
		<>
			<time dateTime={record.from}>{formatGainPeriod(period, record.from, record.to)}</time>
			{record.source === 'backfill' ? <span className="block text-xs">RuneMetrics monthly</span> : null}
		</>
	)
}

/** One row per period with a record: Day, Week, Month. */
function PeriodRows({ best, id }: { best: Best; id: string }) {
	return PERIODS.map(({ period, label }) => {
		const record = best[period]
		return record ? (
			<tr key={period} data-record={`${id}-${period}`}>
				<th scope="row" className="px-3 py-1.5 text-left font-medium">
					{label}
				</th>
				<td className="px-3 py-1.5 text-right tabular-nums">{formatNumber(record.xpGained)}</td>
				<td className="px-3 py-1.5 text-right text-muted">
					<When period={period} record={record} />
				</td>
			</tr>
		) : null
	})
}

function Head() {
	return (
		<thead className="bg-raised">
			<tr>
				<th scope="col" className={`${head} text-left`}>
					Best
				</th>
				<th scope="col" className={`${head} text-right`}>
					XP gained
				</th>
				<th scope="col" className={`${head} text-right`}>
					When
				</th>
			</tr>
		</thead>
	)
}

const table = 'w-full text-sm'
const frame = 'mt-3 rounded-lg border border-line'

/**
 * The player's best day, week and month of XP: all skills in view, each skill's under a
 * disclosure (no script). Three narrow columns, so it fits a 320 px screen without scrolling.
 */
export function RecordsSection({ records }: { records: PlayerRecords }) {
	const skills = records.skills.filter((skill) => skill.day ?? skill.week ?? skill.month)
	return (
		<section aria-labelledby="records" className="mt-10 render-when-near">
			<h2 id="records" className="border-b border-line pb-1 text-2xl font-bold">
				Records
			</h2>
			<p className="mt-2 text-sm text-muted">
				The most XP gained in one UTC day, one week (Monday to Sunday) and one calendar month since tracking began. XP counts on the day an
				update first showed it; months before tracking come from RuneMetrics’ monthly totals.
			</p>
			{skills.length > 0 ? (
				<>
					<div className={frame}>
						<table className={table} data-records="overall">
							<caption className="sr-only">Best day, week and month of XP, all skills</caption>
							<Head />
							<tbody className="divide-y divide-line">
								<PeriodRows best={records.overall} id="overall" />
							</tbody>
						</table>
					</div>
					<details className="mt-3" data-records="skills">
						<summary className="cursor-pointer font-semibold text-link">Records per skill ({skills.length})</summary>
						<div className={frame}>
							<table className={table}>
								<caption className="sr-only">Best day, week and month of XP per skill</caption>
								<Head />
								{skills.map((skill) => (
									<tbody key={skill.skill} className="border-t border-line">
										<tr className="bg-raised">
											<th scope="rowgroup" colSpan={3} className="px-3 pt-2 pb-1 text-left font-semibold">
												{skillLabel(skill.skill)}
											</th>
										</tr>
										<PeriodRows best={skill} id={skill.skill} />
									</tbody>
								))}
							</table>
						</div>
					</details>
				</>
			) : null}
			{records.overall.day ? null : (
				<p className="mt-3 text-muted" data-records-none="">
					No XP gained between updates yet: day and week records start with the first update that shows some.
				</p>
			)}
		</section>
	)
}
