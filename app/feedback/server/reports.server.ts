/** The dashboard's Reports page: its list and the resolve / reopen action. */
import { z } from 'zod'
import { pageCount } from '#app/dashboard/pagination.ts'
import { getDatabase } from '#app/server/db/database.server.ts'
import { REPORTS_PAGE_SIZE, type ReportsPage, type ReportsQuery } from '../reports-query.ts'
import { listReports, reportedPages, setResolved } from './report-store.server.ts'

export async function loadReportsPage(query: ReportsQuery): Promise<ReportsPage> {
	const { db } = await getDatabase()
	const filter = { page: query.page || undefined, reason: query.reason || undefined, status: query.status }
	const [list, pages] = await Promise.all([
		listReports(db, filter, { offset: (query.p - 1) * REPORTS_PAGE_SIZE, limit: REPORTS_PAGE_SIZE }),
		reportedPages(db),
	])
	return {
		items: list.items.map((row) => ({
			id: row.id,
			page: row.page,
			reason: row.reason,
			message: row.message,
			createdAt: row.createdAt.toISOString(),
			resolvedAt: row.resolvedAt?.toISOString() ?? null,
		})),
		total: list.total,
		totalPages: pageCount(list.total, REPORTS_PAGE_SIZE),
		pages,
	}
}

const markSchema = z.object({
	intent: z.enum(['resolve', 'reopen'], { error: 'Unknown request: intent must be resolve or reopen.' }),
	id: z.coerce.number({ error: 'id must be a report number.' }).int('id must be a report number.').positive('id must be a report number.'),
})

export type MarkOutcome = { kind: 'done' } | { kind: 'invalid' | 'not-found'; message: string }

/** `intent=resolve|reopen&id=N`: done, a bad form, or no such report. */
export async function markReport(form: FormData, now: Date): Promise<MarkOutcome> {
	const parsed = markSchema.safeParse({ intent: form.get('intent'), id: form.get('id') })
	if (!parsed.success) return { kind: 'invalid', message: parsed.error.issues[0]?.message ?? 'Bad request.' }
	const { db } = await getDatabase()
	const found = await setResolved(db, parsed.data.id, parsed.data.intent === 'resolve' ? now : null)
	return found ? { kind: 'done' } : { kind: 'not-found', message: `There is no report ${parsed.data.id}.` }
}
