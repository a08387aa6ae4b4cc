import { data, redirect } from 'react-router'
import type { Route } from './+types/dashboard.reports'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { ReportsList } from '#app/feedback/reports-list.tsx'
import { parseReportsQuery, REPORTS_PATH, reportsHref } from '#app/feedback/reports-query.ts'
import { loadReportsPage, markReport } from '#app/feedback/server/reports.server.ts'
import { dashboardMeta } from '#app/dashboard/paths.ts'
import { requireDashboardSession } from '#app/dashboard/server/dashboard.server.ts'
import { getClock } from '#app/server/clock.server.ts'
import { readForm } from '#app/server/form-body.server.ts'

/** A bad `?p=` goes to the first page; a page past the end to the last one. */
export async function loader({ request }: Route.LoaderArgs) {
	await requireDashboardSession(request)
	const query = parseReportsQuery(new URL(request.url).searchParams)
	if (!query) throw redirect(REPORTS_PATH)
	const reports = await loadReportsPage(query)
	if (reports.totalPages > 0 && query.p > reports.totalPages) throw redirect(reportsHref({ ...query, p: reports.totalPages }))
	return { reports, query }
}

/** Mark resolved / reopen, then back to the same filters and page (POST/redirect/GET). */
export async function action({ request }: Route.ActionArgs) {
	await requireDashboardSession(request)
	const outcome = await markReport(await readForm(request), new Date(getClock().now()))
	if (outcome.kind !== 'done') throw data(outcome.message, { status: outcome.kind === 'invalid' ? 400 : 404 })
	const url = new URL(request.url)
	return redirect(`${REPORTS_PATH}${url.search}`, 303)
}

export const meta: Route.MetaFunction = () => dashboardMeta('Reports')

export default function ReportsRoute({ loaderData }: Route.ComponentProps) {
	return <ReportsList data={loaderData.reports} query={loaderData.query} />
}

export const ErrorBoundary = GeneralErrorBoundary
