import { parsePageParam } from '#app/dashboard/pagination.ts'
import { MAX_PAGE_PATH, REPORT_REASONS, type ReportReason } from './report.ts'

export const REPORTS_PATH = '/dev/dashboard/reports'
export const REPORTS_PAGE_SIZE = 20

const REPORT_STATUSES = ['open', 'resolved', 'all'] as const
type ReportStatusFilter = (typeof REPORT_STATUSES)[number]

/** The Reports page's filters and page number, as its URL carries them. */
export type ReportsQuery = { page: string; reason: ReportReason | ''; status: ReportStatusFilter; p: number }

const isReason = (value: string | null): value is ReportReason => REPORT_REASONS.includes(value as ReportReason)
const isStatus = (value: string | null): value is ReportStatusFilter => REPORT_STATUSES.includes(value as ReportStatusFilter)

/**
 * `?page=&reason=&status=&p=`: an empty or unknown filter means "any" (open reports by default);
 * null when `p` is not a page number, so the route can send the reader to a clean URL.
 */
export function parseReportsQuery(params: URLSearchParams): ReportsQuery | null {
	const p = parsePageParam(params.get('p'))
	if (p === null) return null
	const page = params.get('page') ?? ''
	const reason = params.get('reason')
	const status = params.get('status')
	return {
		page: page.startsWith('/') && page.length <= MAX_PAGE_PATH ? page : '',
		reason: isReason(reason) ? reason : '',
		status: isStatus(status) ? status : 'open',
		p,
	}
}

/** The URL of the Reports page with these filters (defaults left out). */
export function reportsHref(query: ReportsQuery): string {
	const params = new URLSearchParams()
	if (query.page) params.set('page', query.page)
	if (query.reason) params.set('reason', query.reason)
	if (query.status !== 'open') params.set('status', query.status)
	if (query.p > 1) params.set('p', String(query.p))
	const search = params.toString()
	return search ? `${REPORTS_PATH}?${search}` : REPORTS_PATH
}

export type ReportRow = {
	id: number
	page: string
	reason: ReportReason
	message: string | null
	createdAt: string
	resolvedAt: string | null
}

export type ReportsPage = {
	items: ReportRow[]
	total: number
	totalPages: number
	/** Every page with reports, and how many are open, for the page filter. */
	pages: Array<{ page: string; open: number; total: number }>
}
