import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { createPlayerDataCore, type PlayerLookup } from '#app/player/server/handler.server.ts'
import { budgetLimit, createUpstreamGate } from '#app/player/server/upstream-gate.server.ts'
import type { DatabaseHandle } from '#app/server/db/database.server.ts'
import { openTestPglite } from '#tests/fixtures/pglite.ts'
import { createMemoryState } from '#app/server/shared-state/memory-state.server.ts'
import { startFakeUpstream, type FakeUpstream } from '#tests/fixtures/fake-upstream.ts'
import { createPlayersApiCore } from './players-api.server.ts'
import { FAILED_FETCH_COOLDOWN_MS } from './player-update.server.ts'
import { createTracker, type Tracker } from './tracker.server.ts'
import * as store from './tracker-store.server.ts'

const MINUTE = 60_000

// The Update API and the tracking limits through the real lookup core, gate, tracker and store
// (PGlite), against the fake upstream, on a fake clock.
describe('Update while the upstream fails, and the tracking limits', () => {
	let handle: DatabaseHandle
	let fake: FakeUpstream
	let time: number
	let tracker: Tracker
	let lookup: PlayerLookup
	let api: ReturnType<typeof createPlayersApiCore>

	beforeAll(async () => {
		;[handle, fake] = await Promise.all([openTestPglite(), startFakeUpstream()])
		await handle.migrate()
	}, 120_000)
	afterAll(async () => {
		await Promise.all([handle?.close(), fake?.close()])
	})
	beforeEach(async () => {
		await handle.db.execute('truncate tracked_players, tracker_opt_outs restart identity cascade' as never)
		fake.setOutage(false)
		fake.resetCalls()
		time = Date.parse('2026-11-20T12:00:00Z')
		const now = () => time
		const state = createMemoryState({ now })
		const sleep = async (ms: number) => void (time += ms)
		const gate = createUpstreamGate({ rps: 50, budget: state.limiter('upstream', budgetLimit(50)), now, sleep })
		tracker = createTracker({
			db: async () => handle.db,
			now,
			fetchFresh: (player, requestedBy) => lookup.fetchFresh(player, { requestedBy }),
			upstreamFailing: () => gate.failing(),
			tracking: { state, perClientPerDay: 2, perHour: 3 },
		})
		const config = {
			runemetricsBaseUrl: fake.runemetricsBaseUrl,
			hiscoresBaseUrl: fake.hiscoresBaseUrl,
			timeoutMs: 2000,
			userAgent: 'test',
		}
		lookup = createPlayerDataCore({
			...config,
			rateLimit: false,
			state,
			gate,
			now,
			onFetched: (fetched) => tracker.record(fetched),
			log: () => {},
		})
		api = createPlayersApiCore(tracker, lookup, now)
	})

	const update = (name: string) => api('POST', new URLSearchParams(), 'client-a', `/api/v1/players/${encodeURIComponent(name)}/update`)
	const upstreamCalls = () => fake.calls.profile + fake.calls.quests + fake.calls.hiscores

	/** A lookup by `client` that waits for the recording (as the page's first visit does). */
	const visit = (name: string, client: string) => lookup.recordedLookup({ name, key: name.toLowerCase() }, client)

	test('a failed Update answers 503 with Retry-After and keeps a short cooldown; while the upstream fails, Updates are not even tried', async () => {
		expect((await visit('Zezima Ann', 'client-a')).status).toBe(200)
		time += 2 * MINUTE
		fake.setOutage(true, 429)
		fake.resetCalls()

		const failed = await update('Zezima Ann')
		expect(failed.status).toBe(503)
		expect(Number(failed.headers['retry-after'])).toBeGreaterThan(0)
		expect(JSON.parse(failed.body)).toMatchObject({ error: { code: 'UPSTREAM_UNAVAILABLE' } })
		const calls = upstreamCalls()
		expect(calls).toBeGreaterThan(0)

		// At once again: the upstream is failing, so no call at all.
		const again = await update('Zezima Ann')
		expect(again.status).toBe(503)
		expect(again.headers['retry-after']).toBeDefined()
		expect(upstreamCalls()).toBe(calls)

		// The failed fetch keeps a short cooldown in the database, for every instance (one whose own
		// gate saw no failure too), not the whole minute.
		const player = await store.findPlayer(handle.db, 'zezima ann')
		const left = player!.lastFetchAt.getTime() + MINUTE - time
		expect(left).toBeGreaterThan(FAILED_FETCH_COOLDOWN_MS - 1000)
		expect(left).toBeLessThanOrEqual(FAILED_FETCH_COOLDOWN_MS)

		// Once both are over and the upstream is back, Update works again.
		time += FAILED_FETCH_COOLDOWN_MS + 1000
		fake.setOutage(false)
		expect((await update('Zezima Ann')).status).toBe(202)
	})

	test('an Update that works is interest: it keeps the player out of dormancy', async () => {
		expect((await visit('Zezima Ben', 'client-a')).status).toBe(200)
		const before = (await store.findPlayer(handle.db, 'zezima ben'))!.lastLookedUpAt.getTime()
		time += 2 * 3_600_000
		expect((await update('Zezima Ben')).status).toBe(202)
		for (let tries = 0; (await store.findPlayer(handle.db, 'zezima ben'))!.lastLookedUpAt.getTime() === before; tries++) {
			if (tries > 100) throw new Error('the Update was not noted as interest')
			await new Promise((resolve) => setTimeout(resolve, 20))
		}
	})

	test('one client starts tracking at most its daily share of new players, everyone together at most the hourly one; lookups still answer', async () => {
		expect((await visit('Zezima One', 'client-a')).status).toBe(200)
		expect((await visit('Zezima Two', 'client-a')).status).toBe(200)
		expect(await tracker.trackingRefusal('client-a')).toMatchObject({ refused: 'client', perClientPerDay: 2 })
		const third = await visit('Zezima Three', 'client-a')
		expect(third.status).toBe(200)
		expect(JSON.parse(third.body)).toMatchObject({ name: 'Zezima Three' })
		expect(await store.findPlayer(handle.db, 'zezima three')).toBeUndefined()
		// Already tracked players go on being recorded for this client.
		time += 20 * MINUTE
		expect((await lookup.fetchFresh({ name: 'Zezima One', key: 'zezima one' }, { requestedBy: 'client-a' })).status).toBe(200)
		expect((await store.findPlayer(handle.db, 'zezima one'))!.lastCheckedAt.getTime()).toBe(time)

		// Another client: one more start, then the site's hourly share (3) is used up.
		expect(await tracker.trackingRefusal('client-b')).toBeNull()
		expect((await visit('Zezima Four', 'client-b')).status).toBe(200)
		expect(await store.findPlayer(handle.db, 'zezima four')).toBeDefined()
		expect(await tracker.trackingRefusal('client-c')).toMatchObject({ refused: 'site', perHour: 3 })
		expect((await visit('Zezima Five', 'client-c')).status).toBe(200)
		expect(await store.findPlayer(handle.db, 'zezima five')).toBeUndefined()
		// An hour later the site's share is back; client A's daily one is not.
		time += 61 * MINUTE
		expect(await tracker.trackingRefusal('client-c')).toBeNull()
		expect(await tracker.trackingRefusal('client-a')).toMatchObject({ refused: 'client' })
	})
})
