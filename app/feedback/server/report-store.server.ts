/** The reports table's queries; the same on PGlite and PostgreSQL (report-store.test-kit.ts). */
import { and, count, desc, eq, isNotNull, isNull, sql, type SQL } from 'drizzle-orm'
import type { Database } from '#app/server/db/database.server.ts'
import type { ReportReason } from '../report.ts'
import type { ReportInput } from './report-input.server.ts'
import { feedbackReports, type FeedbackReport } from './schema.ts'

type ReportStatus = 'open' | 'resolved' | 'all'

export type ReportFilter = { page?: string; reason?: ReportReason; status: ReportStatus }

export async function insertReport(db: Database, report: ReportInput, createdAt: Date): Promise<number> {
	const [row] = await db
		.insert(feedbackReports)
		.values({ page: report.page, reason: report.reason, message: report.message, createdAt })
		.returning({ id: feedbackReports.id })
	return row!.id
}

function where(filter: ReportFilter): SQL | undefined {
	return and(
		filter.page ? eq(feedbackReports.page, filter.page) : undefined,
		filter.reason ? eq(feedbackReports.reason, filter.reason) : undefined,
		filter.status === 'open' ? isNull(feedbackReports.resolvedAt) : undefined,
		filter.status === 'resolved' ? isNotNull(feedbackReports.resolvedAt) : undefined,
	)
}

/** One page of reports, newest first, and how many match in all. */
export async function listReports(
	db: Database,
	filter: ReportFilter,
	page: { offset: number; limit: number },
): Promise<{ items: FeedbackReport[]; total: number }> {
	const condition = where(filter)
	const [items, [counted]] = await Promise.all([
		db
			.select()
			.from(feedbackReports)
			.where(condition)
			.orderBy(desc(feedbackReports.createdAt), desc(feedbackReports.id))
			.offset(page.offset)
			.limit(page.limit),
		db.select({ total: count() }).from(feedbackReports).where(condition),
	])
	return { items, total: counted?.total ?? 0 }
}

/** Every page that has reports, with its open ones, for the dashboard's page filter. */
export async function reportedPages(db: Database): Promise<Array<{ page: string; open: number; total: number }>> {
	return db
		.select({
			page: feedbackReports.page,
			open: sql<number>`count(*) filter (where ${feedbackReports.resolvedAt} is null)`.mapWith(Number),
			total: count(),
		})
		.from(feedbackReports)
		.groupBy(feedbackReports.page)
		.orderBy(feedbackReports.page)
}

/** Marks a report resolved (`at`) or open again (null); false when there is no such report. */
export async function setResolved(db: Database, id: number, at: Date | null): Promise<boolean> {
	const rows = await db
		.update(feedbackReports)
		.set({ resolvedAt: at })
		.where(eq(feedbackReports.id, id))
		.returning({ id: feedbackReports.id })
	return rows.length === 1
}
