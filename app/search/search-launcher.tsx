import { lazy, Suspense, useEffect, useSyncExternalStore } from 'react'

/*
 * The always-loaded part of the site search (a few hundred bytes in the shell chunk): who asked
 * for the dialog, the keyboard shortcuts, and the lazy dialog itself. The dialog's code, MiniSearch
 * and the index load only when the dialog opens or a search box is focused.
 */

const loadDialog = () => import('./search-dialog.tsx')
const SearchDialog = lazy(loadDialog)
const SkillGuideDrawer = lazy(() => import('./skill-guide-drawer.tsx'))

type LauncherState = {
	/** The dialog was opened once: it stays mounted (with its query) afterwards. */
	requested: boolean
	open: boolean
	/** The text to search for when opened from a search box; null keeps the last query. */
	query: string | null
	/** Counts openings, so the dialog takes `query` once per opening. */
	opening: number
	/** The skill whose levelling guide is open (chosen from the results). */
	skill: string | null
}

let state: LauncherState = { requested: false, open: false, query: null, opening: 0, skill: null }
/** Where focus was before the dialog opened; it goes back there when the dialog closes. */
let returnFocus: HTMLElement | null = null
const listeners = new Set<() => void>()

function setState(next: Partial<LauncherState>) {
	state = { ...state, ...next }
	for (const listener of listeners) listener()
}

const SERVER_STATE = state

/** Starts loading the dialog's code and the index (a search box got focus, a pointer is near). */
export function preloadSearch() {
	void loadDialog().then((m) => m.preloadIndex())
}

/** Opens the search dialog, searching for `query` when given. */
export function openSearch(
	query: string | null = null,
	from: Element | null = document.activeElement,
) {
	if (state.open) {
		// Still typing into the box while the dialog loads: it opens with all of it.
		if (query !== null) setState({ query })
		return
	}
	returnFocus = from instanceof HTMLElement && from !== document.body ? from : null
	preloadSearch()
	setState({ requested: true, open: true, query, opening: state.opening + 1 })
}

export type CloseOptions = {
	/** False when the reader is leaving for a result. */
	restoreFocus?: boolean
	/** The dialog's query: a search box that opened it shows it, so typing there carries on. */
	query?: string
}

/** Closes the dialog; focus goes back where it was unless the reader is leaving for a result. */
export function closeSearch({ restoreFocus = true, query }: CloseOptions = {}) {
	setState({ open: false })
	if (
		query !== undefined &&
		returnFocus instanceof HTMLInputElement &&
		returnFocus.closest('[data-search-box]')
	) {
		returnFocus.value = query
	}
	if (restoreFocus && returnFocus?.isConnected) returnFocus.focus()
}

/** Closes the dialog and opens a skill's levelling guide in its drawer. */
export function openSkillGuide(skill: string) {
	setState({ open: false, skill })
}

function closeSkillGuide() {
	setState({ skill: null })
	if (returnFocus?.isConnected) returnFocus.focus()
}

/** Whether a key press happens while the reader is typing somewhere (then `/` is just a slash). */
function isTyping(target: EventTarget | null): boolean {
	if (!(target instanceof HTMLElement)) return false
	return target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName)
}

function onKeyDown(event: KeyboardEvent) {
	if (event.defaultPrevented || event.altKey || event.shiftKey) return
	const commandK = event.key.toLowerCase() === 'k' && (event.metaKey || event.ctrlKey)
	const slash = event.key === '/' && !event.metaKey && !event.ctrlKey && !isTyping(event.target)
	// While the dialog is open, it handles its keys itself (⌘K again closes it).
	if ((!commandK && !slash) || state.open) return
	event.preventDefault()
	openSearch()
}

/** Mounted once in the root layout: shortcuts ⌘K / Ctrl+K and `/`, and the dialog when asked for. */
export function SearchLauncher() {
	const current = useSyncExternalStore(
		(listener) => {
			listeners.add(listener)
			return () => listeners.delete(listener)
		},
		() => state,
		() => SERVER_STATE,
	)
	useEffect(() => {
		document.addEventListener('keydown', onKeyDown)
		return () => document.removeEventListener('keydown', onKeyDown)
	}, [])
	return (
		<>
			{current.requested ? (
				<Suspense fallback={null}>
					<SearchDialog
						open={current.open}
						query={current.query}
						opening={current.opening}
						onClose={closeSearch}
						onOpenSkill={openSkillGuide}
					/>
				</Suspense>
			) : null}
			{current.skill ? (
				<Suspense fallback={null}>
					<SkillGuideDrawer skill={current.skill} onClose={closeSkillGuide} />
				</Suspense>
			) : null}
		</>
	)
}
