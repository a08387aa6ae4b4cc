import { Link, NavLink } from 'react-router'
import { HeaderPlayer } from '#app/player/header-player.tsx'
import { HeaderSearch } from '#app/search/search-box.tsx'
import { MoreMenu } from './more-menu.tsx'
import { ThemeToggle } from './theme-toggle.tsx'

export type TopNavItem = { label: string; href: string; section: string }

/** The favicon's drawing inline: no request (and no preload React would add for an <img>) before the first paint. */
function SiteLogo() {
	return (
		<svg width="26" height="26" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
			<rect width="32" height="32" rx="7" fill="#161b22" />
			<path d="M16 3 27 10v12l-11 7-11-7V10z" fill="#e5b454" stroke="#7a5a14" strokeWidth="1.5" strokeLinejoin="round" />
			<path
				d="M16 8v16M11 12l5 4 5-4M11 20l5-4 5 4"
				fill="none"
				stroke="#1a1406"
				strokeWidth="2.2"
				strokeLinecap="round"
				strokeLinejoin="round"
			/>
		</svg>
	)
}

export function SiteHeader({ items, leaguesHref }: { items: TopNavItem[]; leaguesHref?: string }) {
	return (
		<header className="sticky top-0 z-30 border-b border-line bg-bg/90 backdrop-blur supports-[backdrop-filter]:bg-bg/75 print:hidden">
			<div className="mx-auto flex h-14 max-w-screen-2xl items-center gap-2 px-3 sm:px-4">
				<Link
					to="/"
					className="flex shrink-0 items-center gap-2 text-base font-bold tracking-tight whitespace-nowrap text-fg sm:text-lg lg:mr-4"
				>
					<SiteLogo />
					{/* The mark alone below 360 px (search, account and menu need the room) and on
					    tablets (768–1023 px), where the section links and tools do. */}
					<span className="max-[359px]:sr-only md:max-lg:sr-only">Gielinor Guide</span>
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
				{/* On a phone the group is never narrower than its icons (search 32 px, account 34, More 32,
				    two 2 px gaps = 25.5 spacing units), from the first paint: a paint made while the parser
				    is still inside the header must not move the icons when the ones after them arrive. Being
				    a set width, not the icons' own, it also lets a remembered player's name widen the account
				    button only up to the room the logo leaves. Its height is set too: it does not grow from
				    nothing as the icons arrive. */}
				<div className="ml-auto flex h-9 items-center gap-0.5 max-sm:min-w-25.5 sm:gap-1">
					<HeaderSearch />
					{leaguesHref ? (
						<Link
							to={leaguesHref}
							className="hidden rounded-md border border-accent/60 px-2 py-1.5 text-sm font-semibold whitespace-nowrap text-accent hover:bg-accent hover:text-accent-fg lg:inline-block lg:px-3"
						>
							Leagues Hub
						</Link>
					) : null}
					<HeaderPlayer />
					{/* On phones the theme switch sits in the More menu: the header has no room left. */}
					<ThemeToggle className="max-md:hidden" />
					<MoreMenu />
				</div>
			</div>
		</header>
	)
}

function navClass(isActive: boolean) {
	return `whitespace-nowrap rounded-md px-1.5 py-1.5 text-sm font-medium lg:px-2.5 xl:px-3 ${isActive ? 'bg-raised text-fg' : 'text-muted hover:bg-raised hover:text-fg'}`
}
