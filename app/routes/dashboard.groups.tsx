import { data, redirect } from 'react-router'
import type { Route } from './+types/dashboard.groups'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { dashboardMeta, GROUPS_DASHBOARD_PATH } from '#app/dashboard/paths.ts'
import { requireDashboardSession } from '#app/dashboard/server/dashboard.server.ts'
import { DashboardGroups } from '#app/groups/dashboard-groups.tsx'
import { getGroupsService } from '#app/groups/server/services.server.ts'
import { readForm } from '#app/server/form-body.server.ts'

const DONE = { lock: 'Locked', unlock: 'Unlocked', delete: 'Deleted' } as const

const isIntent = (intent: string | null): intent is keyof typeof DONE => intent !== null && Object.hasOwn(DONE, intent)

function doneMessage(intent: string | null, id: string | null) {
	return isIntent(intent) && id && /^\d{1,9}$/.test(id) ? `${DONE[intent]} group ${id}.` : null
}

/** `?q=` finds groups by name or clan; `?done=<intent>&id=` says what the last POST did. */
export async function loader({ request }: Route.LoaderArgs) {
	await requireDashboardSession(request)
	const url = new URL(request.url)
	const query = (url.searchParams.get('q') ?? '').trim().slice(0, 60)
	const groups = await getGroupsService().list(query)
	return {
		query,
		groups: groups.map((group) => ({ ...group, createdAt: group.createdAt.toISOString() })),
		done: doneMessage(url.searchParams.get('done'), url.searchParams.get('id')),
	}
}

/** `intent=lock|unlock|delete` and `id`: done with the session (the code is not needed), then back. */
export async function action({ request }: Route.ActionArgs) {
	await requireDashboardSession(request)
	const form = await readForm(request)
	const intent = String(form.get('intent') ?? '')
	const id = String(form.get('id') ?? '')
	if (!isIntent(intent)) throw data('Unknown request: the form sends intent=lock, unlock or delete.', { status: 400 })
	if (!/^[1-9]\d{0,8}$/.test(id)) return data({ error: 'The group id must be a positive whole number.' }, { status: 400 })
	const service = getGroupsService()
	const outcome =
		intent === 'delete' ? await service.removeByAuthor(Number(id)) : await service.setLockedByAuthor(Number(id), intent === 'lock')
	if (!outcome.ok) return data({ error: `Group ${id}: ${outcome.message}` }, { status: 404 })
	return redirect(`${GROUPS_DASHBOARD_PATH}?${new URLSearchParams({ done: intent, id })}`, 303)
}

export const meta: Route.MetaFunction = () => dashboardMeta('Groups')

export default function DashboardGroupsRoute({ loaderData, actionData }: Route.ComponentProps) {
	return <DashboardGroups data={{ ...loaderData, error: actionData?.error ?? null }} />
}

export const ErrorBoundary = GeneralErrorBoundary
