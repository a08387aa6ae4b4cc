import { data, redirect } from 'react-router'
import type { Route } from './+types/dashboard.names'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { dashboardMeta } from '#app/dashboard/paths.ts'
import { requireDashboardSession } from '#app/dashboard/server/dashboard.server.ts'
import { NAME_REVIEW_PATH, NameReview, type NameReviewData } from '#app/groups/name-review.tsx'
import { getNameChanges } from '#app/groups/server/services.server.ts'
import { readForm } from '#app/server/form-body.server.ts'

export async function loader({ request }: Route.LoaderArgs) {
	await requireDashboardSession(request)
	const url = new URL(request.url)
	const decision = url.searchParams.get('done')
	const done: NameReviewData['done'] =
		decision === 'approved' || decision === 'rejected'
			? { decision, oldName: url.searchParams.get('old') ?? '', newName: url.searchParams.get('new') ?? '' }
			: null
	return { pending: await getNameChanges().pending(), done }
}

/** `intent=approve|reject`, `id`: applies or discards a pending change, then back (303). */
export async function action({ request }: Route.ActionArgs) {
	await requireDashboardSession(request)
	const form = await readForm(request)
	const intent = form.get('intent')
	const id = Number(form.get('id'))
	if ((intent !== 'approve' && intent !== 'reject') || !Number.isSafeInteger(id) || id < 1) {
		throw data('Unknown request: the form sends intent=approve or intent=reject and the change’s id.', { status: 400 })
	}
	const names = getNameChanges()
	const change = (await names.pending()).find((c) => c.id === id)
	if (!change) return data({ error: 'No such change waits for review (approved or rejected already?).' }, { status: 409 })
	if (intent === 'approve') {
		const approved = await names.approve(id)
		if (!approved.ok) return data({ error: approved.reason }, { status: 409 })
	} else if (!(await names.reject(id))) {
		return data({ error: 'No such change waits for review (approved or rejected already?).' }, { status: 409 })
	}
	const back = new URLSearchParams({ done: intent === 'approve' ? 'approved' : 'rejected', old: change.oldName, new: change.newName })
	return redirect(`${NAME_REVIEW_PATH}?${back}`, 303)
}

export const meta: Route.MetaFunction = () => dashboardMeta('Name changes')

export default function DashboardNamesRoute({ loaderData, actionData }: Route.ComponentProps) {
	return <NameReview data={{ ...loaderData, error: actionData?.error ?? null }} />
}

export const ErrorBoundary = GeneralErrorBoundary
