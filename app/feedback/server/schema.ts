/**
 * Readers' reports ("Something wrong on this page?"). drizzle-kit reads this file (drizzle.config.ts)
 * to write the migrations. Nothing here identifies the reader: no address, no cookie, no agent.
 */
import { sql } from 'drizzle-orm'
import { check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core'
import { MAX_PAGE_PATH, MAX_REPORT_MESSAGE, REPORT_REASONS } from '../report.ts'

const time = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' })
const reasonList = sql.raw(REPORT_REASONS.map((reason) => `'${reason}'`).join(', '))

export const feedbackReports = pgTable(
	'feedback_reports',
	{
		id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
		/** The site path the report is about, e.g. `/guides/mid-game/prifddinas`. */
		page: text('page').notNull(),
		reason: text('reason', { enum: REPORT_REASONS }).notNull(),
		/** The reader's words; null when they only picked a reason. */
		message: text('message'),
		createdAt: time('created_at').notNull().defaultNow(),
		/** Set when an author marks it resolved; null while open. */
		resolvedAt: time('resolved_at'),
	},
	(table) => [
		index('feedback_reports_created').on(table.createdAt),
		index('feedback_reports_page').on(table.page, table.createdAt),
		check('feedback_reports_reason', sql`${table.reason} in (${reasonList})`),
		check('feedback_reports_page_length', sql`char_length(${table.page}) <= ${sql.raw(String(MAX_PAGE_PATH))}`),
		check('feedback_reports_message_length', sql`char_length(${table.message}) <= ${sql.raw(String(MAX_REPORT_MESSAGE))}`),
	],
)

export type FeedbackReport = typeof feedbackReports.$inferSelect
