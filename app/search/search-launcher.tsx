import { type ComponentType, lazy, Suspense, useEffect, useSyncExternalStore } from 'react'
import type { SearchDialogProps } from './search-dialog.tsx'

/*
 * The always-loaded part of the site search (a few hundred bytes in the shell chunk): who asked
 * for the dialog, the keyboard shortcuts, and the lazy dialog itself. The dialog's code, MiniSearch
 * and the index load only when the dialog opens or a search box is focused.
 */

const loadDialog = () => import('./search-dialog.tsx')
const SearchDialog = lazy<ComponentType<SearchDialogProps>>(() =>
	loadDialog().catch(() => {
		// Offline, or a deploy replaced the chunk: the search page works without it.
		window.location.assign('/search')
		return { default: () => null }
	}),
)
const SkillGuideDrawer = lazy<ComponentType<{ skill: string; onClose: () => void }>>(() =>
	import('./skill-guide-drawer.tsx').catch(() => ({ default: () => null })),
)

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

/** Starts loading the dialog's code and the index (a search box got focus). */
export function preloadSearch() {
	loadDialog().then(
		(m) => m.preloadIndex(),
		() => {
			// Opening the dialog tries again (and falls back to the search page).
		},
	)
}

/**
 * A stand-in field that holds the focus while the dialog's code loads the first time: phones open
 * the keyboard only for a focus inside the tap itself, and what is typed meanwhile is kept.
 */
let typeAhead: HTMLInputElement | null = null

function holdFocus() {
	typeAhead = document.createElement('input')
	typeAhead.setAttribute('aria-hidden', 'true')
	typeAhead.tabIndex = -1
	typeAhead.style.cssText = 'position:fixed;top:0;left:0;width:1px;height:1px;opacity:0;font-size:16px'
	document.body.append(typeAhead)
	typeAhead.focus()
}

/** What was typed while the dialog loaded; the stand-in field goes away. */
export function takeTypeAhead(): string {
	const text = typeAhead?.value ?? ''
	typeAhead?.remove()
	typeAhead = null
	return text
}

/** Opens the search dialog, searching for `query` when given. */
export function openSearch(query: string | null = null, from: Element | null = document.activeElement) {
	if (state.open) {
		// Still typing into the box while the dialog loads: it opens with all of it.
		if (query !== null) setState({ query })
		return
	}
	returnFocus = from instanceof HTMLElement && from !== document.body ? from : null
	preloadSearch()
	// A search box keeps the focus (and the typing) itself until the dialog takes over.
	if (!state.requested && !(from instanceof HTMLInputElement)) holdFocus()
	setState({ requested: true, open: true, query, opening: state.opening + 1 })
}

export type CloseOptions = {
	/** False when the reader is leaving for a result. */
	restoreFocus?: boolean
	/** The dialog's query: a search box that opened it shows it, so typing there carries on. */
	query?: string
}

/** Closes the dialog; focus goes back where it was unless the reader is leaving for a result. */
function closeSearch({ restoreFocus = true, query }: CloseOptions = {}) {
	setState({ open: false })
	if (query !== undefined && returnFocus instanceof HTMLInputElement && returnFocus.closest('[data-search-box]')) {
		returnFocus.value = query
	}
	focusOnClose = restoreFocus
}

let focusOnClose = false

/**
 * Called by the dialog once it has closed (a closing modal dialog moves the focus itself first):
 * focus goes back where it was.
 */
export function searchClosed() {
	if (focusOnClose && returnFocus?.isConnected) returnFocus.focus()
	focusOnClose = false
}

/** Closes the dialog and opens a skill's levelling guide in its drawer. */
function openSkillGuide(skill: string) {
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
