import { afterAll, beforeAll, beforeEach, expect, test } from 'vitest'
import { sql } from 'drizzle-orm'
import type { DatabaseHandle } from '#app/server/db/database.server.ts'
import { openTestPglite } from '#tests/fixtures/pglite.ts'
import { createMemoryState } from '#app/server/shared-state/memory-state.server.ts'
import { createFeedback, reportClientKey, type RequestOrigin } from './feedback.server.ts'
import { listReports } from './report-store.server.ts'

const SITE = 'https://guide.example'
const ours: RequestOrigin = { origin: SITE, fetchSite: 'same-origin', requestOrigin: 'http://10.0.0.5:3000' }
const pages = new Set(['/tools/plan', '/quests'])
const report = (fields: Record<string, string> = {}) => {
	const data = new FormData()
	for (const [name, value] of Object.entries({ page: '/tools/plan', reason: 'incorrect', message: 'Wrong XP.', ...fields }))
		data.set(name, value)
	return data
}

let handle: DatabaseHandle
let time: number
beforeAll(async () => {
	handle = await openTestPglite()
	await handle.migrate()
}, 120_000)
afterAll(() => handle?.close())
beforeEach(async () => {
	time = Date.UTC(2026, 10, 26, 12)
	await handle.db.execute(sql`truncate feedback_reports`)
})

function feedback(limits = { perClient: 3, global: 100 }) {
	return createFeedback({
		db: async () => handle.db,
		state: createMemoryState({ now: () => time }),
		limits,
		knownPages: pages,
		siteOrigin: SITE,
		now: () => time,
	})
}
const stored = async () => (await listReports(handle.db, { status: 'all' }, { offset: 0, limit: 100 })).items

test('a good report is stored, with the time and nothing about the sender', async () => {
	expect(await feedback().submit(report(), '203.0.113.9', ours)).toEqual({ ok: true, page: '/tools/plan' })
	const rows = await stored()
	expect(rows).toMatchObject([
		{ page: '/tools/plan', reason: 'incorrect', message: 'Wrong XP.', createdAt: new Date(time), resolvedAt: null },
	])
	expect(JSON.stringify(rows)).not.toContain('203.0.113.9')
})

test('bad input is a 400 with the reason and the fields back, and nothing is stored', async () => {
	const result = await feedback().submit(report({ reason: 'nonsense' }), 'a', ours)
	expect(result).toEqual({
		ok: false,
		refusal: 'invalid',
		error: 'Choose what is wrong: outdated, incorrect, unclear or other.',
		values: { page: '/tools/plan', reason: 'nonsense', message: 'Wrong XP.' },
	})
	expect(await stored()).toEqual([])
})

test('posts from other sites are refused (403); same-origin browsers and header-less scripts pass', async () => {
	const service = feedback()
	for (const from of [
		{ ...ours, origin: 'https://evil.example', fetchSite: 'cross-site' },
		{ ...ours, origin: 'https://evil.example', fetchSite: null },
		{ ...ours, origin: 'null', fetchSite: null },
		{ ...ours, origin: null, fetchSite: 'same-site' },
	]) {
		expect(await service.submit(report(), 'a', from)).toEqual({
			ok: false,
			refusal: 'not-ours',
			error: "Reports are accepted from this site's own pages only.",
		})
	}
	expect(
		await service.submit(report(), 'a', {
			origin: 'http://10.0.0.5:3000',
			fetchSite: 'same-origin',
			requestOrigin: 'http://10.0.0.5:3000',
		}),
	).toMatchObject({ ok: true })
	expect(await service.submit(report(), 'a', { origin: null, fetchSite: null, requestOrigin: 'http://x' })).toMatchObject({ ok: true })
	expect(await stored()).toHaveLength(2)
})

test('the hidden field filled in: thanked, not stored, not counted', async () => {
	const service = feedback({ perClient: 1, global: 1 })
	expect(await service.submit(report({ website: 'buy now' }), 'bot', ours)).toEqual({ ok: true, page: '/tools/plan' })
	expect(await stored()).toEqual([])
	expect(await service.submit(report(), 'bot', ours)).toMatchObject({ ok: true })
})

test('per client: the 4th report within the hour is a 429 with the wait; others still get through; an hour later it is allowed', async () => {
	const service = feedback({ perClient: 3, global: 100 })
	for (let i = 0; i < 3; i++) expect(await service.submit(report(), 'reader', ours)).toMatchObject({ ok: true })
	time += 10 * 60_000
	const refused = await service.submit(report(), 'reader', ours)
	expect(refused).toMatchObject({ ok: false, refusal: 'too-many', retryAfterSeconds: 50 * 60 })
	expect(refused.ok ? '' : refused.error).toBe(
		'You have sent 3 reports in the last hour, which is as many as we take from one reader. Try again in 50 minutes.',
	)
	expect(await service.submit(report(), 'someone else', ours)).toMatchObject({ ok: true })
	time += 50 * 60_000
	expect(await service.submit(report(), 'reader', ours)).toMatchObject({ ok: true })
	expect(await stored()).toHaveLength(5)
})

test('globally: past the site-wide hourly limit every client gets a 429', async () => {
	const service = feedback({ perClient: 10, global: 2 })
	expect(await service.submit(report(), 'a', ours)).toMatchObject({ ok: true })
	expect(await service.submit(report(), 'b', ours)).toMatchObject({ ok: true })
	const refused = await service.submit(report(), 'c', ours)
	expect(refused).toMatchObject({
		ok: false,
		refusal: 'too-many',
		error: 'We are receiving more reports than usual right now. Try again in 60 minutes.',
	})
	expect(await stored()).toHaveLength(2)
})

test('IPv6 readers are counted per /48: fresh /64s of one network share one limit', async () => {
	const service = feedback({ perClient: 2, global: 100 })
	expect(await service.submit(report(), '2001:db8:aa:1::/64', ours)).toMatchObject({ ok: true })
	expect(await service.submit(report(), '2001:db8:aa:2::/64', ours)).toMatchObject({ ok: true })
	expect(await service.submit(report(), '2001:db8:aa:ffff::/64', ours)).toMatchObject({ ok: false, refusal: 'too-many' })
	expect(await service.submit(report(), '2001:db8:ab:1::/64', ours)).toMatchObject({ ok: true })
	expect(reportClientKey('203.0.113.9')).toBe('203.0.113.9')
	expect(reportClientKey('2001:db8:aa:1::/64')).toBe('2001:db8:aa::/48')
})
