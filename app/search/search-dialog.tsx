import {
	type KeyboardEvent,
	lazy,
	type MouseEvent,
	Suspense,
	useCallback,
	useEffect,
	useId,
	useLayoutEffect,
	useMemo,
	useRef,
	useState,
} from 'react'
import { Link, useNavigate } from 'react-router'
import { IconSearch } from '#app/components/icons.tsx'
import { track } from '#app/lib/analytics.ts'
import { loadSearch } from './load-search.ts'
import { addRecentSearch, clearRecentSearches, readRecentSearches } from './recent-searches.ts'
import type { SiteSearch } from './search-engine.ts'
import { HitContent, type QuestStatusLabels } from './search-results.tsx'
import { type CloseOptions, searchClosed, takeTypeAhead } from './search-launcher.tsx'
import type { SearchHit } from './search-types.ts'

const QuestStatusBridge = lazy(() => import('./quest-status-bridge.tsx'))

/** Starts fetching the index (the launcher calls it when a search box gets focus). */
export function preloadIndex() {
	loadSearch().catch(() => {
		// Shown when the dialog opens; it tries again then.
	})
}

/** How long a query must stay unchanged with no results before it is reported as a gap. */
const NO_RESULTS_DELAY_MS = 1200

type Option = { id: string } & ({ type: 'hit'; hit: SearchHit } | { type: 'recent'; query: string })

export type SearchDialogProps = {
	open: boolean
	/** The text to search when this opening came from a search box; null keeps the last query. */
	query: string | null
	/** Changes with every opening. */
	opening: number
	onClose: (options?: CloseOptions) => void
	onOpenSkill: (skill: string) => void
}

/**
 * The search dialog: a native modal `<dialog>` (full screen on phones) holding a WAI-ARIA
 * combobox. Arrow keys move the active result, Enter opens it, Esc closes the dialog and focus
 * goes back where it was.
 */
export default function SearchDialog({ open, query: requested, opening, onClose, onOpenSkill }: SearchDialogProps) {
	const dialogRef = useRef<HTMLDialogElement>(null)
	const inputRef = useRef<HTMLInputElement>(null)
	const [query, setQuery] = useState(requested ?? '')
	const [search, setSearch] = useState<SiteSearch | Error>()
	// The active option, reset to the first whenever the options change (without a second render).
	const [selection, setSelection] = useState<{ options: Option[]; index: number }>({
		options: [],
		index: 0,
	})
	const [recent, setRecent] = useState<string[]>([])
	const [statuses, setStatuses] = useState<QuestStatusLabels>()
	const navigate = useNavigate()
	const baseId = useId()
	const listId = `${baseId}-list`

	// Each opening: show the modal, take the box's text, put the caret in the field.
	useLayoutEffect(() => {
		const dialog = dialogRef.current
		if (!dialog) return
		if (open && !dialog.open) {
			dialog.showModal()
			const input = inputRef.current
			input?.focus()
			const typed = takeTypeAhead()
			if (requested !== null || typed) setQuery(requested ?? typed)
			// A kept query is selected, so typing replaces it.
			else input?.select()
			setRecent(readRecentSearches())
		} else if (!open && dialog.open) {
			dialog.close()
			searchClosed()
		}
	}, [open, opening, requested])

	useEffect(() => {
		if (!open || (search && !(search instanceof Error))) return
		let live = true
		loadSearch().then(
			(loaded) => live && setSearch(loaded),
			(error: unknown) => live && setSearch(error instanceof Error ? error : new Error(String(error))),
		)
		return () => {
			live = false
		}
	}, [open, search])

	const ready = search && !(search instanceof Error) ? search : undefined
	const outcome = useMemo(() => (ready && query.trim() ? ready.search(query) : undefined), [ready, query])

	const options = useMemo<Option[]>(() => {
		if (outcome) return outcome.groups.flatMap((g) => g.hits.map((hit) => ({ id: `${baseId}-r${hit.id}`, type: 'hit' as const, hit })))
		if (!query.trim())
			return recent.map((q, i) => ({
				id: `${baseId}-recent${i}`,
				type: 'recent' as const,
				query: q,
			}))
		return []
	}, [outcome, query, recent, baseId])

	const active = selection.options === options ? selection.index : 0
	const setActive = (index: number) => setSelection({ options, index })

	useEffect(() => {
		document.getElementById(options[active]?.id ?? '')?.scrollIntoView({ block: 'nearest' })
	}, [active, options])

	// A query that finds nothing and stays for a moment is a gap in the guide: tell the authors.
	const emptyQuery = outcome && outcome.total === 0 ? outcome.query : undefined
	useEffect(() => {
		if (!emptyQuery) return
		const timer = setTimeout(() => track('search_no_results', { query: emptyQuery }), NO_RESULTS_DELAY_MS)
		return () => clearTimeout(timer)
	}, [emptyQuery])

	const choose = useCallback(
		(option: Option | undefined) => {
			if (!option) return
			if (option.type === 'recent') {
				setQuery(option.query)
				inputRef.current?.focus()
				return
			}
			setRecent(addRecentSearch(query))
			const { hit } = option
			if (hit.skill) onOpenSkill(hit.skill)
			else if (hit.href) {
				onClose({ restoreFocus: false, query })
				void navigate(hit.href)
			}
		},
		[query, navigate, onClose, onOpenSkill],
	)

	function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
		if (event.nativeEvent.isComposing) return
		const count = options.length
		if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
			event.preventDefault()
			if (count) setActive((active + (event.key === 'ArrowDown' ? 1 : count - 1)) % count)
		} else if (event.key === 'Enter') {
			event.preventDefault()
			choose(options[active])
		}
	}

	// A plain click follows the result like Enter; a click with a modifier opens a new tab as usual.
	function onOptionClick(event: MouseEvent, option: Option) {
		if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
		event.preventDefault()
		choose(option)
	}

	const hasQuests = outcome?.groups.some((g) => g.name === 'quests') ?? false
	const activeId = options[active]?.id
	const status = !query.trim()
		? ''
		: search instanceof Error
			? 'Search could not be loaded.'
			: !outcome
				? 'Loading search…'
				: outcome.total === 0
					? `No results for ${outcome.query}.`
					: `${outcome.total} result${outcome.total === 1 ? '' : 's'}.`

	return (
		<dialog
			ref={dialogRef}
			aria-label="Search the site"
			data-search-dialog=""
			onCancel={(event) => {
				event.preventDefault()
				onClose({ query })
			}}
			onClick={(event) => {
				// A click on the backdrop (outside the panel) closes it.
				if (event.target === dialogRef.current) onClose({ query })
			}}
			onKeyDown={(event) => {
				// The shortcut that opened it closes it.
				if (event.key.toLowerCase() === 'k' && (event.metaKey || event.ctrlKey)) {
					event.preventDefault()
					onClose({ query })
				}
			}}
			className="m-0 h-dvh max-h-none w-full max-w-none bg-transparent p-0 text-fg backdrop:bg-black/60 backdrop:backdrop-blur-sm sm:mx-auto sm:mt-[10vh] sm:h-fit sm:max-h-[80vh] sm:w-[calc(100%-2rem)] sm:max-w-2xl"
		>
			<div className="flex h-full max-h-[inherit] flex-col overflow-hidden border-line bg-bg shadow-2xl sm:rounded-xl sm:border">
				<div className="flex items-center gap-2 border-b border-line px-3 sm:px-4">
					<IconSearch size={18} className="shrink-0 text-muted" />
					<input
						ref={inputRef}
						type="text"
						role="combobox"
						aria-label="Search guides, quests and skills"
						aria-expanded={options.length > 0}
						aria-controls={listId}
						aria-activedescendant={activeId}
						aria-autocomplete="list"
						autoComplete="off"
						autoCapitalize="off"
						autoCorrect="off"
						spellCheck={false}
						enterKeyHint="go"
						maxLength={100}
						placeholder="Search guides, quests, skills…"
						value={query}
						onChange={(event) => setQuery(event.target.value)}
						onKeyDown={onKeyDown}
						className="h-14 min-w-0 flex-1 bg-transparent text-base outline-none placeholder:text-muted"
						data-search-input=""
					/>
					<button
						type="button"
						onClick={() => onClose({ query })}
						className="shrink-0 rounded-md border border-line px-2 py-1 text-xs font-semibold text-muted hover:bg-raised hover:text-fg"
					>
						<span className="sm:hidden">Cancel</span>
						<span className="max-sm:hidden" aria-hidden="true">
							Esc
						</span>
						<span className="sr-only max-sm:hidden">Close search</span>
					</button>
				</div>

				<div className="min-h-0 flex-1 overflow-y-auto overscroll-contain p-2">
					<p role="status" className="sr-only">
						{status}
					</p>
					{search instanceof Error ? (
						<p className="p-4 text-sm text-bad">
							Search could not be loaded. Check your connection, then close and open it again; or{' '}
							<a className="text-link underline" href={`/search?q=${encodeURIComponent(query)}`}>
								search on its own page
							</a>
							.
						</p>
					) : null}
					{options.length > 0 ? (
						<div role="listbox" id={listId} aria-label="Search results">
							{outcome
								? outcome.groups.map((group) => (
										<div key={group.name} role="group" aria-labelledby={`${baseId}-g-${group.name}`} className="mb-2">
											<div
												id={`${baseId}-g-${group.name}`}
												className="px-2 pt-2 pb-1 text-xs font-semibold tracking-wide text-muted uppercase"
											>
												{group.label}
											</div>
											{group.hits.map((hit) => {
												const option = options.find((o) => o.type === 'hit' && o.hit === hit)!
												const selected = option.id === activeId
												const className = `flex w-full items-start gap-3 rounded-lg px-3 py-2 text-left ${selected ? 'bg-raised ring-1 ring-accent/60' : ''}`
												const common = {
													id: option.id,
													role: 'option',
													'aria-selected': selected,
													tabIndex: -1,
													onMouseMove: () => !selected && setActive(options.indexOf(option)),
													onClick: (event: MouseEvent) => onOptionClick(event, option),
													className,
													'data-search-result': hit.kind,
												}
												const content = <HitContent hit={hit} status={hit.kind === 'quest' ? statuses?.[hit.name] : undefined} />
												// A plain link: a React Router <Link> would ask the server for the route
												// manifest of every result shown; the click navigates client-side anyway.
												return hit.href ? (
													<a key={hit.id} href={hit.href} {...common}>
														{content}
													</a>
												) : (
													<button key={hit.id} type="button" aria-haspopup="dialog" {...common}>
														{content}
													</button>
												)
											})}
										</div>
									))
								: null}
							{!outcome && !query.trim() && recent.length > 0 ? (
								<div role="group" aria-labelledby={`${baseId}-g-recent`}>
									<div className="flex items-center justify-between px-2 pt-2 pb-1">
										<span id={`${baseId}-g-recent`} className="text-xs font-semibold tracking-wide text-muted uppercase">
											Recent searches
										</span>
									</div>
									{options.map((option) =>
										option.type === 'recent' ? (
											<div
												key={option.id}
												id={option.id}
												role="option"
												aria-selected={option.id === activeId}
												onMouseMove={() => setActive(options.indexOf(option))}
												onClick={() => choose(option)}
												className={`flex cursor-pointer items-center gap-3 rounded-lg px-3 py-2 ${option.id === activeId ? 'bg-raised ring-1 ring-accent/60' : ''}`}
												data-recent-search=""
											>
												<IconSearch size={16} className="shrink-0 text-muted" />
												{option.query}
											</div>
										) : null,
									)}
								</div>
							) : null}
						</div>
					) : null}
					{!outcome && !query.trim() && recent.length > 0 ? (
						<button
							type="button"
							onClick={() => {
								clearRecentSearches()
								setRecent([])
								inputRef.current?.focus()
							}}
							className="mx-2 mt-1 rounded-md px-1 text-xs text-link underline-offset-2 hover:underline"
						>
							Clear recent searches
						</button>
					) : null}
					{!query.trim() && recent.length === 0 ? (
						<p className="p-4 text-sm text-muted">
							Guides and their sections, quests by name or abbreviation (WGS, RFD), skill guides, the glossary and tools.
						</p>
					) : null}
					{query.trim() && !outcome && !(search instanceof Error) ? <p className="p-4 text-sm text-muted">Loading search…</p> : null}
					{outcome && outcome.total === 0 ? (
						<NoResults
							query={outcome.query}
							suggestions={outcome.suggestions}
							onSuggestion={(s) => {
								setQuery(s)
								inputRef.current?.focus()
							}}
							onLeave={() => onClose({ restoreFocus: false })}
						/>
					) : null}
				</div>

				<div className="hidden items-center gap-4 border-t border-line px-4 py-2 text-xs text-muted sm:flex" aria-hidden="true">
					<span>
						<kbd className="font-sans">↑</kbd> <kbd className="font-sans">↓</kbd> to move
					</span>
					<span>
						<kbd className="font-sans">Enter</kbd> to open
					</span>
					<span>
						<kbd className="font-sans">Esc</kbd> to close
					</span>
				</div>
			</div>
			{hasQuests ? (
				<Suspense fallback={null}>
					<QuestStatusBridge onChange={setStatuses} />
				</Suspense>
			) : null}
		</dialog>
	)
}

function NoResults({
	query,
	suggestions,
	onSuggestion,
	onLeave,
}: {
	query: string
	suggestions: string[]
	onSuggestion: (suggestion: string) => void
	onLeave: () => void
}) {
	return (
		<div className="p-4 text-sm" data-search-empty="">
			<p className="font-semibold">No results for “{query}”.</p>
			{suggestions.length > 0 ? (
				<p className="mt-2 text-muted">
					Closest matches:{' '}
					{suggestions.map((s, i) => (
						<span key={s}>
							{i > 0 ? ', ' : null}
							<button type="button" className="text-link underline-offset-2 hover:underline" onClick={() => onSuggestion(s)}>
								{s}
							</button>
						</span>
					))}
				</p>
			) : null}
			<p className="mt-2 text-muted">
				Looking for a quest?{' '}
				<Link to="/quests" onClick={onLeave} className="text-link underline-offset-2 hover:underline">
					Browse the quest catalogue
				</Link>
				.
			</p>
		</div>
	)
}
