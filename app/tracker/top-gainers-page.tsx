import { Form, Link } from 'react-router'
import { Pagination } from '#app/components/pagination.tsx'
import { formatNumber } from '#app/lib/format-number.ts'
import { SKILLS, skillLabel } from '#app/lib/skills.ts'
import type { BoardQuery } from '#app/tracker/api-params.ts'
import type { GainsBoard } from '#app/tracker/api-types.ts'
import { formatGainPeriod } from '#app/tracker/format-time.ts'
import { previousPeriodStart } from '#app/tracker/gain-periods.ts'
import { playerPath, TOP_GAINERS_PATH } from '#app/lib/player-paths.ts'
import { topGainersHref } from '#app/tracker/paths.ts'

/** What `/players` shows: one page of a board, and the first day of the current period. */
export type TopGainersView = { board: GainsBoard; currentStart: string }

const tab = 'rounded-md px-3 py-1.5 text-sm font-semibold'
const head = 'px-3 py-2 text-xs font-semibold tracking-wide text-muted uppercase'

/**
 * The top gainers of a week or month among tracked players: period links, a skill picker (a GET
 * form: no script needed), the ranked table and page links. Everything is a plain link or form.
 */
export function TopGainersPage({ view }: { view: TopGainersView }) {
	const { board, currentStart } = view
	const isCurrent = board.from === currentStart
	const query: BoardQuery = { period: board.period, skill: board.skill, page: board.page, date: isCurrent ? null : board.from, after: null }
	const noun = board.period === 'week' ? 'week' : 'month'
	const what = board.skill === 'overall' ? 'XP' : `${skillLabel(board.skill)} XP`
	const previous = previousPeriodStart(board.period, board.from)
	return (
		<>
			<h1 className="mt-3 text-3xl font-extrabold tracking-tight sm:text-4xl">Top gainers</h1>
			<p className="mt-2 max-w-2xl text-muted">
				The players tracked on this site who gained the most XP in a week (Monday to Sunday, UTC) or a calendar month. XP counts on the day
				an update first shows it; players are updated about once a day, or when someone presses Update on their page.
			</p>

			<nav aria-label="Period" className="mt-5 flex flex-wrap gap-1">
				{(['week', 'month'] as const).map((period) => {
					const active = isCurrent && board.period === period
					return (
						<Link
							key={period}
							to={topGainersHref({ period, skill: board.skill, page: 1, date: null, after: null })}
							aria-current={active ? 'page' : undefined}
							className={active ? `${tab} bg-accent text-accent-fg` : `${tab} text-link hover:bg-raised`}
						>
							This {period}
						</Link>
					)
				})}
			</nav>

			<Form method="get" action={TOP_GAINERS_PATH} className="mt-3 flex flex-wrap items-end gap-2">
				{board.period === 'month' ? <input type="hidden" name="period" value="month" /> : null}
				{isCurrent ? null : <input type="hidden" name="date" value={board.from} />}
				<div className="flex flex-col">
					<label htmlFor="board-skill" className="text-xs font-semibold text-muted">
						Skill
					</label>
					<select
						id="board-skill"
						name="skill"
						defaultValue={board.skill}
						className="rounded-md border border-line bg-bg px-2 py-1.5 text-sm text-fg"
					>
						<option value="overall">All skills</option>
						{SKILLS.map((skill) => (
							<option key={skill.name} value={skill.name}>
								{skill.label}
							</option>
						))}
					</select>
				</div>
				<button type="submit" className="rounded-md border border-line px-3 py-1.5 text-sm font-semibold hover:bg-raised">
					Show
				</button>
			</Form>

			<h2 className="mt-6 text-xl font-bold" data-board-title="">
				{what}, {isCurrent ? `this ${noun}` : `the ${noun} of`}{' '}
				<span className="font-semibold whitespace-nowrap text-muted">{formatGainPeriod(board.period, board.from, board.to)}</span>
			</h2>
			<p className="mt-1 text-sm">
				<Link to={topGainersHref({ ...query, page: 1, date: previous })} className="text-link underline">
					Previous {noun}
				</Link>
				{isCurrent ? null : (
					<>
						{' · '}
						<Link to={topGainersHref({ ...query, page: 1, date: null })} className="text-link underline">
							This {noun}
						</Link>
					</>
				)}
			</p>

			{board.entries.length > 0 ? (
				<div className="mt-3 rounded-lg border border-line">
					<table className="w-full text-sm" data-board="">
						<caption className="sr-only">
							{what} gained, most first: page {board.page} of {board.pages}, {formatNumber(board.players)} players
						</caption>
						<thead className="bg-raised">
							<tr>
								<th scope="col" className={`${head} w-12 text-right`}>
									Rank
								</th>
								<th scope="col" className={`${head} text-left`}>
									Player
								</th>
								<th scope="col" className={`${head} text-right`}>
									XP gained
								</th>
							</tr>
						</thead>
						<tbody className="divide-y divide-line">
							{board.entries.map((entry) => (
								<tr key={entry.rank} data-rank={entry.rank}>
									<td className="px-3 py-1.5 text-right text-muted tabular-nums">{entry.rank}</td>
									<th scope="row" className="px-3 py-1.5 text-left font-medium break-all">
										<Link to={playerPath(entry.name)} className="text-link underline">
											{entry.name}
										</Link>
									</th>
									<td className="px-3 py-1.5 text-right tabular-nums">{formatNumber(entry.xpGained)}</td>
								</tr>
							))}
						</tbody>
					</table>
				</div>
			) : (
				<p className="mt-3 text-muted" data-board-empty="">
					{board.players > 0
						? `This board has ${board.pages === 1 ? 'one page' : `${board.pages} pages`}.`
						: isCurrent
							? `Nobody tracked here has gained ${what} this ${noun} yet.`
							: `Nobody tracked here gained ${what} that ${noun}.`}
				</p>
			)}
			<Pagination
				page={board.page}
				totalPages={board.pages}
				pages={board.pageLinks.map((link) => link.page)}
				href={(page) => topGainersHref({ ...query, ...board.pageLinks.find((link) => link.page === page) })}
				label="Pages"
				className="mt-4"
			/>
		</>
	)
}
