import { openDatabase } from '#app/server/db/database.server.ts'
import { playerSummarySchema } from '#app/tracker/api-types.ts'
import { claimBackfills, finishBackfill } from '#app/tracker/server/tracker-store.server.ts'
import { type FakeEndpoint, type FakeRequest, type FakeUpstream, startFakeUpstream } from '../fixtures/fake-upstream.ts'
import { freshDatabase } from '../fixtures/postgres.ts'
import { startTestRedis, type TestRedis } from '../fixtures/redis.ts'
import { expect, test } from './fixtures.ts'
import { rawRequest } from './raw-http.ts'
import { startServerInstance, type ServerInstance } from './server-instance.ts'

// The daily refresh on two production instances sharing one PostgreSQL (DATABASE_URL) and one
// Redis (REDIS_URL): every due player is fetched once in the round, whichever instance claims
// them, and the two together keep to one TRACKER_UPSTREAM_RPS. Each instance has a fake upstream
// of its own, so the test sees who asked for what and when; their sum is what upstream would see.

const DAY = 86_400_000
/** Two refresh batches' worth (the refresher claims 10 players at a time), so both instances get work. */
const PLAYERS = Array.from({ length: 20 }, (_, i) => `Zezima ${String.fromCharCode(65 + i)}`)
/**
 * TRACKER_UPSTREAM_RPS. `budgetLimit(4)` lets one call through every 250 ms, for both instances
 * (spaced in Redis). The bound below is looser still: no span of time holds more calls than 4 ×
 * the seconds it touches, ceil(L / 1000) + 1 for a span of L ms.
 */
const RPS = 4
const WINDOW_MS = 1000
/** A call reaches the fake a little after its token was taken, by a delay that varies with load. */
const ARRIVAL_JITTER_MS = 250

/** The most calls the shared budget lets through within `spanMs` (first to last arrival). */
const mostWithin = (spanMs: number) => RPS * (Math.ceil((spanMs + ARRIVAL_JITTER_MS) / WINDOW_MS) + 1)

const upstreamEnv = (fake: FakeUpstream) => ({ RUNEMETRICS_BASE_URL: fake.runemetricsBaseUrl, HISCORES_BASE_URL: fake.hiscoresBaseUrl })

async function getJson(server: ServerInstance, path: string, method = 'GET') {
	const response = await rawRequest(server.baseURL, { method, path })
	return { status: response.status, body: response.body, json: response.body ? (JSON.parse(response.body) as unknown) : undefined }
}

/** Polls `check` (null = done, else what is still missing) until done or `seconds` passed. */
async function waitFor(what: string, seconds: number, check: () => Promise<string | null> | string | null, logs: () => string) {
	const deadline = Date.now() + seconds * 1000
	for (;;) {
		const missing = await check()
		if (missing === null) return
		if (Date.now() > deadline) throw new Error(`${what} did not happen within ${seconds} s: ${missing}\n${logs()}`)
		await new Promise((resolve) => setTimeout(resolve, 200))
	}
}

/** Upstream calls per player, both fakes together. */
function callsPerPlayer(fakes: FakeUpstream[]): Record<string, Record<FakeEndpoint, number>> {
	return Object.fromEntries(
		PLAYERS.map((name) => {
			const [first, ...rest] = fakes.map((fake) => fake.callsFor(name))
			for (const other of rest) for (const endpoint of Object.keys(other) as FakeEndpoint[]) first![endpoint] += other[endpoint]
			return [name, first!]
		}),
	)
}

/** The span of time (first arrival to last) holding the most calls beyond what the budget allows, if any. */
function overBudget(requests: FakeRequest[]): string | null {
	const times = requests.map((request) => request.at).toSorted((a, b) => a - b)
	let worst: { excess: number; text: string } | null = null
	for (let first = 0; first < times.length; first++) {
		for (let last = first; last < times.length; last++) {
			const span = times[last]! - times[first]!
			const excess = last - first + 1 - mostWithin(span)
			if (excess > (worst?.excess ?? 0))
				worst = { excess, text: `${last - first + 1} calls within ${span} ms (at most ${mostWithin(span)})` }
		}
	}
	return worst && `${worst.text}; arrivals (ms from the first): ${times.map((time) => time - times[0]!).join(', ')}`
}

test.describe('the daily refresh on two instances sharing PostgreSQL and Redis', () => {
	const url = process.env.TEST_DATABASE_URL
	test.skip(!url, 'needs TEST_DATABASE_URL: npm test starts a throwaway PostgreSQL (and counts a failure when it cannot)')

	let redis: TestRedis | undefined
	let fakes: FakeUpstream[] = []
	let servers: ServerInstance[] = []
	const logs = () => servers.map((server) => `--- ${server.baseURL}\n${server.output()}`).join('\n')

	test.afterAll(async () => {
		await Promise.all(servers.map((server) => server.stop()))
		await Promise.all(fakes.map((fake) => fake.close()))
		await redis?.stop()
	})

	test('each due player is fetched once in the round, and both instances together keep to one budget', async () => {
		test.setTimeout(120_000)
		const [testRedis, database, upstreams] = await Promise.all([
			startTestRedis(),
			freshDatabase(url!, 'e2e_refresh_instances'),
			Promise.all([startFakeUpstream(), startFakeUpstream()]),
		])
		redis = testRedis
		fakes = upstreams
		const shared = { DATABASE_URL: database, REDIS_URL: redis.url }

		// Yesterday (the test clock, a day back): the players look themselves up, on an instance that
		// does not refresh, and are tracked from then on.
		const seeder = await startServerInstance({
			...shared,
			...upstreamEnv(fakes[0]!),
			TRACKER_REFRESH: 'off',
			TEST_ONLY_SHIFTABLE_CLOCK: '1',
		})
		servers = [seeder]
		const yesterday = await getJson(seeder, `/api/test/clock?advanceMs=${-DAY}`, 'POST')
		expect(yesterday.status, yesterday.body).toBe(200)
		for (const name of PLAYERS) {
			const lookup = await getJson(seeder, `/api/v1/player-data?username=${encodeURIComponent(name)}&quests=true`)
			expect(lookup.status, lookup.body).toBe(200)
		}
		await waitFor(
			'Recording every lookup',
			30,
			async () => {
				const answers = await Promise.all(PLAYERS.map((name) => getJson(seeder, `/api/v1/players/${encodeURIComponent(name)}`)))
				const missing = PLAYERS.filter((_, i) => answers[i]!.status !== 200)
				return missing.length > 0 ? `not tracked yet: ${missing.join(', ')}` : null
			},
			logs,
		)
		// The first-time backfill (29 xp-monthly calls a player) is another test's subject: it is
		// ended here as the refresher ends one that found nothing, so the round below is refreshes only.
		const handle = await openDatabase({ url: database })
		try {
			const backfills = await claimBackfills(handle.db, new Date(), { limit: PLAYERS.length, retryMs: DAY })
			expect(backfills).toHaveLength(PLAYERS.length)
			for (const backfill of backfills) await finishBackfill(handle.db, backfill.id, [])
		} finally {
			await handle.close()
		}
		await seeder.stop()
		for (const fake of fakes) fake.resetCalls()

		// Today, two instances refreshing: every player is a day stale, so all twenty are due. Each
		// refresher looks for work as it starts; started together, they claim side by side.
		const today = Date.now()
		servers = await Promise.all(
			fakes.map((fake) => startServerInstance({ ...shared, ...upstreamEnv(fake), TRACKER_UPSTREAM_RPS: String(RPS) })),
		)

		await waitFor(
			'The refresh of every player',
			60,
			() => {
				const calls = callsPerPlayer(fakes)
				const waiting = PLAYERS.filter((name) => calls[name]!.profile === 0 || calls[name]!.quests === 0)
				return waiting.length > 0 ? `not fetched yet: ${waiting.join(', ')}` : null
			},
			logs,
		)
		// Then until upstream has been quiet for 1.5 s (longer than a wait for the budget), so a second
		// fetch of anyone would show too.
		let seen = { count: -1, since: Date.now() }
		await waitFor(
			'A quiet upstream',
			15,
			() => {
				const count = fakes.reduce((sum, fake) => sum + fake.requests.length, 0)
				if (count !== seen.count) seen = { count, since: Date.now() }
				return Date.now() - seen.since >= 1500 ? null : `${count} calls and counting`
			},
			logs,
		)

		// 1. Once each: one profile and one quest list per player, whichever instance claimed them.
		const once = { profile: 1, quests: 1, hiscores: 0, 'xp-monthly': 0 }
		expect(callsPerPlayer(fakes)).toEqual(Object.fromEntries(PLAYERS.map((name) => [name, once])))

		// Both claimed a batch. With one budget between them, one may wait while the other spends it;
		// with a budget each, the two would call side by side from their start, above the budget.
		for (const fake of fakes) expect(fake.requests.length, `${fake.url}: this instance refreshed nobody\n${logs()}`).toBeGreaterThan(0)

		// 2. One budget for both: no span of time holds more calls than its windows allow.
		const all = fakes.flatMap((fake) => fake.requests)
		expect(all).toHaveLength(PLAYERS.length * 2)
		expect(overBudget(all)).toBeNull()

		// And the API tells of it: checked today, on either instance.
		for (const [i, name] of PLAYERS.entries()) {
			const summary = await getJson(servers[i % 2]!, `/api/v1/players/${encodeURIComponent(name)}`)
			expect(summary.status, summary.body).toBe(200)
			expect(Date.parse(playerSummarySchema.parse(summary.json).lastCheckedAt), name).toBeGreaterThanOrEqual(today)
		}
	})
})
