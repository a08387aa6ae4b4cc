import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { createPlayerDataCore, type PlayerLookup } from '#app/player/server/handler.server.ts'
import { createUpstreamClient } from '#app/player/server/runemetrics.server.ts'
import { openDatabase, queryRows, type DatabaseHandle } from '#app/server/db/database.server.ts'
import { createMemoryState } from '#app/server/shared-state/memory-state.server.ts'
import type { Limiter } from '#app/server/shared-state/shared-state.server.ts'
import { FAKE_PLAYERS, startFakeUpstream, type FakeUpstream } from '#tests/fixtures/fake-upstream.ts'
import { openTestPglite } from '#tests/fixtures/pglite.ts'
import { freshDatabase } from '#tests/fixtures/postgres.ts'
import { budgetLimit, createUpstreamGate } from '#app/player/server/upstream-gate.server.ts'
import { BACK_OFF_MS, createRefresher, DORMANT_AFTER_MS } from './refresher.server.ts'
import { createTracker, type Tracker } from './tracker.server.ts'
import * as store from './tracker-store.server.ts'
import { SKILLS } from '#app/lib/skills.ts'

const DAY = 86_400_000
const START = Date.parse('2026-03-01T12:00:00Z')

/** A fake clock: `sleep` moves it instead of waiting. */
type FakeClock = { now: () => number; sleep: (ms: number) => Promise<void>; advance: (ms: number) => void }

function fakeClock(): FakeClock {
	let time = START
	return { now: () => time, sleep: async (ms: number) => void (time += ms), advance: (ms: number) => void (time += ms) }
}

type Instance = { lookup: PlayerLookup; tracker: Tracker; refresher: ReturnType<typeof createRefresher> }

type FetchFresh = PlayerLookup['fetchFresh']

/**
 * One server instance: its own lookup (cache) and refresher, the shared database and budget.
 * `refresherFetch` stands between the refresher and the lookup, to watch or fail its fetches.
 */
function instance(
	handle: DatabaseHandle,
	fake: FakeUpstream,
	clock: FakeClock,
	budget: Limiter,
	lines: string[],
	refresherFetch: (fetchFresh: FetchFresh) => FetchFresh = (fetchFresh) => fetchFresh,
	rps = 50,
	stopping?: AbortSignal,
): Instance {
	const gate = createUpstreamGate({ rps, budget, now: clock.now, sleep: clock.sleep, stopping })
	const config = { runemetricsBaseUrl: fake.runemetricsBaseUrl, hiscoresBaseUrl: fake.hiscoresBaseUrl, timeoutMs: 2000, userAgent: 'test' }
	const tracker = createTracker({ db: async () => handle.db, now: clock.now, fetchFresh: (player) => lookup.fetchFresh(player) })
	const lookup: PlayerLookup = createPlayerDataCore({
		...config,
		rateLimit: false,
		gate,
		now: clock.now,
		onFetched: (f) => tracker.record(f),
		log: () => {},
	})
	const refresher = createRefresher({
		db: async () => handle.db,
		now: clock.now,
		lookup: { fetchFresh: refresherFetch((player, options) => lookup.fetchFresh(player, options)) },
		upstream: createUpstreamClient(config),
		gate,
		log: (line) => lines.push(line),
		stopping,
	})
	return { lookup, tracker, refresher }
}

function describeRefresher(engine: string, open: () => Promise<DatabaseHandle>) {
	describe(`refresh and backfill on ${engine}`, () => {
		let handle: DatabaseHandle
		let fake: FakeUpstream
		beforeAll(async () => {
			;[handle, fake] = await Promise.all([open(), startFakeUpstream()])
			await handle.migrate()
		}, 240_000)
		afterAll(async () => {
			await Promise.all([handle?.close(), fake?.close()])
		})
		beforeEach(async () => {
			await handle.db.execute('truncate tracked_players, tracker_opt_outs restart identity cascade' as never)
			fake.setOutage(false)
			fake.resetCalls()
		})

		/** Looks the players up (backfills done), then moves the clock a day on: all of them are due. */
		async function dueTomorrow(target: Instance, clock: FakeClock, names: string[]) {
			for (const name of names) await lookUp(target, name)
			for (const player of await store.claimBackfills(handle.db, new Date(clock.now()), { limit: 10, retryMs: DAY })) {
				await store.finishBackfill(handle.db, player.id, [])
			}
			clock.advance(DAY)
		}

		async function lookUp(target: Instance, name: string) {
			const answer = await target.lookup('GET', new URLSearchParams({ username: name, quests: 'true' }), 'client')
			expect(answer.status).toBe(200)
			// The recording is not awaited by lookups: wait until it is there.
			const key = name.toLowerCase()
			for (let tries = 0; !(await store.findPlayer(handle.db, key)); tries++) {
				if (tries > 200) throw new Error(`${name} was never recorded`)
				await new Promise((resolve) => setTimeout(resolve, 50))
			}
		}

		test('a first lookup records a snapshot and the backfill fills a year of months within the budget; a day later the refresh adds a row only on change', async () => {
			const clock = fakeClock()
			const state = createMemoryState({ now: clock.now })
			const budget = state.limiter('tracker-upstream', budgetLimit(2))
			const lines: string[] = []
			const one = instance(handle, fake, clock, budget, lines, undefined, 2)
			await lookUp(one, FAKE_PLAYERS.complete)
			const summary = await (await one.tracker.player('zezima jr'))!.summary()
			expect(summary).toMatchObject({ name: 'Zezima Jr', profile: 'public', backfill: { state: 'pending', months: [] } })

			const started = clock.now()
			const round = await one.refresher.runRound()
			expect(round).toMatchObject({ backfilled: 1, refreshed: 0 })
			expect(fake.calls['xp-monthly']).toBe(29)
			// 29 calls at backfill's share of 2 a second: one a second.
			expect(clock.now() - started).toBeGreaterThanOrEqual(28_000)
			const backfill = (await (await one.tracker.player('zezima jr'))!.summary())!.backfill
			expect(backfill.state).toBe('done')
			expect(backfill.months.length).toBeGreaterThan(0)

			clock.advance(DAY)
			fake.resetCalls()
			expect(await one.refresher.runRound()).toMatchObject({ refreshed: 1, failed: 0 })
			expect(fake.calls.profile).toBe(1)
			const player = (await store.findPlayer(handle.db, 'zezima jr'))!
			expect(player.lastCheckedAt.getTime()).toBe(clock.now())
			// The fake answers the same figures: no new row.
			expect((await (await one.tracker.player('zezima jr'))!.snapshots({ from: null, to: null, limit: 10 })).snapshots).toHaveLength(1)
			// Refreshed today: not again in the same day.
			expect(await one.refresher.runRound()).toMatchObject({ refreshed: 0 })
		})

		test('a refused token is waited for as long as the budget says, not a whole second', async () => {
			const clock = fakeClock()
			// Refuses every other hit, the next token 40 ms away (a Redis window about to end).
			let hits = 0
			const budget: Limiter = {
				hit: async () => (++hits % 2 === 1 ? { allowed: false, retryAfterSeconds: 1, retryAfterMs: 40 } : { allowed: true }),
				peek: async () => ({ allowed: true }),
				reset: async () => {},
			}
			const one = instance(handle, fake, clock, budget, [], undefined, 1000)
			await lookUp(one, FAKE_PLAYERS.complete)
			const started = clock.now()
			expect(await one.refresher.runRound()).toMatchObject({ backfilled: 1 })
			expect(fake.calls['xp-monthly']).toBe(29)
			// 40 ms per refusal, and the gate's own spacing at 1000 a second (backfill: 2 ms).
			expect(clock.now() - started).toBeLessThanOrEqual(29 * 42)
		})

		test('two instances refreshing at once fetch each player once, and the shared budget holds for both', async () => {
			const clock = fakeClock()
			const state = createMemoryState({ now: clock.now })
			const budget = state.limiter('tracker-upstream', budgetLimit(1))
			const lines: string[] = []
			const [a, b] = [
				instance(handle, fake, clock, budget, lines, undefined, 1),
				instance(handle, fake, clock, budget, lines, undefined, 1),
			]
			const names = ['Zezima A', 'Zezima B', 'Zezima C', 'Zezima D', 'Zezima E']
			await dueTomorrow(a!, clock, names)
			fake.resetCalls()
			const started = clock.now()
			const rounds = await Promise.all([a!.refresher.runRound(), b!.refresher.runRound()])
			expect(rounds[0]!.refreshed + rounds[1]!.refreshed).toBe(names.length)
			for (const name of names) expect(fake.callsFor(name).profile).toBe(1)
			// 10 upstream calls (profile + quests each) at 1 a second: at least 9 s of the fake clock.
			expect(fake.calls.profile + fake.calls.quests).toBe(10)
			expect(clock.now() - started).toBeGreaterThanOrEqual(9000)
		})

		test('repeated 429s: the refresher backs off for 15 minutes, says so, and loses nothing', async () => {
			const clock = fakeClock()
			const state = createMemoryState({ now: clock.now })
			const lines: string[] = []
			const one = instance(handle, fake, clock, state.limiter('tracker-upstream', budgetLimit(5)), lines)
			await dueTomorrow(one, clock, ['Zezima A', 'Zezima B', 'Zezima C', 'Zezima D'])
			fake.setOutage(true, 429)
			const round = await one.refresher.runRound()
			expect(round).toMatchObject({ refreshed: 0, failed: 3, backingOff: true })
			expect(lines.join('\n')).toMatch(/failed 3 times in a row .*HTTP 502.*back off for 15 minutes/)
			fake.resetCalls()
			expect(await one.refresher.runRound()).toMatchObject({ backingOff: true, refreshed: 0 })
			expect(fake.calls.profile).toBe(0)
			// Nothing lost: every player still has its snapshot, and all four are due again after the pause.
			fake.setOutage(false)
			clock.advance(BACK_OFF_MS)
			expect(await one.refresher.runRound()).toMatchObject({ refreshed: 4, failed: 0 })
		})

		test('one claim at a time: a player whose fetch keeps failing is tried once a round, the others are refreshed', async () => {
			const clock = fakeClock()
			const state = createMemoryState({ now: clock.now })
			// Zezima A (the stalest) always gets a 502. At each fetch, the players marked fetched "now"
			// other than those already fetched are claims waiting behind it.
			const fetched: string[] = []
			const waitingAtFetch: string[][] = []
			const one = instance(
				handle,
				fake,
				clock,
				state.limiter('tracker-upstream', budgetLimit(5)),
				[],
				(fetchFresh) => async (player, options) => {
					const marked = await queryRows<{ key: string }>(
						handle.db,
						sql`select key from tracked_players where last_fetch_at = ${new Date(clock.now())}`,
					)
					fetched.push(player.key)
					waitingAtFetch.push(marked.map((row) => row.key).filter((key) => !fetched.includes(key)))
					if (player.key === 'zezima a') return { status: 502, body: { error: 'upstream' } } as never
					return fetchFresh(player, options)
				},
			)
			await dueTomorrow(one, clock, ['Zezima A', 'Zezima B', 'Zezima C', 'Zezima D'])
			fake.resetCalls()
			expect(await one.refresher.runRound()).toMatchObject({ refreshed: 3, failed: 1, backingOff: false })
			// Each fetch had only its own player claimed: an instance stopping mid-round strands nobody else.
			expect(fetched).toEqual(['zezima a', 'zezima b', 'zezima c', 'zezima d'])
			expect(waitingAtFetch).toEqual([[], [], [], []])
			for (const name of ['Zezima B', 'Zezima C', 'Zezima D']) expect(fake.callsFor(name).profile, name).toBe(1)
			// The failed player stays due, first in line for the next round.
			expect(
				(await store.claimRefreshBatch(handle.db, new Date(clock.now()), { limit: 10, staleMs: DAY, activeMs: 30 * DAY })).map(
					(c) => c.key,
				),
			).toEqual(['zezima a'])
		})

		test('the refresh goes before backfill: a pending backfill does not hold up the players due today', async () => {
			// The gate's waits take a tenth of their time for real here: the refresh's own database
			// round trips (real time) must not look like idle budget that backfill may fill at once.
			const base = fakeClock()
			const clock = {
				...base,
				sleep: async (ms: number) => {
					await new Promise((resolve) => setTimeout(resolve, ms / 10))
					base.advance(ms)
				},
			}
			const state = createMemoryState({ now: clock.now })
			const one = instance(handle, fake, clock, state.limiter('tracker-upstream', budgetLimit(2)), [], undefined, 2)
			await dueTomorrow(one, clock, ['Zezima A', 'Zezima B', 'Zezima C'])
			await lookUp(one, 'Zezima F')
			fake.resetCalls()
			expect(await one.refresher.runRound()).toMatchObject({ refreshed: 3, backfilled: 1 })
			const order = fake.requests.map((request) => request.endpoint)
			// The backfill gets at most its share while the refresh waits: the six refresh calls are done
			// before its seventh call.
			const lastRefresh = order.findLastIndex((endpoint) => endpoint === 'profile' || endpoint === 'quests')
			expect(order.slice(0, lastRefresh).filter((endpoint) => endpoint === 'xp-monthly').length).toBeLessThanOrEqual(6)
		})

		test('players nobody looked at for 90 days are dormant (kept, not refreshed) until a visit wakes them', async () => {
			const clock = fakeClock()
			const state = createMemoryState({ now: clock.now })
			const one = instance(handle, fake, clock, state.limiter('tracker-upstream', budgetLimit(50)), [])
			await dueTomorrow(one, clock, ['Zezima A', 'Zezima B'])
			// Two months on, still refreshed every day.
			clock.advance(59 * DAY)
			expect(await one.refresher.runRound()).toMatchObject({ refreshed: 2 })
			// Past 90 days without a look: dormant.
			clock.advance(DORMANT_AFTER_MS - 60 * DAY + DAY)
			expect(await one.refresher.runRound()).toMatchObject({ refreshed: 0 })
			expect(await store.findPlayer(handle.db, 'zezima a')).toBeDefined()
			// A visit wakes Zezima A (the page notes it like a lookup); Zezima B sleeps on.
			one.tracker.noteLookup({ key: 'zezima a' })
			for (let tries = 0; (await store.findPlayer(handle.db, 'zezima a'))!.lastLookedUpAt.getTime() !== clock.now(); tries++) {
				if (tries > 200) throw new Error('the visit was never noted')
				await new Promise((resolve) => setTimeout(resolve, 20))
			}
			fake.resetCalls()
			expect(await one.refresher.runRound()).toMatchObject({ refreshed: 1 })
			expect(fake.callsFor('Zezima A').profile).toBe(1)
			expect(fake.callsFor('Zezima B').profile).toBe(0)
		})

		test('a shutdown mid-round: the fetch under way is refused and given back, no player is claimed after it, the backfill gives its claim back untried, and no round starts', async () => {
			const clock = fakeClock()
			const state = createMemoryState({ now: clock.now })
			const stopping = new AbortController()
			const lines: string[] = []
			const claimed: string[] = []
			let backfillCallsAtStop = 0
			const one = instance(
				handle,
				fake,
				clock,
				state.limiter('tracker-upstream', budgetLimit(50)),
				lines,
				// The shutdown begins as the second player's fetch is about to wait for the gate.
				(fetchFresh) => (player, options) => {
					claimed.push(player.key)
					if (claimed.length === 2) {
						backfillCallsAtStop = fake.calls['xp-monthly']
						stopping.abort()
					}
					return fetchFresh(player, options)
				},
				50,
				stopping.signal,
			)
			await dueTomorrow(one, clock, ['Zezima G', 'Zezima H', 'Zezima I'])
			await lookUp(one, 'Zezima J') // its backfill is pending
			fake.resetCalls()

			expect(await one.refresher.runRound()).toMatchObject({ refreshed: 1, failed: 1, backfilled: 0, backingOff: false })
			expect(claimed).toHaveLength(2)
			// The backfill's calls stop with the shutdown (one may have been under way).
			expect(fake.calls['xp-monthly']).toBeLessThanOrEqual(backfillCallsAtStop + 1)
			// Stopped short of a whole backfill (a call per skill): how far it got first depends on the engine's speed.
			expect(fake.calls['xp-monthly']).toBeLessThan(SKILLS.length)
			// The player refused and the one never claimed are still due; the backfill is due, its try not counted.
			const due = await store.claimRefreshBatch(handle.db, new Date(clock.now()), { limit: 10, staleMs: DAY, activeMs: DORMANT_AFTER_MS })
			expect(due.map((player) => player.key).toSorted()).toEqual(
				['zezima g', 'zezima h', 'zezima i'].filter((key) => key !== claimed[0]).toSorted(),
			)
			const [backfill] = await queryRows<{ backfill_state: string; backfill_attempts: number; backfill_next_at: Date | string }>(
				handle.db,
				sql`select backfill_state, backfill_attempts, backfill_next_at from tracked_players where key = 'zezima j'`,
			)
			expect(backfill).toMatchObject({ backfill_state: 'pending', backfill_attempts: 0 })
			expect(new Date(backfill!.backfill_next_at).getTime()).toBeLessThanOrEqual(clock.now())
			expect(lines).toEqual([])

			fake.resetCalls()
			expect(await one.refresher.runRound()).toEqual({ refreshed: 0, failed: 0, backfilled: 0, backingOff: false })
			expect(fake.calls.profile + fake.calls['xp-monthly']).toBe(0)
		})

		test('a backfill that keeps failing ends as unavailable, never stuck pending', async () => {
			const clock = fakeClock()
			const state = createMemoryState({ now: clock.now })
			const lines: string[] = []
			const one = instance(handle, fake, clock, state.limiter('tracker-upstream', budgetLimit(50)), lines)
			await lookUp(one, 'Zezima F')
			fake.setOutage(true)
			for (let attempt = 0; attempt < store.BACKFILL_MAX_ATTEMPTS; attempt++) {
				await one.refresher.runRound()
				clock.advance(BACK_OFF_MS + 60_000)
			}
			expect((await (await one.tracker.player('zezima f'))!.summary())!.backfill.state).toBe('unavailable')
		})
	})
}

describeRefresher('PGlite', openTestPglite)
const url = process.env.TEST_DATABASE_URL
if (url) describeRefresher('PostgreSQL', async () => openDatabase({ url: await freshDatabase(url, 'tracker_refresher') }))
