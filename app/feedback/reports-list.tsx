import { Form, Link, useNavigation } from 'react-router'
import { formatModified } from '#app/dashboard/format.ts'
import { DashboardPageHeader } from '#app/dashboard/page-header.tsx'
import { Pagination } from '#app/components/pagination.tsx'
import { ui } from '#app/dashboard/ui.ts'
import { REASON_LABELS, REPORT_REASONS, type ReportReason } from './report.ts'
import { REPORTS_PATH, reportsHref, type ReportRow, type ReportsPage, type ReportsQuery } from './reports-query.ts'

const STATUS_LABELS = { open: 'Open', resolved: 'Resolved', all: 'Open and resolved' } as const

const REASON_STYLES: Record<ReportReason, string> = {
	outdated: 'bg-warn/15 text-warn',
	incorrect: 'bg-bad-bg text-bad',
	unclear: 'bg-accent/15 text-fg',
	other: 'bg-sunken text-muted',
}

/** The dashboard's Reports page: readers' reports, newest first, with filters and paging. */
export function ReportsList({ data, query }: { data: ReportsPage; query: ReportsQuery }) {
	const navigation = useNavigation()
	const busy = navigation.state !== 'idle' && navigation.location?.pathname === REPORTS_PATH
	const noun = data.total === 1 ? 'report' : 'reports'
	const status = query.status === 'all' ? '' : `${query.status} `
	return (
		<div className="space-y-6">
			<DashboardPageHeader
				title="Reports"
				text={`${data.total} ${status}${noun} from readers${query.page || query.reason ? ' matching the filters' : ''}.`}
				links={null}
			/>
			<FilterForm data={data} query={query} />
			{data.items.length === 0 ? (
				<section className={`${ui.panel} px-6 py-12 text-center`} data-reports-empty="">
					<h2 className="text-xl font-bold">No reports here</h2>
					<p className="mt-1 text-muted">
						{query.status === 'open' ? 'Nothing open: every report so far has been dealt with.' : 'No report matches these filters.'}
					</p>
				</section>
			) : (
				<ol className="space-y-3" aria-busy={busy} data-reports="">
					{data.items.map((report) => (
						<ReportCard key={report.id} report={report} query={query} />
					))}
				</ol>
			)}
			<Pagination page={query.p} totalPages={data.totalPages} href={(p) => reportsHref({ ...query, p })} label="Report pages" />
		</div>
	)
}

/** A plain GET form, so filtering works before and without JavaScript. */
function FilterForm({ data, query }: { data: ReportsPage; query: ReportsQuery }) {
	return (
		<Form method="get" action={REPORTS_PATH} className={`${ui.panel} flex flex-wrap items-end gap-3 p-4`} data-reports-filter="">
			<FilterSelect name="page" label="Page" value={query.page} width="min-w-48 flex-[2]">
				<option value="">Every page</option>
				{data.pages.map((page) => (
					<option key={page.page} value={page.page}>
						{page.page} ({page.open} open of {page.total})
					</option>
				))}
			</FilterSelect>
			<FilterSelect name="reason" label="Reason" value={query.reason} width="min-w-36 flex-1">
				<option value="">Any reason</option>
				{REPORT_REASONS.map((reason) => (
					<option key={reason} value={reason}>
						{REASON_LABELS[reason]}
					</option>
				))}
			</FilterSelect>
			<FilterSelect name="status" label="Status" value={query.status} width="min-w-36 flex-1">
				{(['open', 'resolved', 'all'] as const).map((status) => (
					<option key={status} value={status}>
						{STATUS_LABELS[status]}
					</option>
				))}
			</FilterSelect>
			<button type="submit" className={ui.secondary}>
				Filter
			</button>
			{query.page || query.reason || query.status !== 'open' ? (
				<Link to={REPORTS_PATH} className={ui.ghost}>
					Clear
				</Link>
			) : null}
		</Form>
	)
}

/** One of the filter's drop-downs; `key` resets it when the URL's value changes (back/forward). */
function FilterSelect({
	name,
	label,
	value,
	width,
	children,
}: {
	name: string
	label: string
	value: string
	width: string
	children: React.ReactNode
}) {
	const id = `reports-${name}`
	return (
		<div className={width}>
			<label htmlFor={id} className="block text-sm font-medium">
				{label}
			</label>
			<select id={id} name={name} defaultValue={value} key={`${name}-${value}`} className={`${ui.input} mt-1.5`}>
				{children}
			</select>
		</div>
	)
}

function ReportCard({ report, query }: { report: ReportRow; query: ReportsQuery }) {
	const resolved = report.resolvedAt !== null
	return (
		<li className={`${ui.panel} p-4 ${resolved ? 'opacity-75' : ''}`} data-report-id={report.id}>
			<div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
				<span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${REASON_STYLES[report.reason]}`}>
					{REASON_LABELS[report.reason]}
				</span>
				<a href={report.page} className="font-medium break-all text-link underline underline-offset-2">
					{report.page}
				</a>
				<time dateTime={report.createdAt} className="text-muted">
					{formatModified(report.createdAt)}
				</time>
				{resolved ? <span className="rounded-full bg-ok-bg px-2.5 py-0.5 text-xs font-semibold text-ok">Resolved</span> : null}
				<Form method="post" action={reportsHref(query)} className="ml-auto">
					<input type="hidden" name="id" value={report.id} />
					<input type="hidden" name="intent" value={resolved ? 'reopen' : 'resolve'} />
					<button type="submit" className={ui.small}>
						{resolved ? 'Reopen' : 'Mark resolved'}
					</button>
				</Form>
			</div>
			{report.message ? (
				<p className="mt-3 break-words whitespace-pre-wrap">{report.message}</p>
			) : (
				<p className="mt-3 text-sm text-muted italic">No details given.</p>
			)}
		</li>
	)
}
