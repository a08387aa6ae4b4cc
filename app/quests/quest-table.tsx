import { memo } from 'react'
import { Link } from 'react-router'
import { queryHref } from '#app/quests/use-catalogue-query.ts'
import { type CatalogueQuery, DEFAULT_DIRECTION, type QuestListEntry, type QuestStatus, type SortKey } from '#app/quests/catalogue-query.ts'
import { difficultyLabel, questPath } from '#app/quests/names.ts'
import { STATUS_LABELS } from '#app/quests/progress.ts'

const COLUMNS: { key: SortKey | undefined; label: string; className: string }[] = [
	{ key: 'name', label: 'Quest', className: 'text-left' },
	{ key: 'difficulty', label: 'Difficulty', className: 'text-left' },
	{ key: undefined, label: 'Membership', className: 'text-left' },
	{ key: 'qp', label: 'Quest points', className: 'text-right' },
	{ key: 'reqs', label: 'Requirements', className: 'text-left' },
]

function SortHeader({
	column,
	query,
	update,
}: {
	column: (typeof COLUMNS)[number]
	query: CatalogueQuery
	update: (q: CatalogueQuery) => void
}) {
	const key = column.key
	if (!key) return <th className={`px-3 py-2 font-semibold ${column.className}`}>{column.label}</th>
	const activeKey = query.sort ?? (query.q ? undefined : 'name')
	const active = activeKey === key
	const dir = query.dir ?? DEFAULT_DIRECTION[key]
	const nextDir = active ? (dir === 'asc' ? 'desc' : 'asc') : DEFAULT_DIRECTION[key]
	const next: CatalogueQuery = { ...query, sort: key, dir: nextDir }
	return (
		<th
			className={`px-3 py-2 font-semibold ${column.className}`}
			aria-sort={active ? (dir === 'asc' ? 'ascending' : 'descending') : undefined}
		>
			<a
				href={queryHref(next)}
				onClick={(e) => {
					e.preventDefault()
					update(next)
				}}
				className={`inline-flex items-center gap-1 hover:text-fg ${active ? 'text-fg' : ''}`}
			>
				{column.label}
				<span aria-hidden="true" className={active ? 'text-accent' : 'opacity-40'}>
					{active ? (dir === 'asc' ? '▲' : '▼') : '↕'}
				</span>
			</a>
		</th>
	)
}

function requirementsText(q: QuestListEntry): string {
	const parts: string[] = []
	if (q.prerequisiteCount > 0) {
		parts.push(`${q.prerequisiteCount} quest${q.prerequisiteCount === 1 ? '' : 's'}`)
	}
	if (q.partialStepCount) parts.push(`part of ${q.partialStepCount}`)
	const skills = Object.keys(q.skills).length
	if (skills > 0) parts.push(`${skills} skill${skills === 1 ? '' : 's'}`)
	if (q.requiredQuestPoints > 0) parts.push(`${q.requiredQuestPoints} QP`)
	return parts.length ? parts.join(' · ') : 'None'
}

const STATUS_PILL: Record<QuestStatus, string> = {
	completed: 'border-ok/60 bg-ok-bg text-ok',
	'can-start': 'border-ok/60 text-ok',
	locked: 'border-line text-muted',
}

/** Whether the quest's requirements were checked against a source, and when. */
function VerifiedMark({ verified }: { verified: string | undefined }) {
	return verified ? (
		<span data-verified="true" title={`Requirements checked against the RuneScape Wiki on ${verified}`} className="ml-2 text-xs text-muted">
			verified
		</span>
	) : (
		<span data-verified="false" title="Requirements not checked against a source yet" className="ml-2 text-xs font-semibold text-warn">
			unverified
		</span>
	)
}

function DifficultyPips({ difficulty }: { difficulty: number }) {
	if (difficulty > 4) return <span className="mr-1.5 text-accent">✦</span>
	return (
		<span aria-hidden="true" className="pips">
			<span>{'●'.repeat(difficulty + 1)}</span>
			{'●'.repeat(4 - difficulty)}
		</span>
	)
}

/**
 * Memoised: the page re-renders once, synchronously, right after hydration (hooks whose browser
 * value differs from the server's); ~360 rows of links re-rendered with it were a long task.
 */
export const QuestTable = memo(function QuestTable({
	quests,
	query,
	update,
	statuses,
}: {
	quests: QuestListEntry[]
	query: CatalogueQuery
	update: (q: CatalogueQuery) => void
	statuses: Map<string, QuestStatus> | undefined
}) {
	return (
		<div className="overflow-hidden rounded-xl border border-line">
			<table className="w-full border-collapse text-left">
				<thead className="hidden border-b border-line bg-sunken text-sm whitespace-nowrap text-muted md:table-header-group">
					<tr>
						{COLUMNS.map((c) => (
							<SortHeader key={c.label} column={c} query={query} update={update} />
						))}
						{statuses ? <th className="px-3 py-2 font-semibold">Status</th> : null}
					</tr>
				</thead>
				{/* Row and cell styles live in app.css (.quest-rows), once instead of on ~360 rows. */}
				<tbody className="quest-rows">
					{quests.map((q) => {
						const status = statuses?.get(q.name)
						return (
							<tr key={q.slug} data-quest={q.name} data-status={status}>
								<td>
									<Link to={questPath(q.slug)}>{q.name}</Link>
									<VerifiedMark verified={q.verified} />
									{q.aliases?.length || q.series ? (
										<span className="block text-xs text-muted">
											{[q.aliases?.join(', '), q.series ? `${q.series} series` : ''].filter(Boolean).join(' · ')}
										</span>
									) : null}
								</td>
								<td>
									<DifficultyPips difficulty={q.difficulty} />
									{difficultyLabel(q.difficulty)}
								</td>
								<td>{q.members ? 'Members' : 'Free'}</td>
								<td>
									<span className="md:hidden">QP </span>
									{q.questPoints}
									{q.unverified?.includes('questPoints') ? (
										<abbr title="Quest points not verified yet" className="text-warn no-underline">
											*
										</abbr>
									) : null}
								</td>
								<td>
									<span className="md:hidden">Needs: </span>
									{requirementsText(q)}
								</td>
								{statuses ? (
									<td>
										{status ? (
											<span
												className={`inline-block rounded-full border px-2 py-0.5 text-xs font-semibold whitespace-nowrap ${STATUS_PILL[status]}`}
											>
												{STATUS_LABELS[status]}
											</span>
										) : null}
									</td>
								) : null}
							</tr>
						)
					})}
				</tbody>
			</table>
		</div>
	)
})
