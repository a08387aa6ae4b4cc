import {
	activityLogSchema,
	gainsSchema,
	playerSummarySchema,
	questTimelineSchema,
	snapshotListSchema,
	updateResultSchema,
} from '#app/tracker/api-types.ts'
import { type FakeUpstream, FAKE_PLAYERS, startFakeUpstream } from '../fixtures/fake-upstream.ts'
import { freshDatabase } from '../fixtures/postgres.ts'
import { expect, test } from './fixtures.ts'
import { rawRequest } from './raw-http.ts'
import { startServerInstance, type ServerInstance } from './server-instance.ts'

// The player-history API against the production build: a server of its own with the test clock
// ("look up today, again tomorrow") on the embedded PGlite; then two instances on one PostgreSQL.

test.describe.configure({ mode: 'serial', timeout: 120_000 })

const DAY = 86_400_000
const GWEN = encodeURIComponent(FAKE_PLAYERS.growing)

let fake: FakeUpstream
test.beforeAll(async () => {
	fake = await startFakeUpstream()
})
test.afterAll(async () => {
	await fake?.close()
})

const upstreamEnv = () => ({
	RUNEMETRICS_BASE_URL: fake.runemetricsBaseUrl,
	HISCORES_BASE_URL: fake.hiscoresBaseUrl,
	TRACKER_UPSTREAM_RPS: '50',
})

async function call(server: ServerInstance, path: string, method = 'GET') {
	const response = await rawRequest(server.baseURL, { method, path })
	return { ...response, json: response.body ? (JSON.parse(response.body) as Record<string, unknown>) : undefined }
}

/** Polls `path` until `done` holds (the lookup records in the background; PGlite is created on first use). */
async function until(server: ServerInstance, path: string, done: (answer: Awaited<ReturnType<typeof call>>) => boolean, seconds = 60) {
	const deadline = Date.now() + seconds * 1000
	for (;;) {
		const answer = await call(server, path)
		if (done(answer)) return answer
		if (Date.now() > deadline) throw new Error(`${path} never got there; last answer ${answer.status} ${answer.body}\n${server.output()}`)
		await new Promise((resolve) => setTimeout(resolve, 250))
	}
}

test.describe('on PGlite, with the test clock', () => {
	let server: ServerInstance
	test.beforeAll(async () => {
		server = await startServerInstance({ ...upstreamEnv(), DATABASE_URL: '', TEST_ONLY_SHIFTABLE_CLOCK: '1' })
	})
	test.afterAll(async () => {
		await server?.stop()
	})

	test('a player looked up today and again tomorrow: summary, backfill, gains, snapshots, quests and log; Update and its cooldown', async () => {
		expect(server.output()).toContain('TEST_ONLY_SHIFTABLE_CLOCK is on')
		const unknown = await call(server, `/api/v1/players/${GWEN}`)
		expect(unknown.status).toBe(404)
		expect(unknown.headers['access-control-allow-origin']).toBe('*')
		expect(unknown.json).toMatchObject({ error: { code: 'USER_NOT_FOUND' } })

		const lookup = await call(server, `/api/v1/player-data?username=${GWEN}&quests=true`)
		expect(lookup.status).toBe(200)
		// "growing_gwen" is the same player: one key for the lookup and the tracker.
		const first = await until(server, '/api/v1/players/growing_gwen', (a) => a.status === 200)
		const summary = playerSummarySchema.parse(first.json)
		expect(summary).toMatchObject({ name: 'Growing Gwen', profile: 'public' })
		const startXp = summary.latest.skills[0]!.xp

		const done = await until(server, `/api/v1/players/${GWEN}`, (a) => (a.json?.backfill as { state?: string })?.state !== 'pending')
		const backfill = playerSummarySchema.parse(done.json).backfill
		expect(backfill.state).toBe('done')
		expect(backfill.months.length).toBeGreaterThanOrEqual(6)

		// Fetched just now by the lookup: Update waits for the cooldown, and says how long.
		const early = await call(server, `/api/v1/players/${GWEN}/update`, 'POST')
		expect(early.status).toBe(429)
		expect(Number(early.headers['retry-after'])).toBeGreaterThan(0)
		expect(Number(early.headers['retry-after'])).toBeLessThanOrEqual(60)
		expect(early.json).toMatchObject({ error: { code: 'UPDATE_COOLDOWN' } })

		// Tomorrow: Update fetches again and Gwen has played.
		const shifted = await rawRequest(server.baseURL, { method: 'POST', path: `/api/test/clock?advanceMs=${DAY}` })
		expect(shifted.status).toBe(200)
		const updated = await call(server, `/api/v1/players/${GWEN}/update`, 'POST')
		expect(updated.status).toBe(202)
		const result = updateResultSchema.parse(updated.json)
		expect(result.summary.latest.skills[0]!.xp).toBe(startXp + 12_345)
		expect(Date.parse(result.summary.canUpdateAt) - Date.parse(result.summary.lastCheckedAt)).toBe(60_000)

		const gains = gainsSchema.parse((await call(server, `/api/v1/players/${GWEN}/gains?period=day`)).json)
		expect(gains.skills[0]).toMatchObject({ skill: 'attack', xpGained: 12_345, endXp: startXp + 12_345 })
		expect(gains.total.xpGained).toBe(12_345)
		const week = gainsSchema.parse((await call(server, `/api/v1/players/${GWEN}/gains?period=week`)).json)
		expect(week.total.xpGained).toBe(12_345)

		const snapshots = snapshotListSchema.parse((await call(server, `/api/v1/players/${GWEN}/snapshots`)).json)
		expect(snapshots.snapshots.map((s) => s.skills[0]!.xp)).toEqual([startXp + 12_345, startXp])
		const one = snapshotListSchema.parse((await call(server, `/api/v1/players/${GWEN}/snapshots?limit=1`)).json)
		expect(one.snapshots).toHaveLength(1)

		const quests = questTimelineSchema.parse((await call(server, `/api/v1/players/${GWEN}/quests`)).json)
		expect(quests.quests.length).toBeGreaterThan(0)
		expect(quests.quests.every((q) => q.completedAt === null)).toBe(true)

		const log = activityLogSchema.parse((await call(server, `/api/v1/players/${GWEN}/activities`)).json)
		expect(log.activities.map((a) => a.text)).toEqual(expect.arrayContaining(['Session 1', 'Session 2']))
	})

	test('bad requests: 400 naming the parameter, 404 for unknown paths, 405, CORS preflight', async () => {
		const cases: Array<[string, string, number, RegExp]> = [
			['GET', `/api/v1/players/${GWEN}/gains?period=fortnight`, 400, /^period must be one of/],
			['GET', `/api/v1/players/${GWEN}/gains?from=2026-13-01&to=2026-12-01`, 400, /^from must be a date/],
			['GET', `/api/v1/players/${GWEN}/gains?from=2026-02-01`, 400, /^to is missing/],
			['GET', `/api/v1/players/${GWEN}/snapshots?limit=0`, 400, /^limit must be/],
			['GET', '/api/v1/players/bad!name', 400, /only letters, digits/],
			['GET', '/api/v1/players/%E0%A4%A', 400, /percent-encoding/],
			['GET', `/api/v1/players/${GWEN}/everything`, 404, /No such endpoint/],
			['GET', '/api/v1/players/Nobody%20Here/gains?period=day', 404, /No history for "Nobody Here"/],
			['DELETE', `/api/v1/players/${GWEN}`, 405, /Use GET or HEAD/],
			['GET', `/api/v1/players/${GWEN}/update`, 405, /Use POST/],
			['POST', '/api/v1/players/Nobody%20Here/update', 404, /No history/],
		]
		for (const [method, path, status, message] of cases) {
			const answer = await call(server, path, method)
			expect.soft(answer.status, `${method} ${path}`).toBe(status)
			expect.soft((answer.json?.error as { message?: string })?.message, `${method} ${path}`).toMatch(message)
		}
		const period = await call(server, `/api/v1/players/${GWEN}/gains?period=fortnight`)
		expect(period.json).toMatchObject({ error: { code: 'INVALID_PARAMETER', parameter: 'period' } })
		const preflight = await call(server, `/api/v1/players/${GWEN}/gains`, 'OPTIONS')
		expect(preflight.status).toBe(204)
		expect(preflight.headers['access-control-allow-methods']).toBe('GET, HEAD')
	})
})

test.describe('two instances on one PostgreSQL', () => {
	const url = process.env.TEST_DATABASE_URL
	test.skip(!url, 'needs TEST_DATABASE_URL: npm test starts a throwaway PostgreSQL (and counts a failure when it cannot)')
	let a: ServerInstance
	let b: ServerInstance
	test.beforeAll(async () => {
		const database = await freshDatabase(url!, 'e2e_two_instances')
		// Started together: the migrations run once, under the advisory lock.
		;[a, b] = await Promise.all([
			startServerInstance({ ...upstreamEnv(), DATABASE_URL: database, TRACKER_REFRESH: 'off' }),
			startServerInstance({ ...upstreamEnv(), DATABASE_URL: database, TRACKER_REFRESH: 'off' }),
		])
	})
	test.afterAll(async () => {
		await Promise.all([a?.stop(), b?.stop()])
	})

	test('one history for both; the Update cooldown holds across instances', async () => {
		const name = encodeURIComponent('Zezima Twin')
		expect((await call(a, `/api/v1/player-data?username=${name}&quests=true`)).status).toBe(200)
		const fromB = await until(b, `/api/v1/players/${name}`, (answer) => answer.status === 200)
		expect(playerSummarySchema.parse(fromB.json).name).toBe('Zezima Twin')
		// A looked the player up just now: B refuses an Update within the minute too.
		const update = await call(b, `/api/v1/players/${name}/update`, 'POST')
		expect(update.status).toBe(429)
		expect(update.json).toMatchObject({ error: { code: 'UPDATE_COOLDOWN' } })
		const snapshots = snapshotListSchema.parse((await call(a, `/api/v1/players/${name}/snapshots`)).json)
		expect(snapshots.snapshots).toHaveLength(1)
	})
})
