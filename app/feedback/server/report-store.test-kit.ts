// One behaviour suite for the reports' storage, run on PGlite (always) and on PostgreSQL (when
// npm test or CI started one): report-store.pglite.test.ts and report-store.postgres.test.ts.
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { queryRows, type DatabaseHandle } from '#app/server/db/database.server.ts'
import { insertReport, listReports, reportedPages, setResolved } from './report-store.server.ts'

export function describeReportStoreContract(engine: string, openEmpty: () => Promise<DatabaseHandle>) {
	describe(`report storage on ${engine}`, () => {
		let handle: DatabaseHandle
		const at = (minute: number) => new Date(Date.UTC(2026, 10, 20, 12, minute))
		const all = { offset: 0, limit: 50 }

		beforeAll(async () => {
			handle = await openEmpty()
			await handle.migrate()
		}, 120_000)
		afterAll(async () => {
			await handle?.close()
		})
		beforeEach(async () => {
			await handle.db.execute(sql`truncate feedback_reports restart identity`)
		})

		test('a report is stored with its page, reason, words and time, and no column for the sender', async () => {
			const id = await insertReport(handle.db, { page: '/guides/a', reason: 'outdated', message: 'Cap is 120 now.' }, at(1))
			const { items, total } = await listReports(handle.db, { status: 'all' }, all)
			expect(total).toBe(1)
			expect(items).toEqual([{ id, page: '/guides/a', reason: 'outdated', message: 'Cap is 120 now.', createdAt: at(1), resolvedAt: null }])
			const columns = await queryRows<{ column_name: string }>(
				handle.db,
				sql`select column_name from information_schema.columns where table_name = 'feedback_reports' order by column_name`,
			)
			expect(columns.map((c) => c.column_name)).toEqual(['created_at', 'id', 'message', 'page', 'reason', 'resolved_at'])
		})

		test('the database itself refuses an unknown reason and an overlong message', async () => {
			await expect(handle.db.execute(sql`insert into feedback_reports (page, reason) values ('/guides/a', 'spam')`)).rejects.toThrow()
			await expect(insertReport(handle.db, { page: '/guides/a', reason: 'other', message: 'x'.repeat(1001) }, at(1))).rejects.toThrow()
		})

		test('newest first, filtered by page, reason and status, paged with the total of all matches', async () => {
			const ids: number[] = []
			for (let minute = 0; minute < 5; minute++) {
				ids.push(
					await insertReport(
						handle.db,
						{ page: minute % 2 ? '/guides/b' : '/guides/a', reason: minute < 3 ? 'outdated' : 'unclear', message: null },
						at(minute),
					),
				)
			}
			const newest = await listReports(handle.db, { status: 'all' }, { offset: 0, limit: 2 })
			expect(newest.total).toBe(5)
			expect(newest.items.map((r) => r.id)).toEqual([ids[4], ids[3]])
			const second = await listReports(handle.db, { status: 'all' }, { offset: 2, limit: 2 })
			expect(second.items.map((r) => r.id)).toEqual([ids[2], ids[1]])

			const onA = await listReports(handle.db, { status: 'all', page: '/guides/a' }, all)
			expect(onA.items.map((r) => r.id)).toEqual([ids[4], ids[2], ids[0]])
			const unclearOnA = await listReports(handle.db, { status: 'all', page: '/guides/a', reason: 'unclear' }, all)
			expect(unclearOnA.items.map((r) => r.id)).toEqual([ids[4]])

			expect(await setResolved(handle.db, ids[4]!, at(10))).toBe(true)
			const open = await listReports(handle.db, { status: 'open' }, all)
			expect(open.items.map((r) => r.id)).toEqual([ids[3], ids[2], ids[1], ids[0]])
			const resolved = await listReports(handle.db, { status: 'resolved' }, all)
			expect(resolved.items).toMatchObject([{ id: ids[4], resolvedAt: at(10) }])

			expect(await reportedPages(handle.db)).toEqual([
				{ page: '/guides/a', open: 2, total: 3 },
				{ page: '/guides/b', open: 2, total: 2 },
			])
		})

		test('a resolved report can be reopened; an unknown one is said to be missing', async () => {
			const id = await insertReport(handle.db, { page: '/quests', reason: 'incorrect', message: null }, at(1))
			await setResolved(handle.db, id, at(2))
			expect(await setResolved(handle.db, id, null)).toBe(true)
			expect((await listReports(handle.db, { status: 'open' }, all)).items.map((r) => r.id)).toEqual([id])
			expect(await setResolved(handle.db, id + 1000, at(3))).toBe(false)
		})
	})
}
