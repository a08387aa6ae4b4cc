import {
	type FormEvent,
	type MouseEvent,
	lazy,
	type ReactNode,
	Suspense,
	useCallback,
	useEffect,
	useMemo,
	useState,
} from 'react'
import { Link, type ShouldRevalidateFunctionArgs, useLocation } from 'react-router'
import type { Route } from './+types/quests'
import { Breadcrumbs } from '#app/components/breadcrumbs.tsx'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import type { PlayerState } from '#app/player/player-snapshot.tsx'
import { useHydrated } from '#app/widgets/use-hydrated.ts'
import { SITE_NAME } from '#app/lib/content/navigation.ts'
import {
	applyCatalogueQuery,
	type CatalogueQuery,
	DEFAULT_DIRECTION,
	DIFFICULTIES,
	hasFilters,
	parseCatalogueQuery,
	QUEST_POINT_FILTERS,
	type QuestListEntry,
	type QuestStatus,
	serialiseCatalogueQuery,
	type SortKey,
	sortMenuValue,
	STATUS_FILTERS,
	type StatusFilter,
} from '#app/lib/quests/catalogue-query.ts'
import { createQuestIndex, difficultyLabel } from '#app/lib/quests/names.ts'
import { questStatus, STATUS_LABELS, toPlayerProgress } from '#app/lib/quests/progress.ts'
import { getQuestList, questHeaders } from '#app/server/quests.server.ts'
import { PlayerLookupSection } from '#app/player/player-lookup-section.tsx'

const PlayerSnapshotBridge = lazy(() => import('#app/player/player-snapshot.tsx'))

export function loader({ request }: Route.LoaderArgs) {
	const url = new URL(request.url)
	// The query the server applied: the browser's first render must show the same list.
	const query = serialiseCatalogueQuery(parseCatalogueQuery(url.searchParams))
	return { quests: getQuestList(), query }
}

export function headers() {
	return questHeaders
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
	const root = matches[0]?.loaderData as { siteUrl?: string } | undefined
	const count = loaderData?.quests.length ?? 0
	return [
		{ title: `Quests - ${SITE_NAME}` },
		{
			name: 'description',
			content: `All ${count} RuneScape 3 quests and miniquests: search by name or abbreviation, filter by difficulty, membership and quest points, and see which ones you can start now.`,
		},
		{ tagName: 'link', rel: 'canonical', href: `${root?.siteUrl ?? ''}/quests` },
	]
}

// Filtering happens in the browser; nothing on the server changes with the query.
export function shouldRevalidate({
	currentUrl,
	nextUrl,
	defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
	return currentUrl.pathname === nextUrl.pathname ? false : defaultShouldRevalidate
}

const SORT_OPTIONS: { value: string; label: string }[] = [
	{ value: 'name-desc', label: 'Name, Z to A' },
	{ value: 'difficulty', label: 'Difficulty, easiest first' },
	{ value: 'difficulty-desc', label: 'Difficulty, hardest first' },
	{ value: 'qp', label: 'Quest points, most first' },
	{ value: 'qp-asc', label: 'Quest points, fewest first' },
	{ value: 'reqs', label: 'Requirements, fewest first' },
	{ value: 'reqs-desc', label: 'Requirements, most first' },
]

const STATUS_FILTER_LABELS: Record<StatusFilter, string> = {
	'can-start': 'Can start now',
	'not-completed': 'Not completed',
	completed: 'Completed',
	locked: 'Locked',
}

function queryHref(query: CatalogueQuery) {
	const search = serialiseCatalogueQuery(query)
	return search ? `/quests?${search}` : '/quests'
}

/**
 * The query on screen. It starts as the one the server applied (so hydration matches), then
 * follows the address bar; live changes replace the URL without a router navigation, so typing
 * never refetches route data.
 */
function useCatalogueQuery(serverQuery: string) {
	const location = useLocation()
	const hydrated = useHydrated()
	const [query, setQuery] = useState(() =>
		parseCatalogueQuery(hydrated ? location.search : serverQuery),
	)
	useEffect(() => {
		// A prerendered page ignores the query: apply the real one once hydrated.
		const fromUrl = parseCatalogueQuery(window.location.search)
		setQuery((current) =>
			serialiseCatalogueQuery(current) === serialiseCatalogueQuery(fromUrl) ? current : fromUrl,
		)
	}, [])
	const [seenSearch, setSeenSearch] = useState(location.search)
	if (seenSearch !== location.search) {
		// A real navigation (a link, back or forward) to another query.
		setSeenSearch(location.search)
		setQuery(parseCatalogueQuery(location.search))
	}
	const update = useCallback((next: CatalogueQuery) => {
		setQuery(next)
		window.history.replaceState(window.history.state, '', queryHref(next))
	}, [])
	return [query, update] as const
}

function usePlayerProgress(quests: readonly QuestListEntry[]) {
	const [player, setPlayer] = useState<PlayerState>()
	const index = useMemo(() => createQuestIndex(quests), [quests])
	const points = useMemo(
		() =>
			Object.fromEntries(
				quests.filter((q) => q.questPoints > 0).map((q) => [q.name, q.questPoints]),
			),
		[quests],
	)
	const statuses = useMemo(() => {
		if (!player?.snapshot) return undefined
		const progress = toPlayerProgress(player.snapshot, (t) => index.find(t)?.name, points)
		return new Map<string, QuestStatus>(quests.map((q) => [q.name, questStatus(q, progress)]))
	}, [player, index, points, quests])
	return { player, setPlayer, statuses }
}

export default function Quests({ loaderData }: Route.ComponentProps) {
	const { quests } = loaderData
	const [query, update] = useCatalogueQuery(loaderData.query)
	const hydrated = useHydrated()
	const { player, setPlayer, statuses } = usePlayerProgress(quests)
	const statusOf = useMemo(
		() => (statuses ? (e: QuestListEntry) => statuses.get(e.name) ?? 'locked' : undefined),
		[statuses],
	)
	const shown = useMemo(
		() => applyCatalogueQuery(quests, query, statusOf),
		[quests, query, statusOf],
	)
	const counts = useMemo(() => {
		if (!statuses) return undefined
		const all = applyCatalogueQuery(quests, { ...query, status: undefined }, statusOf)
		const count = (s: StatusFilter) =>
			applyCatalogueQuery(all, { q: '', status: s }, statusOf).length
		return Object.fromEntries(STATUS_FILTERS.map((s) => [s, count(s)])) as Record<
			StatusFilter,
			number
		>
	}, [quests, query, statuses, statusOf])

	// The search box keeps what is typed (spaces and all); the query holds the trimmed text.
	const [text, setText] = useState(query.q)
	const [syncedQ, setSyncedQ] = useState(query.q)
	if (syncedQ !== query.q) {
		setSyncedQ(query.q)
		if (text.replace(/\s+/g, ' ').trim() !== query.q) setText(query.q)
	}

	// The "clear" links work without JavaScript (they go to /quests); hydrated, they clear in place.
	function clearAll(event: MouseEvent<HTMLAnchorElement>) {
		event.preventDefault()
		setText('')
		update({ q: '' })
	}

	function onSubmit(event: FormEvent<HTMLFormElement>) {
		event.preventDefault()
		update(parseCatalogueQuery(new URLSearchParams(new FormData(event.currentTarget) as never)))
	}


	return (
		<main id="main" className="mx-auto w-full max-w-6xl px-4 pt-6 pb-16 sm:px-8">
			<Breadcrumbs items={[{ path: '/quests', label: 'Quests' }]} />
			<div className="mt-3 flex flex-wrap items-end justify-between gap-4">
				<div className="max-w-2xl">
					<h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">Quests</h1>
					<p className="mt-2 text-muted">
						Every quest and miniquest with its full requirement chain. Search by name or by the
						short names players use (“dt”, “wgs”), filter, sort, and share the link.
					</p>
				</div>
			</div>

			<PlayerLookupSection />
			<Suspense fallback={null}>
				<PlayerSnapshotBridge onChange={setPlayer} />
			</Suspense>

			<form
				method="get"
				action="/quests"
				role="search"
				aria-label="Search and filter quests"
				onSubmit={onSubmit}
				className="mt-6 rounded-xl border border-line bg-raised p-4 shadow-sm"
			>
				<label htmlFor="quest-search" className="sr-only">
					Search quests
				</label>
				<div className="relative">
					<svg
						viewBox="0 0 24 24"
						width="18"
						height="18"
						aria-hidden="true"
						className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-muted"
					>
						<circle cx="11" cy="11" r="7" fill="none" stroke="currentColor" strokeWidth="2" />
						<path d="m20 20-3.5-3.5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
					</svg>
					<input
						id="quest-search"
						type="search"
						name="q"
						value={text}
						onChange={(e) => {
							setText(e.target.value)
							update({ ...query, q: e.target.value.replace(/\s+/g, ' ').trim() })
						}}
						placeholder="Search quests, e.g. dt"
						autoComplete="off"
						spellCheck={false}
						maxLength={100}
						className="w-full rounded-lg border border-line bg-bg py-2.5 pr-3 pl-10 text-base placeholder:text-muted focus:border-accent focus:outline-none"
					/>
				</div>
				<div className="mt-3 grid grid-cols-2 gap-3 md:grid-cols-4">
					<Select
						label="Difficulty"
						name="difficulty"
						value={query.difficulty === undefined ? '' : String(query.difficulty)}
						onChange={(v) =>
							update({ ...query, difficulty: v === '' ? undefined : (Number(v) as never) })
						}
					>
						<option value="">Any</option>
						{DIFFICULTIES.map((d) => (
							<option key={d} value={d}>
								{difficultyLabel(d)}
							</option>
						))}
					</Select>
					<Select
						label="Membership"
						name="members"
						value={query.members ?? ''}
						onChange={(v) =>
							update({ ...query, members: v === 'free' || v === 'members' ? v : undefined })
						}
					>
						<option value="">Any</option>
						<option value="free">Free to play</option>
						<option value="members">Members</option>
					</Select>
					<Select
						label="Quest points"
						name="qp"
						value={query.qp === undefined ? '' : String(query.qp)}
						onChange={(v) =>
							update({ ...query, qp: v === '' ? undefined : v === 'none' ? 'none' : Number(v) })
						}
					>
						<option value="">Any</option>
						{QUEST_POINT_FILTERS.map((qp) => (
							<option key={qp} value={qp}>
								{qp === 'none' ? 'No quest points' : `${qp} or more`}
							</option>
						))}
					</Select>
					<Select
						label="Sort by"
						name="sort"
						value={sortMenuValue(query)}
						onChange={(v) => {
							const params = new URLSearchParams(serialiseCatalogueQuery(query))
							params.delete('dir')
							params.set('sort', v)
							update(parseCatalogueQuery(params))
						}}
					>
						<option value="">{query.q ? 'Best match' : 'Name, A to Z'}</option>
						{query.q ? <option value="name">Name, A to Z</option> : null}
						{SORT_OPTIONS.map((o) => (
							<option key={o.value} value={o.value}>
								{o.label}
							</option>
						))}
					</Select>
				</div>
				{query.status ? <input type="hidden" name="status" value={query.status} /> : null}
				<div className="mt-3 flex flex-wrap items-center gap-3">
					<button
						type="submit"
						className={`rounded-md bg-accent px-4 py-2 font-semibold text-accent-fg hover:opacity-90 ${hydrated ? 'sr-only' : ''}`}
						tabIndex={hydrated ? -1 : undefined}
					>
						Apply
					</button>
					{query.q || hasFilters(query) || query.sort ? (
						<a
							href="/quests"
							onClick={clearAll}
							className="text-sm text-link underline underline-offset-2"
						>
							Clear search and filters
						</a>
					) : null}
				</div>
			</form>

			{statuses && counts ? (
				<div className="mt-4 sm:flex sm:items-center sm:gap-2">
					<p className="mb-2 text-sm text-muted sm:mb-0">
						Progress of <strong className="font-semibold text-fg">{player?.name}</strong>:
					</p>
					<div
						className="-mx-4 flex gap-2 overflow-x-auto px-4 pb-1 sm:mx-0 sm:flex-wrap sm:overflow-visible sm:px-0 sm:pb-0"
						role="group"
						aria-label="Your progress"
					>
						<FilterChip
							active={!query.status}
							onClick={() => update({ ...query, status: undefined })}
						>
							All
						</FilterChip>
						{STATUS_FILTERS.map((s) => (
							<FilterChip
								key={s}
								active={query.status === s}
								onClick={() => update({ ...query, status: s })}
							>
								{STATUS_FILTER_LABELS[s]} <span className="opacity-70">({counts[s]})</span>
							</FilterChip>
						))}
					</div>
				</div>
			) : query.status ? (
				<p className="mt-4 text-sm text-muted">
					The “{STATUS_FILTER_LABELS[query.status]}” filter needs your player data: look up your
					player name to use it.
				</p>
			) : player?.status === 'loading' ? (
				<p className="mt-4 text-sm text-muted">Loading {player.username}…</p>
			) : null}

			<p className="mt-6 mb-2 text-sm text-muted" aria-live="polite" data-testid="quest-count">
				{shown.length === quests.length
					? `${quests.length} quests`
					: `${shown.length} of ${quests.length} quests`}
			</p>

			{shown.length === 0 ? (
				<div className="rounded-xl border border-dashed border-line px-6 py-12 text-center">
					<p className="font-semibold">No quest matches.</p>
					<p className="mt-1 text-sm text-muted">
						Try fewer letters or{' '}
						<a
							href="/quests"
							onClick={clearAll}
							className="text-link underline"
						>
							clear the filters
						</a>
						.
					</p>
				</div>
			) : (
				<QuestTable quests={shown} query={query} update={update} statuses={statuses} />
			)}
			{shown.some((q) => q.unverified?.includes('questPoints')) ? (
				<p className="mt-2 text-sm text-muted">
					<span className="text-warn">*</span> Quest points not verified against the game yet.
				</p>
			) : null}
		</main>
	)
}

function Select({
	label,
	name,
	value,
	onChange,
	children,
}: {
	label: string
	name: string
	value: string
	onChange: (value: string) => void
	children: ReactNode
}) {
	const id = `quest-filter-${name}`
	return (
		<div className="flex min-w-0 flex-col gap-1">
			<label htmlFor={id} className="text-sm font-medium text-muted">
				{label}
			</label>
			<select
				id={id}
				name={name}
				value={value}
				onChange={(e) => onChange(e.target.value)}
				className="w-full rounded-lg border border-line bg-bg px-2.5 py-2 text-base text-fg focus:border-accent focus:outline-none"
			>
				{children}
			</select>
		</div>
	)
}

function FilterChip({
	active,
	onClick,
	children,
}: {
	active: boolean
	onClick: () => void
	children: ReactNode
}) {
	return (
		<button
			type="button"
			aria-pressed={active}
			onClick={onClick}
			className={`shrink-0 rounded-full border px-3 py-1 text-sm font-medium whitespace-nowrap ${
				active
					? 'border-accent bg-accent text-accent-fg'
					: 'border-line bg-raised text-fg hover:border-accent'
			}`}
		>
			{children}
		</button>
	)
}

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

// Row and cell styles live on the table body once, not on each of the ~360 rows.
const BODY_CLASS = [
	'[&>tr]:block [&>tr]:border-b [&>tr]:border-line [&>tr]:px-3 [&>tr]:py-3',
	'[&>tr:last-child]:border-b-0 [&>tr:nth-child(odd)]:bg-raised/40 [&>tr:hover]:bg-raised',
	'md:[&>tr]:table-row md:[&>tr]:p-0 md:[&_td]:table-cell md:[&_td]:px-3 md:[&_td]:py-2.5',
].join(' ')

function DifficultyPips({ difficulty }: { difficulty: number }) {
	if (difficulty > 4) return <span className="mr-1.5 text-accent">✦</span>
	return (
		<span aria-hidden="true" className="mr-1.5 text-[0.6rem] tracking-[0.1em]">
			<span className="text-accent">{'●'.repeat(difficulty + 1)}</span>
			<span className="text-line">{'●'.repeat(4 - difficulty)}</span>
		</span>
	)
}

function QuestTable({
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
				<tbody className={BODY_CLASS}>
					{quests.map((q) => {
						const status = statuses?.get(q.name)
						return (
							<tr key={q.slug} data-quest={q.name} data-status={status}>
								<td className="block">
									<Link
										to={`/quests/${q.slug}`}
										className="font-semibold text-link hover:underline"
									>
										{q.name}
									</Link>
									{q.aliases?.length || q.series ? (
										<span className="block text-xs text-muted">
											{[q.aliases?.join(', '), q.series ? `${q.series} series` : '']
												.filter(Boolean)
												.join(' · ')}
										</span>
									) : null}
								</td>
								<td className="mr-3 inline text-sm whitespace-nowrap">
									<DifficultyPips difficulty={q.difficulty} />
									{difficultyLabel(q.difficulty)}
								</td>
								<td className="mr-3 inline text-sm text-muted">{q.members ? 'Members' : 'Free'}</td>
								<td className="mr-3 inline text-sm tabular-nums md:text-right">
									<span className="md:hidden">QP </span>
									{q.questPoints}
									{q.unverified?.includes('questPoints') ? (
										<abbr title="Quest points not verified yet" className="text-warn no-underline">
											*
										</abbr>
									) : null}
								</td>
								<td className="block text-sm text-muted">
									<span className="md:hidden">Needs: </span>
									{requirementsText(q)}
								</td>
								{statuses ? (
									<td className="mt-1.5 block">
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
}

export const ErrorBoundary = GeneralErrorBoundary
