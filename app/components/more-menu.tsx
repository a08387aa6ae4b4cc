import { useEffect, useRef, useState } from 'react'
import { Link, useLocation } from 'react-router'
import { TOOL_PAGES } from '#app/lib/tools.ts'
import { IconMenu } from './icons.tsx'
import { useDismiss } from './use-dismiss.ts'
import { ThemeToggle } from './theme-toggle.tsx'

const linkClass = 'block rounded-md px-3 py-2 font-medium text-fg hover:bg-raised'

/**
 * Phones only (the bottom tab bar keeps its five tabs): the pages with no tab of their own, the
 * quest list and the Tools section, and the theme switch the header has no room for. A `<details>`,
 * so it opens without JavaScript too; hydrated, it also closes on a link, Escape, a click outside
 * or a new page.
 */
export function MoreMenu() {
	const menuRef = useRef<HTMLDetailsElement>(null)
	const [open, setOpen] = useState(false)
	const { pathname } = useLocation()

	useEffect(() => {
		if (menuRef.current) menuRef.current.open = false
	}, [pathname])

	useDismiss(open, menuRef, (how) => {
		if (menuRef.current) menuRef.current.open = false
		if (how === 'escape') menuRef.current?.querySelector('summary')?.focus()
	})

	return (
		<details
			ref={menuRef}
			// Its own size, whatever of it has arrived: a paint made before the <summary> is parsed
			// would show the browser's own "Details" label, 72 px wide, and shift the header icons.
			className="group/more h-9 w-8 shrink-0 sm:w-9 md:hidden"
			onToggle={(event) => setOpen(event.currentTarget.open)}
			data-more-menu=""
		>
			<summary className="inline-flex h-9 w-8 cursor-pointer list-none items-center justify-center rounded-md border border-line text-muted group-open/more:border-accent/70 group-open/more:bg-raised group-open/more:text-fg hover:bg-raised hover:text-fg sm:w-9 [&::-webkit-details-marker]:hidden">
				<IconMenu size={18} />
				<span className="sr-only">More</span>
			</summary>
			<nav aria-label="More" className="fixed inset-x-3 top-16 z-40 rounded-xl border border-line bg-bg p-2 shadow-2xl">
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
				{open ? (
					<div className="mt-1 flex items-center justify-between border-t border-line px-3 pt-2">
						<span className="font-medium text-fg">Theme</span>
						<ThemeToggle />
					</div>
				) : null}
			</nav>
		</details>
	)
}
