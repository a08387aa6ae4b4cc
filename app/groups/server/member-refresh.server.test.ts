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
import { createMemberRefresher, MAX_CHECK_MS, MIN_CHECK_MS, memberCheckInterval } from './member-refresh.server.ts'

const HOUR = 3_600_000
const START = Date.parse('2026-11-20T12:00:00Z')

describe('memberCheckInterval', () => {
	const hoursAgo = (hours: number) => new Date(START - hours * HOUR)
	test('half the time the 20 newest entries span, between an hour and a day', () => {
		const page = (spanHours: number) => Array.from({ length: 20 }, (_, i) => hoursAgo((spanHours * i) / 19))
		expect(memberCheckInterval(page(10), START)).toBe(5 * HOUR)
		expect(memberCheckInterval(page(1), START)).toBe(MIN_CHECK_MS)
		expect(memberCheckInterval(page(200), START)).toBe(MAX_CHECK_MS)
		// Fewer than 20 entries ever: the log is quiet.
		expect(memberCheckInterval(page(1).slice(0, 19), START)).toBe(MAX_CHECK_MS)
	})
})

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
	const group = (names: string[]) =>
		createGroup(
			db(),
			{
				name: 'Clan',
				clanName: 'Clan',
				codeHash: 'hash',
				citadelReset: null,
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

	test('a busy log is fetched again sooner, and a fetch whose 20 entries do not reach the one before counts as a gap', async () => {
		// A player adding `perHour` log entries an hour; each Update records the 20 newest.
		let perHour = 4
		const entries: Array<{ date: string; text: string; details: string }> = []
		let lastAt = START - 48 * HOUR
		const play = () => {
			for (; lastAt + HOUR / perHour <= time; lastAt += HOUR / perHour) {
				entries.unshift({ date: new Date(lastAt + HOUR / perHour).toISOString(), text: `Entry ${entries.length}`, details: '' })
			}
		}
		const tracker: Pick<Tracker, 'update'> = {
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
		const lookup = { fetchFresh: () => Promise.reject(new Error('tracked: the Update fetches')) }
		const refresher = createMemberRefresher({ db: async () => handle.db, now, tracker, lookup, log: () => {} })
		await group(['Busy Bea'])
		// Seen once before, three hours ago.
		time = START - 3 * HOUR
		await tracker.update({ key: 'busy bea', name: 'Busy Bea' })
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
		perHour = 40
		time += HOUR
		expect(await refresher.runRound()).toEqual({ fetched: 1, failed: 0, gaps: 1 })
		expect((await nextChecks())['busy bea']).toBe(time - START + MIN_CHECK_MS)
		time += MIN_CHECK_MS
		expect(await refresher.runRound()).toEqual({ fetched: 1, failed: 0, gaps: 1 })
		expect(refresher.totals()).toEqual({ compared: 6, gaps: 2 })
	})
})
