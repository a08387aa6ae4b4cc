import { createContext, type KeyboardEvent, type ReactNode, startTransition, use, useEffect, useId, useMemo, useRef, useState } from 'react'
import { PlayerDataProvider, usePlayerData } from '#app/player/player-data.tsx'
import { useHydrated } from '#app/lib/use-hydrated.ts'
import type { ChecklistProps } from './checklist.schema.ts'
import { COMPACT_AFTER, type ChecklistAction, checklistProgress, checklistReducer, parseProgress, progressKey } from './checklist-state.ts'

type ChecklistContextValue = {
	done: ReadonlySet<string>
	/** Quest items the loaded player has completed: ticked, and not the reader's to untick. */
	fromPlayer: ReadonlySet<string>
	next: string | undefined
	toggle: (id: string) => void
}

export const ChecklistContext = createContext<ChecklistContextValue | null>(null)

function readStorage(key: string): string | null {
	try {
		return localStorage.getItem(key)
	} catch {
		return null
	}
}

function writeStorage(key: string, done: string[]) {
	try {
		if (done.length === 0) localStorage.removeItem(key)
		else localStorage.setItem(key, JSON.stringify(done))
	} catch {
		// Storage full or blocked: progress lasts until the page is left.
	}
}

const sameIds = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((id, i) => id === b[i])

/**
 * Done item ids, loaded from localStorage after hydration (the server HTML shows nothing done)
 * and saved on every change. Another tab changing the same checklist updates this one too.
 */
function useProgress(checklistId: string, itemIds: string[]) {
	const [done, setDone] = useState<string[]>([])
	const [loaded, setLoaded] = useState(false)
	const key = progressKey(checklistId)
	const idsKey = itemIds.join(' ')
	useEffect(() => {
		const ids = idsKey.split(' ')
		// Nothing stored, or nothing new: the same array, so the context keeps its value and no item
		// renders again (a new empty array re-rendered every item of a long list in one task right
		// after hydration). Stored ticks render the items in a transition, which React slices.
		const load = () => {
			const stored = parseProgress(readStorage(key), ids)
			startTransition(() => {
				setDone((current) => (sameIds(current, stored) ? current : stored))
				setLoaded(true)
			})
		}
		load()
		const onStorage = (event: StorageEvent) => {
			if (event.key === key) load()
		}
		window.addEventListener('storage', onStorage)
		return () => window.removeEventListener('storage', onStorage)
	}, [key, idsKey])
	// From the state React has, not this render's: a tick made while stored ticks are still loading
	// (in their transition) lands on top of them rather than replacing them.
	const dispatch = (action: ChecklistAction) => setDone((current) => checklistReducer(itemIds, current, action))
	useEffect(() => {
		if (loaded) writeStorage(key, done)
	}, [key, loaded, done])
	return { done, loaded, dispatch }
}

type ChecklistViewProps = ChecklistProps & {
	children?: ReactNode
	/** Ids of the quest items the loaded player has completed. */
	fromPlayer: readonly string[]
	/** The loaded player's name, once their quests are known. */
	playerName?: string
}

/**
 * A list of tasks the reader ticks off; progress is kept in their browser. A list with quest items
 * (`itemQuests`) also ticks the quests the loaded player has completed.
 */
export default function Checklist(props: ChecklistProps & { children?: ReactNode }) {
	if (!props.itemQuests) return <ChecklistView {...props} fromPlayer={[]} />
	return (
		<PlayerDataProvider>
			<PlayerChecklist {...props} />
		</PlayerDataProvider>
	)
}

function PlayerChecklist(props: ChecklistProps & { children?: ReactNode }) {
	const player = usePlayerData()
	// A profile RuneMetrics did not show (private, missing) comes without its quest list.
	const questsKnown = player.status === 'loaded' && !player.data?.error
	const quests = props.itemQuests ?? {}
	const fromPlayer = questsKnown ? props.itemIds.filter((item) => quests[item] && player.hasCompleted(quests[item])) : []
	return <ChecklistView {...props} fromPlayer={fromPlayer} playerName={questsKnown ? player.data?.name : undefined} />
}

function ChecklistView({ id, title, itemIds, children, fromPlayer, playerName }: ChecklistViewProps) {
	const hydrated = useHydrated()
	const { done, loaded, dispatch } = useProgress(id, itemIds)
	const ticked = new Set([...done, ...fromPlayer])
	const progress = checklistProgress(itemIds, [...ticked])
	const long = itemIds.length > COMPACT_AFTER
	const [compact, setCompact] = useState(true)
	const listId = useId()
	const listRef = useRef<HTMLDivElement>(null)
	const limited = long && compact
	// The same object until the ticks change: a new one on every render (the hydration one included)
	// would make React drop the server HTML of items still waiting for their lazy widgets.
	const fromPlayerKey = fromPlayer.join(' ')
	const context = useMemo<ChecklistContextValue>(
		() => ({
			done: ticked,
			fromPlayer: new Set(fromPlayer),
			next: progress.next,
			toggle: (item) => dispatch({ type: 'toggle', id: item }),
		}),
		// eslint-disable-next-line react-hooks/exhaustive-deps -- ticked, progress and dispatch follow from these
		[done, fromPlayerKey, itemIds.join(' ')],
	)

	// Once progress has loaded, bring the next item into view inside a height-limited list.
	const next = progress.next
	useEffect(() => {
		const list = listRef.current
		if (!loaded || !limited || !list || !next) return
		const item = list.querySelector<HTMLElement>(`[data-item="${next}"]`)
		if (item && (item.offsetTop < list.scrollTop || item.offsetTop + item.offsetHeight > list.scrollTop + list.clientHeight)) {
			list.scrollTop = Math.max(0, item.offsetTop - list.clientHeight / 3)
		}
		// Only on load and when the view changes, not on every tick.
		// eslint-disable-next-line react-hooks/exhaustive-deps
	}, [loaded, limited])

	const complete = progress.completed === progress.total
	return (
		<section
			// Each checklist of a page is its own region, named after its section.
			aria-label={title ? `Checklist: ${title}` : 'Checklist'}
			className="not-prose my-6 overflow-hidden rounded-lg border border-line bg-raised"
			data-checklist={id}
			data-hydrated={hydrated ? '' : undefined}
		>
			<div className="flex flex-wrap items-center gap-x-4 gap-y-2 border-b border-line bg-sunken/60 px-4 py-2.5">
				<p className={`text-sm font-semibold tabular-nums ${complete ? 'text-ok' : ''}`} aria-live="polite" data-progress>
					{complete ? `All ${progress.total} done` : `${progress.completed} of ${progress.total} done`}
				</p>
				<div className="h-2 min-w-20 flex-1 overflow-hidden rounded-full bg-line/70" aria-hidden="true">
					<div className="h-full rounded-full bg-ok transition-[width] duration-300" style={{ width: `${progress.percent}%` }} />
				</div>
				{playerName ? (
					<p className="basis-full text-xs text-muted sm:order-last" data-player-ticks={fromPlayer.length}>
						{fromPlayer.length === 0
							? `None of these quests is on ${playerName}'s completed list yet.`
							: `${fromPlayer.length} ${fromPlayer.length === 1 ? 'quest' : 'quests'} ticked from ${playerName}'s quest list.`}
					</p>
				) : null}
				<p className="no-js-only basis-full text-xs text-muted">Ticks are kept in this browser only with JavaScript on.</p>
				<div className="js-only flex gap-2">
					{long ? (
						<button type="button" className={BUTTON} aria-pressed={compact} aria-controls={listId} onClick={() => setCompact(!compact)}>
							Compact view
						</button>
					) : null}
					<button type="button" className={BUTTON} disabled={done.length === 0} onClick={() => dispatch({ type: 'reset' })}>
						Reset
					</button>
				</div>
			</div>
			<div
				id={listId}
				ref={listRef}
				className={`relative *:m-0 *:list-none *:divide-y *:divide-line/70 *:p-0 [&_li]:m-0 ${limited ? 'max-h-[480px] overflow-y-auto overscroll-contain' : ''}`}
				data-compact={limited ? '' : undefined}
			>
				<ChecklistContext value={context}>{children}</ChecklistContext>
			</div>
		</section>
	)
}

const BUTTON =
	'rounded-md border border-line bg-raised px-2.5 py-1 text-xs font-semibold text-fg hover:border-accent disabled:cursor-not-allowed disabled:opacity-50 aria-pressed:border-accent aria-pressed:text-accent'

/**
 * One row of a checklist: a real checkbox whose label is the row's content, so the whole row ticks
 * it while links inside the text still work as links.
 */
export function ChecklistItem({ id, children }: { id: string; children?: ReactNode }) {
	const checklist = use(ChecklistContext)
	const inputId = useId()
	if (!checklist) return <li>{children}</li>
	const fromPlayer = checklist.fromPlayer.has(id)
	const checked = checklist.done.has(id)
	const next = checklist.next === id
	// A quest the player has completed stays ticked: their quest list, not this page, decides.
	const toggle = () => {
		if (!fromPlayer) checklist.toggle(id)
	}
	// Space ticks a checkbox natively; Enter does too here, as it did before.
	const onKeyDown = (event: KeyboardEvent) => {
		if (event.key === 'Enter') {
			event.preventDefault()
			toggle()
		}
	}
	return (
		<li
			data-item={id}
			data-done={checked ? '' : undefined}
			data-from-player={fromPlayer ? '' : undefined}
			data-next={next ? '' : undefined}
		>
			<div
				className={`flex items-start gap-3 border-l-4 px-4 py-2.5 ${
					next ? 'border-accent bg-accent/10' : 'border-transparent hover:bg-sunken/60'
				}`}
			>
				<span className="relative mt-0.5 flex size-5 shrink-0">
					<input
						id={inputId}
						type="checkbox"
						className={`peer size-5 appearance-none rounded border-2 border-muted transition-colors checked:border-ok checked:bg-ok ${
							fromPlayer ? 'cursor-default' : 'cursor-pointer'
						}`}
						checked={checked}
						onChange={toggle}
						onKeyDown={onKeyDown}
						aria-readonly={fromPlayer || undefined}
						title={fromPlayer ? 'Completed on your account' : undefined}
					/>
					<svg
						viewBox="0 0 16 16"
						width="14"
						height="14"
						fill="none"
						stroke="currentColor"
						strokeWidth="2.5"
						aria-hidden="true"
						className="pointer-events-none absolute inset-0 m-auto hidden text-bg peer-checked:block"
					>
						<path d="m3.5 8.5 3 3 6-7" strokeLinecap="round" strokeLinejoin="round" />
					</svg>
				</span>
				<label htmlFor={inputId} className={`min-w-0 flex-1 select-none ${fromPlayer ? 'cursor-default' : 'cursor-pointer'}`}>
					<span
						data-item-text=""
						className={`block min-w-0 flex-1 leading-6 [&_a]:text-link [&_a]:underline [&_code]:rounded [&_code]:bg-sunken [&_code]:px-1 [&_strong]:font-semibold ${
							checked ? 'text-muted line-through decoration-muted' : ''
						}`}
					>
						{children}
					</span>
				</label>
				{next ? (
					<span aria-hidden="true" className="shrink-0 rounded-full bg-accent px-2 py-0.5 text-xs font-bold text-accent-fg">
						Next
					</span>
				) : null}
				{fromPlayer ? (
					<span className="shrink-0 rounded-full border border-ok/60 bg-ok-bg px-2 py-0.5 text-xs font-semibold text-ok">Quest done</span>
				) : null}
			</div>
		</li>
	)
}
