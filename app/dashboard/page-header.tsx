import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { DASHBOARD_PATH } from './paths.ts'
import { IconArrowLeft } from './icons.tsx'
import { ui } from './ui.ts'

/** Title, one line of text and the dashboard navigation: 'Back to Dashboard' then `links`. */
export function DashboardPageHeader({ title, text, links }: { title: string; text: ReactNode; links: ReactNode }) {
	return (
		<header className="flex flex-wrap items-end justify-between gap-4">
			<div>
				<h1 className="text-3xl font-bold tracking-tight">{title}</h1>
				<p className="mt-1 text-muted" aria-live="polite">
					{text}
				</p>
			</div>
			<nav aria-label="Dashboard" className="flex flex-wrap gap-2">
				<Link to={DASHBOARD_PATH} className={ui.secondary}>
					<IconArrowLeft size={16} />
					Back to Dashboard
				</Link>
				{links}
			</nav>
		</header>
	)
}
