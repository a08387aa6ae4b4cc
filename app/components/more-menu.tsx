import { useEffect, useId, useRef, useState } from 'react'
import { Link, useLocation } from 'react-router'
import { TOOL_PAGES } from '#app/lib/tools.ts'
import { IconMenu } from './icons.tsx'

const linkClass = 'block rounded-md px-3 py-2 font-medium text-fg hover:bg-raised'

/**
 * Phones only (the bottom tab bar keeps its five tabs): the pages with no tab of their own, the
 * quest list and the Tools section. Closes on a link, Escape, a click outside or a new page.
 */
export function MoreMenu() {
	const [open, setOpen] = useState(false)
	const panelId = useId()
	const wrapperRef = useRef<HTMLDivElement>(null)
	const buttonRef = useRef<HTMLButtonElement>(null)
	const { pathname } = useLocation()

	const [shownFor, setShownFor] = useState(pathname)
	if (shownFor !== pathname) {
		setShownFor(pathname)
		setOpen(false)
	}

	useEffect(() => {
		if (!open) return
		const onKey = (event: KeyboardEvent) => {
			if (event.key !== 'Escape') return
			setOpen(false)
			buttonRef.current?.focus()
		}
		const onPointer = (event: PointerEvent) => {
			if (!wrapperRef.current?.contains(event.target as Node)) setOpen(false)
		}
		document.addEventListener('keydown', onKey)
		document.addEventListener('pointerdown', onPointer)
		return () => {
			document.removeEventListener('keydown', onKey)
			document.removeEventListener('pointerdown', onPointer)
		}
	}, [open])

	return (
		<div ref={wrapperRef} className="md:hidden">
			<button
				ref={buttonRef}
				type="button"
				onClick={() => setOpen((was) => !was)}
				aria-expanded={open}
				aria-controls={panelId}
				className={`inline-flex h-9 w-8 items-center sm:w-9 justify-center rounded-md border hover:bg-raised hover:text-fg ${open ? 'border-accent/70 bg-raised text-fg' : 'border-line text-muted'}`}
			>
				<IconMenu size={18} />
				<span className="sr-only">More</span>
			</button>
			<nav
				id={panelId}
				aria-label="More"
				hidden={!open}
				className="fixed inset-x-3 top-16 z-40 rounded-xl border border-line bg-bg p-2 shadow-2xl"
			>
				<ul>
					<li>
						<Link to="/quests" className={linkClass}>
							Quests
						</Link>
					</li>
					<li>
						<Link to="/tools" className={linkClass}>
							Tools
						</Link>
						<ul className="ml-3 border-l border-line pl-2">
							{TOOL_PAGES.map((tool) => (
								<li key={tool.path}>
									<Link to={tool.path} className={`${linkClass} text-sm`}>
										{tool.title}
									</Link>
								</li>
							))}
						</ul>
					</li>
				</ul>
			</nav>
		</div>
	)
}
