import type { FormEvent, MouseEvent, ReactNode } from 'react'
import { normaliseSearch } from '#app/quests/use-catalogue-query.ts'
import {
	type CatalogueQuery,
	DIFFICULTIES,
	hasFilters,
	parseCatalogueQuery,
	QUEST_POINT_FILTERS,
	serialiseCatalogueQuery,
	sortMenuValue,
} from '#app/quests/catalogue-query.ts'
import { difficultyLabel } from '#app/quests/names.ts'

const SORT_OPTIONS: { value: string; label: string }[] = [
	{ value: 'name-desc', label: 'Name, Z to A' },
	{ value: 'difficulty', label: 'Difficulty, easiest first' },
	{ value: 'difficulty-desc', label: 'Difficulty, hardest first' },
	{ value: 'qp', label: 'Quest points, most first' },
	{ value: 'qp-asc', label: 'Quest points, fewest first' },
	{ value: 'reqs', label: 'Requirements, fewest first' },
	{ value: 'reqs-desc', label: 'Requirements, most first' },
]

/**
 * The search box, filters and sort menu. A plain GET form without JavaScript; hydrated, every
 * change updates the list as it happens, and the Apply button (in <noscript>) is never shown.
 */
export function CatalogueForm({
	query,
	update,
	text,
	setText,
	onClear,
}: {
	query: CatalogueQuery
	update: (q: CatalogueQuery) => void
	text: string
	setText: (text: string) => void
	onClear: (event: MouseEvent<HTMLAnchorElement>) => void
}) {
	function onSubmit(event: FormEvent<HTMLFormElement>) {
		event.preventDefault()
		update(parseCatalogueQuery(new URLSearchParams(new FormData(event.currentTarget) as never)))
	}

	return (
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
						update({ ...query, q: normaliseSearch(e.target.value) })
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
					onChange={(v) => update({ ...query, difficulty: v === '' ? undefined : (Number(v) as never) })}
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
					onChange={(v) => update({ ...query, members: v === 'free' || v === 'members' ? v : undefined })}
				>
					<option value="">Any</option>
					<option value="free">Free to play</option>
					<option value="members">Members</option>
				</Select>
				<Select
					label="Quest points"
					name="qp"
					value={query.qp === undefined ? '' : String(query.qp)}
					onChange={(v) => update({ ...query, qp: v === '' ? undefined : v === 'none' ? 'none' : Number(v) })}
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
			{query.chain ? <input type="hidden" name="chain" value={query.chain} /> : null}
			<div className="mt-3 flex flex-wrap items-center gap-3">
				{/* Only without JavaScript: hiding it on hydration moved the list up by 40 px (layout shift). */}
				<noscript>
					<button type="submit" className="rounded-md bg-accent px-4 py-2 font-semibold text-accent-fg hover:opacity-90">
						Apply
					</button>
				</noscript>
				{query.q || hasFilters(query) || query.sort ? (
					<a href="/quests" onClick={onClear} className="text-sm text-link underline underline-offset-2">
						Clear search and filters
					</a>
				) : null}
			</div>
		</form>
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
