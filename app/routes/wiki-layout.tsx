import { Outlet, type ShouldRevalidateFunctionArgs } from 'react-router'
import type { Route } from './+types/wiki-layout'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { Sidebar } from '#app/components/sidebar.tsx'
import { getSectionNav } from '#app/server/guides.server.ts'

export function loader({ request }: Route.LoaderArgs) {
	return getSectionNav(new URL(request.url).pathname)
}

// The sidebar only changes when the reader moves to another section.
export function shouldRevalidate({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
	const section = (url: URL) => url.pathname.split('/')[1]?.toLowerCase()
	return section(currentUrl) !== section(nextUrl) ? defaultShouldRevalidate : false
}

export default function WikiLayout({ loaderData }: Route.ComponentProps) {
	return (
		<div className="mx-auto flex w-full max-w-screen-2xl flex-col md:flex-row">
			{loaderData ? <Sidebar section={loaderData.section} items={loaderData.items} /> : null}
			<Outlet />
		</div>
	)
}

export const ErrorBoundary = GeneralErrorBoundary
