import { Link, NavLink } from 'react-router'
import { HeaderPlayer } from '#app/player/header-player.tsx'
import { HeaderSearch } from '#app/search/search-box.tsx'
import { MoreMenu } from './more-menu.tsx'
import { ThemeToggle } from './theme-toggle.tsx'

export type TopNavItem = { label: string; href: string; section: string }

export function SiteHeader({ items, leaguesHref }: { items: TopNavItem[]; leaguesHref?: string }) {
	return (
		<header className="sticky top-0 z-30 border-b border-line bg-bg/90 backdrop-blur supports-[backdrop-filter]:bg-bg/75 print:hidden">
			<div className="mx-auto flex h-14 max-w-screen-2xl items-center gap-2 px-3 sm:px-4">
				<Link to="/" className="flex shrink-0 items-center gap-2 text-base font-bold tracking-tight whitespace-nowrap text-fg sm:text-lg lg:mr-4">
					<img src="/favicon.svg" alt="" width={26} height={26} />
					<span>Gielinor Guide</span>
				</Link>
				<nav aria-label="Sections" className="hidden items-center gap-0.5 md:flex lg:gap-1">
					{items.map((item) => (
						<NavLink
							key={item.section}
							to={item.href}
							className={({ isActive }) => navClass(isActive)}
							// Section links point at the first page; the whole section counts as active.
							end={false}
						>
							{item.label}
						</NavLink>
					))}
					<NavLink to="/quests" className={({ isActive }) => navClass(isActive)}>
						Quests
					</NavLink>
					<NavLink to="/tools" end={false} className={({ isActive }) => navClass(isActive)}>
						Tools
					</NavLink>
				</nav>
				<div className="ml-auto flex items-center gap-0.5 sm:gap-1">
					<HeaderSearch />
					{leaguesHref ? (
						<Link
							to={leaguesHref}
							className="hidden whitespace-nowrap rounded-md border border-accent/60 px-2 py-1.5 lg:px-3 text-sm font-semibold text-accent hover:bg-accent hover:text-accent-fg md:inline-block"
						>
							Leagues Hub
						</Link>
					) : null}
					<HeaderPlayer />
					<ThemeToggle />
					<MoreMenu />
				</div>
			</div>
		</header>
	)
}

function navClass(isActive: boolean) {
	return `whitespace-nowrap rounded-md px-1.5 py-1.5 text-sm font-medium lg:px-3 ${isActive ? 'bg-raised text-fg' : 'text-muted hover:bg-raised hover:text-fg'}`
}
