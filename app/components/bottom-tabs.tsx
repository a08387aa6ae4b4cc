import type { ReactNode } from 'react'
import { NavLink } from 'react-router'
import { IconBook, IconCog, IconHome, IconSword, IconTrophy } from './icons.tsx'

/** `fullName` is read by screen readers (and search engines) where the short label is vague. */
export type BottomTab = { label: string; fullName?: string; href: string; match: string; icon: ReactNode }

export function bottomTabs(hrefs: Record<string, string | undefined>): BottomTab[] {
	return [
		{ label: 'Setup', href: hrefs.setup ?? '/setup', match: '/setup', icon: <IconCog /> },
		{
			label: 'Start',
			fullName: 'Getting Started',
			href: hrefs['getting-started'] ?? '/getting-started',
			match: '/getting-started',
			icon: <IconSword />,
		},
		{ label: 'Home', href: '/', match: '/', icon: <IconHome /> },
		{ label: 'Guides', href: hrefs.guides ?? '/guides', match: '/guides', icon: <IconBook /> },
		{ label: 'Leagues', href: hrefs.leagues ?? '/leagues', match: '/leagues', icon: <IconTrophy /> },
	]
}

/** The phone navigation (below 768 px), fixed to the bottom of the screen. */
export function BottomTabs({ tabs, pathname }: { tabs: BottomTab[]; pathname: string }) {
	return (
		<nav
			aria-label="Main"
			className="fixed inset-x-0 bottom-0 z-30 border-t border-line bg-bg/95 pb-[env(safe-area-inset-bottom)] backdrop-blur md:hidden print:hidden"
		>
			<ul className="grid grid-cols-5">
				{tabs.map((tab) => {
					const active = tab.match === '/' ? pathname === '/' : pathname.startsWith(tab.match)
					return (
						<li key={tab.label}>
							<NavLink
								to={tab.href}
								aria-current={active ? 'page' : undefined}
								className={`flex flex-col items-center gap-0.5 py-2 text-xs font-medium ${active ? 'text-accent' : 'text-muted'}`}
							>
								{tab.icon}
								{tab.label}
								{tab.fullName ? <span className="sr-only"> ({tab.fullName})</span> : null}
							</NavLink>
						</li>
					)
				})}
			</ul>
		</nav>
	)
}
