import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { createPlayerDataCore, type PlayerLookup } from '#app/player/server/handler.server.ts'
import { budgetLimit, createUpstreamGate, type UpstreamPriority } from '#app/player/server/upstream-gate.server.ts'
import { queryRows, type DatabaseHandle } from '#app/server/db/database.server.ts'
import { createMemoryState } from '#app/server/shared-state/memory-state.server.ts'
import { testSnapshot } from '#app/tracker/test-snapshots.ts'
import { createTracker, type Tracker } from '#app/tracker/server/tracker.server.ts'
import { findPlayer, listLogCoverage, recordFetch } from '#app/tracker/server/tracker-store.server.ts'
import { FAKE_PLAYERS, startFakeUpstream, type FakeUpstream } from '#tests/fixtures/fake-upstream.ts'
import { openTestPglite } from '#tests/fixtures/pglite.ts'
import { createGroup, listLogKinds } from './groups-store.server.ts'
import type { CitadelReset } from '#app/groups/citadel-caps.ts'
import { CAP_PENDING_MIN_CHECK_MS, MAX_CHECK_MS, MIN_CHECK_MS } from '#app/groups/member-schedule.ts'
import { createMemberRefresher } from './member-refresh.server.ts'

const HOUR = 3_600_000
const START = Date.parse('2026-11-20T12:00:00Z')

describe('members refreshed at group priority', () => {
	let handle: DatabaseHandle
	let fake: FakeUpstream
	let time = START
	const now = () => time
	beforeAll(async () => {
		;[handle, fake] = await Promise.all([openTestPglite(), startFakeUpstream()])
		await handle.migrate()
	}, 240_000)
	afterAll(async () => {
		await Promise.all([handle?.close(), fake?.close()])
	})
	beforeEach(async () => {
		time = START
		await handle.db.execute(sql`truncate groups, tracked_players restart identity cascade`)
	})
	const db = () => handle.db
	const group = (names: string[], citadelReset: CitadelReset | null = null) =>
		createGroup(
			db(),
			{
				name: 'Clan',
				clanName: 'Clan',
				codeHash: 'hash',
				citadelReset,
				members: names.map((name) => ({ key: name.toLowerCase(), name, rank: 'Recruit', totalXp: 1 })),
			},
			new Date(START - HOUR),
		)
	/** Each member's next check, in ms after START. */
	const nextChecks = async () => {
		const rows = await queryRows<{ player_key: string; next_check_at: string | Date }>(
			db(),
			sql`select player_key, next_check_at from group_members`,
		)
		return Object.fromEntries(rows.map((row) => [row.player_key, new Date(row.next_check_at).getTime() - START]))
	}

	test("through the tracker's Update and the lookup at group priority, counted against nobody's share; each log classified, its coverage kept", async () => {
		const priorities: UpstreamPriority[] = []
		const gate = createUpstreamGate({
			rps: 50,
			budget: createMemoryState().limiter('budget', budgetLimit(50)),
			now: Date.now,
			sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
		})
		const watched = {
			...gate,
			run: <T>(priority: UpstreamPriority, call: () => Promise<T>) => {
				priorities.push(priority)
				return gate.run(priority, call)
			},
		}
		const state = createMemoryState({ now })
		const tracker: Tracker = createTracker({
			db: async () => handle.db,
			now,
			fetchFresh: (player, requestedBy, priority) => lookup.fetchFresh(player, { requestedBy, priority }),
			// Anyone's share of new players is one: members are tracked all the same.
			tracking: { state, perClientPerDay: 1, perHour: 1 },
		})
		const lookup: PlayerLookup = createPlayerDataCore({
			runemetricsBaseUrl: fake.runemetricsBaseUrl,
			hiscoresBaseUrl: fake.hiscoresBaseUrl,
			timeoutMs: 2000,
			userAgent: 'test',
			rateLimit: false,
			gate: watched,
			now,
			onFetched: (fetched) => tracker.record(fetched),
			log: () => {},
		})
		const lines: string[] = []
		const refresher = createMemberRefresher({ db: async () => handle.db, now, tracker, lookup, log: (line) => lines.push(line) })
		await group([FAKE_PLAYERS.complete, FAKE_PLAYERS.private, FAKE_PLAYERS.noProfile])
		// Zezima Jr is tracked already (the tracker's Update fetches him); the others are new (the lookup's fetch).
		await lookup.fetchFresh({ name: FAKE_PLAYERS.complete, key: FAKE_PLAYERS.complete.toLowerCase() })
		priorities.length = 0
		time += 2 * 60_000

		expect(await refresher.runRound()).toEqual({ fetched: 3, failed: 0, gaps: 0 })
		expect(new Set(priorities)).toEqual(new Set(['group']))
		expect(await refresher.runRound()).toEqual({ fetched: 0, failed: 0, gaps: 0 })
		expect(lines).toHaveLength(1)

		const zezima = (await findPlayer(db(), 'zezima jr'))!
		expect((await listLogKinds(db(), zezima.id)).length).toBeGreaterThan(0)
		expect(await listLogCoverage(db(), zezima.id)).toHaveLength(1)
		const pat = (await findPlayer(db(), FAKE_PLAYERS.private.toLowerCase()))!
		expect(pat.profile).toBe('private')
		expect(await listLogCoverage(db(), pat.id)).toEqual([])
		expect(await findPlayer(db(), FAKE_PLAYERS.noProfile.toLowerCase())).toBeUndefined()
		const checks = await nextChecks()
		// The private profile and the missing name: a day later; Zezima Jr by how fast his log moves.
		expect(checks[FAKE_PLAYERS.private.toLowerCase()]).toBe(2 * 60_000 + MAX_CHECK_MS)
		expect(checks[FAKE_PLAYERS.noProfile.toLowerCase()]).toBe(2 * 60_000 + MAX_CHECK_MS)
		expect(checks['zezima jr']).toBeGreaterThanOrEqual(2 * 60_000 + MIN_CHECK_MS)
	})

	/** A player adding `perHour` log entries an hour (the next one a cap when `capNext`); each Update records the 20 newest. */
	const busyPlayer = () => {
		const bea = { perHour: 4, capNext: false, tracker: {} as Pick<Tracker, 'update'> }
		const entries: Array<{ date: string; text: string; details: string }> = []
		let lastAt = START - 48 * HOUR
		const play = () => {
			for (; lastAt + HOUR / bea.perHour <= time; lastAt += HOUR / bea.perHour) {
				const text = bea.capNext ? 'Capped at my Clan Citadel.' : `Entry ${entries.length}`
				bea.capNext = false
				entries.unshift({ date: new Date(lastAt + HOUR / bea.perHour).toISOString(), text, details: '' })
			}
		}
		bea.tracker = {
			async update(player) {
				play()
				await recordFetch(db(), {
					key: player.key,
					name: player.name,
					fetchedAt: new Date(time),
					snapshot: testSnapshot(new Date(time).toISOString(), 1000),
					quests: null,
					activities: entries.slice(0, 20),
				})
				return { kind: 'updated', summary: {} as never }
			},
		}
		return bea
	}
	const lookup = { fetchFresh: () => Promise.reject(new Error('tracked: the Update fetches')) }

	test('a busy log is fetched again sooner, and a fetch whose 20 entries do not reach the one before counts as a gap', async () => {
		const bea = busyPlayer()
		const refresher = createMemberRefresher({ db: async () => handle.db, now, tracker: bea.tracker, lookup, log: () => {} })
		await group(['Busy Bea'])
		// Seen once before, three hours ago.
		time = START - 3 * HOUR
		await bea.tracker.update({ key: 'busy bea', name: 'Busy Bea' })
		time = START
		// 4 entries an hour: the 20 newest span 4.75 hours or a little more, so due again in about 2.4 hours; no gap.
		for (let round = 0; round < 4; round++) {
			expect(await refresher.runRound()).toEqual({ fetched: 1, failed: 0, gaps: 0 })
			const due = (await nextChecks())['busy bea']! + START
			expect(due - time).toBeGreaterThanOrEqual(2.375 * HOUR)
			expect(due - time).toBeLessThan(2.5 * HOUR)
			time = due
		}
		// Then 40 an hour, while checks come at most once an hour: more than 20 entries between two fetches, some unseen.
		bea.perHour = 40
		time += HOUR
		expect(await refresher.runRound()).toEqual({ fetched: 1, failed: 0, gaps: 1 })
		expect((await nextChecks())['busy bea']).toBe(time - START + MIN_CHECK_MS)
		time += MIN_CHECK_MS
		expect(await refresher.runRound()).toEqual({ fetched: 1, failed: 0, gaps: 1 })
		expect(refresher.totals()).toEqual({ compared: 6, gaps: 2 })
	})
	test("until this week's citadel cap is seen, a member of a group with a reset is due again after a quarter of the span; then after half", async () => {
		const bea = busyPlayer()
		const refresher = createMemberRefresher({ db: async () => handle.db, now, tracker: bea.tracker, lookup, log: () => {} })
		// START is a Friday: this week began on Monday at 00:00, with no cap since.
		await group(['Busy Bea'], { weekday: 'monday', time: '00:00' })
		// 4 entries an hour: the 20 newest span 4.75 hours or a little more, a quarter of it about 1.2 hours.
		expect(await refresher.runRound()).toEqual({ fetched: 1, failed: 0, gaps: 0 })
		let due = (await nextChecks())['busy bea']! + START
		expect(due - time).toBeGreaterThanOrEqual(4.75 * 0.25 * HOUR)
		expect(due - time).toBeLessThan(1.25 * HOUR)
		expect(due - time).toBeGreaterThan(CAP_PENDING_MIN_CHECK_MS)
		// The cap comes among the next entries: once seen, half the span again.
		bea.capNext = true
		time = due
		expect(await refresher.runRound()).toEqual({ fetched: 1, failed: 0, gaps: 0 })
		due = (await nextChecks())['busy bea']! + START
		expect(due - time).toBeGreaterThanOrEqual(2.375 * HOUR)
		expect(due - time).toBeLessThan(2.5 * HOUR)
	})
})
