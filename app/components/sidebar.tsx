import { useEffect, useRef, useState } from 'react'
import { Link, useLocation } from 'react-router'
import type { SidebarItem } from '#app/lib/content/navigation.ts'
import { IconChevron, IconMenu } from './icons.tsx'

const STORAGE_KEY = 'sidebar:closed'
/** Tailwind's `md`: where the sidebar stops being a menu. */
const WIDE = '(min-width: 48rem)'

function readClosed(): string[] {
	try {
		const value: unknown = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '[]')
		return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []
	} catch {
		return []
	}
}

/** Which groups the reader collapsed, remembered across visits. Everything is open at first. */
function useClosedGroups() {
	const [closed, setClosed] = useState<string[]>([])
	useEffect(() => {
		// Nothing stored (most readers): no second render of the whole tree after hydration.
		const stored = readClosed()
		if (stored.length > 0) setClosed(stored)
	}, [])
	function toggle(path: string) {
		const next = closed.includes(path) ? closed.filter((p) => p !== path) : [...closed, path]
		setClosed(next)
		try {
			localStorage.setItem(STORAGE_KEY, JSON.stringify(next))
		} catch {
			// Storage full or blocked: the choice lasts until the page is left.
		}
	}
	return { closed, toggle }
}

/**
 * The section's pages. On phones they fold into a `<details>` menu, which opens and closes without
 * JavaScript; from 768 px the list always shows (app.css opens the closed details there).
 */
export function Sidebar({ section, items }: { section: { label: string; path: string }; items: SidebarItem[] }) {
	const { pathname } = useLocation()
	const menuRef = useRef<HTMLDetailsElement>(null)
	const groups = useClosedGroups()
	// From 768 px the details is open for real (not only shown by CSS), so assistive technology
	// and the keyboard reach every link; below it, it starts closed.
	useEffect(() => {
		const wide = window.matchMedia(WIDE)
		const follow = () => {
			if (menuRef.current) menuRef.current.open = wide.matches
		}
		follow()
		wide.addEventListener('change', follow)
		return () => wide.removeEventListener('change', follow)
	}, [])
	const close = () => {
		if (menuRef.current && !window.matchMedia(WIDE).matches) menuRef.current.open = false
	}

	return (
		// Focusable so a keyboard can scroll it when it overflows (axe: scrollable-region-focusable).
		<aside
			tabIndex={0}
			className="shrink-0 border-b border-line md:sticky md:top-14 md:h-[calc(100dvh-3.5rem)] md:w-64 md:overflow-y-auto md:border-r md:border-b-0"
		>
			<details ref={menuRef} className="section-menu group/menu">
				<summary className="flex w-full cursor-pointer list-none items-center gap-2 px-4 py-3 text-sm font-semibold md:hidden [&::-webkit-details-marker]:hidden">
					<IconMenu size={18} />
					{section.label} menu
					<IconChevron size={16} className="ml-auto transition-transform group-open/menu:rotate-90" />
				</summary>
				<nav aria-label={`${section.label} pages`} className="px-3 pb-6 md:pt-6">
					<Link
						to={section.path}
						prefetch="intent"
						onClick={close}
						className="block px-2 pb-2 text-xs font-bold tracking-wider text-muted uppercase hover:text-fg"
					>
						{section.label}
					</Link>
					<SidebarTree items={items} pathname={pathname} groups={groups} onNavigate={close} />
				</nav>
			</details>
		</aside>
	)
}

function SidebarTree({
	items,
	pathname,
	groups,
	onNavigate,
	depth = 0,
}: {
	items: SidebarItem[]
	pathname: string
	groups: ReturnType<typeof useClosedGroups>
	onNavigate: () => void
	depth?: number
}) {
	return (
		<ul className={depth > 0 ? 'mt-0.5 ml-3 border-l border-line pl-2' : ''}>
			{items.map((item) => {
				const current = pathname.toLowerCase() === item.path
				const expanded = !groups.closed.includes(item.path)
				return (
					<li key={item.path} data-sidebar-group={item.children.length > 0 ? item.path : undefined}>
						<div className="flex items-center">
							<Link
								to={item.path}
								prefetch="intent"
								onClick={onNavigate}
								aria-current={current ? 'page' : undefined}
								className={`flex-1 rounded-md px-2 py-1.5 text-sm ${current ? 'bg-accent/15 font-semibold text-accent' : 'text-muted hover:bg-raised hover:text-fg'}`}
							>
								{item.label}
							</Link>
							{item.children.length > 0 ? (
								<button
									type="button"
									onClick={() => groups.toggle(item.path)}
									aria-expanded={expanded}
									aria-label={`${expanded ? 'Collapse' : 'Expand'} ${item.label}`}
									className="js-only rounded-md p-1.5 text-muted hover:bg-raised hover:text-fg"
								>
									<IconChevron size={16} className={`transition-transform ${expanded ? 'rotate-90' : ''}`} />
								</button>
							) : null}
						</div>
						{item.children.length > 0 && expanded ? (
							<SidebarTree items={item.children} pathname={pathname} groups={groups} onNavigate={onNavigate} depth={depth + 1} />
						) : null}
					</li>
				)
			})}
		</ul>
	)
}
