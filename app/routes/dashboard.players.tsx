import { data, redirect } from 'react-router'
import type { Route } from './+types/dashboard.players'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { dashboardMeta } from '#app/dashboard/paths.ts'
import { requireDashboardSession } from '#app/dashboard/server/dashboard.server.ts'
import { readForm } from '#app/server/form-body.server.ts'
import { getPlayerServices } from '#app/server/player-services.server.ts'
import { DashboardPlayers } from '#app/tracker/dashboard-players.tsx'
import { deleteFromDashboard, findForDashboard } from '#app/tracker/server/dashboard-players.server.ts'

export async function loader({ request }: Route.LoaderArgs) {
	await requireDashboardSession(request)
	return findForDashboard(getPlayerServices().tracker, new URL(request.url))
}

/** `intent=delete`, `name`, `block=on`: deletes the history (and blocks the name), then back. */
export async function action({ request }: Route.ActionArgs) {
	await requireDashboardSession(request)
	const form = await readForm(request)
	if (form.get('intent') !== 'delete') throw data('Unknown request: the form sends intent=delete.', { status: 400 })
	const outcome = await deleteFromDashboard(getPlayerServices().tracker, form.get('name'), form.get('block') === 'on')
	if (!outcome.ok) return data(outcome, { status: 400 })
	return redirect(outcome.location, 303)
}

export const meta: Route.MetaFunction = () => dashboardMeta('Players')

export default function DashboardPlayersRoute({ loaderData, actionData }: Route.ComponentProps) {
	return <DashboardPlayers data={{ ...loaderData, error: actionData && !actionData.ok ? actionData.error : null }} />
}

export const ErrorBoundary = GeneralErrorBoundary
