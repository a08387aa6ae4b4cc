import { useEffect } from 'react'
import { Form, Link, Outlet } from 'react-router'
import type { Route } from './+types/dashboard'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { dismissErrorToasts } from '#app/components/toaster.tsx'
import { IconLogout } from '#app/dashboard/icons.tsx'
import { ui } from '#app/dashboard/ui.ts'
import { DASHBOARD_PATH, dashboardMeta } from '#app/dashboard/paths.ts'
import { hasDashboardSession } from '#app/dashboard/server/dashboard.server.ts'
import { CACHE_CONTROL } from '#app/server/cache-control.server.ts'

export async function loader({ request }: Route.LoaderArgs) {
	return { unlocked: await hasDashboardSession(request) }
}

// Private pages: never stored by a cache or a proxy, never indexed (the child routes inherit this).
export const headers: Route.HeadersFunction = () => ({
	'Cache-Control': CACHE_CONTROL.personal,
	'X-Robots-Tag': 'noindex',
})

export const meta: Route.MetaFunction = () => dashboardMeta('Dashboard')

export default function DashboardLayout({ loaderData }: Route.ComponentProps) {
	const { unlocked } = loaderData
	// Just logged in: error toasts from before (a refused attempt, a failed request) are out of date.
	useEffect(() => {
		if (unlocked) void dismissErrorToasts()
	}, [unlocked])
	return (
		<main id="main" className="mx-auto w-full max-w-6xl px-4 py-6 sm:px-6 sm:py-8">
			<div className="mb-6 flex min-h-9 items-center justify-between gap-4 border-b border-line pb-4">
				<Link to={DASHBOARD_PATH} className="text-sm font-semibold tracking-wide text-muted uppercase hover:text-fg">
					Author Dashboard
				</Link>
				{loaderData.unlocked ? (
					<Form method="post" action={`${DASHBOARD_PATH}?index`}>
						<input type="hidden" name="intent" value="logout" />
						<button type="submit" className={ui.ghost}>
							<IconLogout size={16} />
							Logout
						</button>
					</Form>
				) : null}
			</div>
			<Outlet />
		</main>
	)
}

export const ErrorBoundary = GeneralErrorBoundary
