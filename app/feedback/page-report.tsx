import { lazy, Suspense } from 'react'
import { useLocation } from 'react-router'
import { Icon, IconChevron, type IconProps } from '#app/components/icons.tsx'
import { openedSignal, UntilOpened, useOpenedDetails } from '#app/components/until-opened.tsx'

const ReportBody = lazy(() => import('./report-body.tsx'))

const IconFlag = (p: IconProps) => (
	<Icon {...p}>
		<path d="M4 22V4M4 4h12l-2 4 2 4H4" />
	</Icon>
)

/** Settles the first time a reader opens the report on this page load. */
const signal = openedSignal()

/**
 * One element for every render: while the form waits to be opened, a page that re-renders around
 * it (the catalogue applying its query, the planner its player) passes the same props, so React
 * leaves the waiting form alone. A new location (a link to a section) makes React render it
 * afresh, as it cannot know whether the form reads it: closed, it then renders nothing, and its
 * code still waits for the reader to open it.
 */
const BODY = (
	<Suspense>
		<UntilOpened signal={signal}>
			<ReportBody />
		</UntilOpened>
	</Suspense>
)

/**
 * "Something wrong on this page?" at the foot of guide, quest and tool pages: a closed disclosure
 * with a plain form inside. Without JavaScript it posts to /feedback, which answers with its own
 * page; with it, the report is sent in the background and thanked in place (report-body.tsx),
 * code that loads only when a reader opens the disclosure.
 */
export function PageReport() {
	const opening = useOpenedDetails(signal.markOpened)
	// Each page its own report: a new page starts closed and empty.
	const { pathname } = useLocation()
	return (
		<details key={pathname} {...opening} className="group mt-12 max-w-3xl rounded-lg border border-line text-sm" data-page-report="">
			<summary className="flex cursor-pointer list-none items-center gap-2 rounded-lg px-4 py-3 text-muted select-none hover:text-fg [&::-webkit-details-marker]:hidden">
				<IconFlag size={16} />
				<span className="font-medium">Something wrong on this page?</span>
				<IconChevron size={16} className="ml-auto transition-transform group-open:rotate-90" />
			</summary>
			<div className="border-t border-line px-4 pt-3 pb-4">{BODY}</div>
		</details>
	)
}
