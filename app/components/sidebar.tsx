import { useEffect, useState } from 'react'
import { Link, useLocation } from 'react-router'
import type { SidebarItem } from '#app/lib/content/navigation.ts'
import { IconChevron, IconMenu } from './icons.tsx'

const STORAGE_KEY = 'sidebar:closed'

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
	useEffect(() => setClosed(readClosed()), [])
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

export function Sidebar({ section, items }: { section: { label: string; path: string }; items: SidebarItem[] }) {
	const { pathname } = useLocation()
	const [open, setOpen] = useState(false)
	const groups = useClosedGroups()
	const close = () => setOpen(false)

	return (
		<aside className="shrink-0 border-b border-line md:sticky md:top-14 md:h-[calc(100dvh-3.5rem)] md:w-64 md:overflow-y-auto md:border-r md:border-b-0">
			<button
				type="button"
				className="flex w-full items-center gap-2 px-4 py-3 text-sm font-semibold md:hidden"
				aria-expanded={open}
				aria-controls="section-nav"
				onClick={() => setOpen(!open)}
			>
				<IconMenu size={18} />
				{section.label} menu
				<IconChevron size={16} className={`ml-auto transition-transform ${open ? 'rotate-90' : ''}`} />
			</button>
			<nav id="section-nav" aria-label={`${section.label} pages`} className={`${open ? 'block' : 'hidden'} px-3 pb-6 md:block md:pt-6`}>
				<Link to={section.path} prefetch="intent" onClick={close} className="block px-2 pb-2 text-xs font-bold tracking-wider text-muted uppercase hover:text-fg">
					{section.label}
				</Link>
				<SidebarTree items={items} pathname={pathname} groups={groups} onNavigate={close} />
			</nav>
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
									className="rounded-md p-1.5 text-muted hover:bg-raised hover:text-fg"
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
