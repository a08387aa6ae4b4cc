import { lazy, Suspense, useCallback, useEffect, useId, useRef, useState } from 'react'
import { IconUser } from './player-icons.tsx'
import { useStoredUsername } from './username-store.ts'

// The popover brings TanStack Query and the lookup: it stays out of the main bundle.
const loadPanel = () => import('./header-lookup-panel.tsx')
const HeaderLookupPanel = lazy(loadPanel)

/**
 * "Check my account" in the site header: opens a popover with the player lookup and, once a
 * player is loaded, shows their name. A returning reader's stats load in the background when
 * the browser is idle, so the name shows without a click.
 */
export function HeaderPlayer() {
	const [open, setOpen] = useState(false)
	const [mounted, setMounted] = useState(false)
	const [playerName, setPlayerName] = useState<string | undefined>(undefined)
	const stored = useStoredUsername()
	const wrapperRef = useRef<HTMLDivElement>(null)
	const buttonRef = useRef<HTMLButtonElement>(null)
	const panelId = useId()

	useEffect(() => {
		if (!stored || mounted) return
		if (typeof window.requestIdleCallback === 'function') {
			const handle = window.requestIdleCallback(() => setMounted(true), { timeout: 4000 })
			return () => window.cancelIdleCallback(handle)
		}
		const handle = window.setTimeout(() => setMounted(true), 1500)
		return () => window.clearTimeout(handle)
	}, [stored, mounted])

	const close = useCallback((refocus: boolean) => {
		setOpen(false)
		if (refocus) buttonRef.current?.focus()
	}, [])

	return (
		// js-only: without JavaScript the popover cannot open (the quest pages have their own box).
		// flex: the button is not on a text line, whose baseline made the box 42 px tall while the
		// button was arriving (a paint mid-parse), moving the header icons.
		<div ref={wrapperRef} className="js-only flex max-sm:min-w-0 sm:relative">
			<button
				ref={buttonRef}
				type="button"
				onClick={() => {
					// A page with its own name box (quest pages, the quest list) keeps one box: go to it.
					const pageBox = document.querySelector<HTMLInputElement>('[data-page-lookup] input')
					if (pageBox && !open) {
						pageBox.scrollIntoView({ block: 'center' })
						pageBox.focus({ preventScroll: true })
						return
					}
					setMounted(true)
					setOpen((was) => !was)
				}}
				onPointerEnter={() => void loadPanel()}
				aria-expanded={open}
				aria-controls={mounted ? panelId : undefined}
				aria-haspopup="dialog"
				data-header-player=""
				className={`inline-flex h-9 max-w-full min-w-0 items-center gap-1 rounded-md border sm:max-w-44 sm:gap-1.5 ${playerName ? 'px-1.5' : 'px-2'} text-sm font-medium hover:bg-raised hover:text-fg sm:px-2.5 ${open ? 'border-accent/70 bg-raised text-fg' : 'border-line text-muted'}`}
			>
				<IconUser size={16} className={playerName ? 'shrink-0 text-ok' : 'shrink-0'} />
				{/* Text only where the header has room: phones (no section nav) and wide screens. On a phone
				    the name gets what the logo and the other icons leave (the group shrinks, this box with it). */}
				{playerName ? (
					<span className="truncate whitespace-nowrap text-fg md:max-lg:sr-only">
						<span className="sr-only">Account: </span>
						{playerName}
					</span>
				) : (
					<span className="whitespace-nowrap max-sm:sr-only md:max-lg:sr-only">Check my account</span>
				)}
			</button>
			{mounted ? (
				<Suspense fallback={open ? <PanelFallback /> : null}>
					<HeaderLookupPanel id={panelId} open={open} onClose={close} onPlayer={setPlayerName} containerRef={wrapperRef} />
				</Suspense>
			) : null}
		</div>
	)
}

function PanelFallback() {
	return (
		<div className="fixed inset-x-3 top-16 z-40 rounded-xl border border-line bg-bg p-4 text-sm text-muted shadow-2xl sm:absolute sm:inset-x-auto sm:top-full sm:right-0 sm:mt-2 sm:w-96">
			Loading…
		</div>
	)
}
