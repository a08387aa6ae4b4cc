// The player's row is read once per request: a catch-up (summary, last snapshot, gains, quests)
// and a whole player page (summary, gains, chart, quests, log, milestones, records) each find the
// player once, counted on a database that notes every select from tracked_players.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Database, DatabaseHandle } from '#app/server/db/database.server.ts'
import { createMemoryState } from '#app/server/shared-state/memory-state.server.ts'
import { catchUpSchema } from '#app/tracker/catch-up.ts'
import { openTestPglite } from '#tests/fixtures/pglite.ts'
import { createPlayerPageSource } from './page-source.server.ts'
import { loadPlayerPage } from './player-page.server.ts'
import { createPlayersApiCore } from './players-api.server.ts'
import { trackedPlayers } from './schema.ts'
import { createTracker } from './tracker.server.ts'
import { recordFetch } from './tracker-store.server.ts'
import { snapshotOf } from './tracker-store.test-kit.ts'

const NOW = Date.parse('2026-11-23T12:00:00Z')

/** `db`, with a count of the selects that read from the players' table. */
function countingPlayerReads(db: Database) {
	let reads = 0
	const counted = new Proxy(db, {
		get(target, property) {
			const value: unknown = Reflect.get(target, property)
			if (typeof value !== 'function') return value
			if (property !== 'select') return value.bind(target)
			return (...args: unknown[]) => {
				const builder = value.apply(target, args) as { from: (table: unknown, ...rest: unknown[]) => unknown }
				const from = builder.from.bind(builder)
				builder.from = (table, ...rest) => {
					if (table === trackedPlayers) reads += 1
					return from(table, ...rest)
				}
				return builder
			}
		},
	})
	return { db: counted, reads: () => reads, reset: () => void (reads = 0) }
}

describe('one read of the player row per request', () => {
	let handle: DatabaseHandle
	let counting: ReturnType<typeof countingPlayerReads>
	let tracker: ReturnType<typeof createTracker>

	beforeAll(async () => {
		handle = await openTestPglite()
		await handle.migrate()
		for (const [day, magic] of [
			['2026-11-20', 1000],
			['2026-11-22', 5000],
		] as const) {
			await recordFetch(handle.db, {
				key: 'zezima back',
				name: 'Zezima Back',
				fetchedAt: new Date(`${day}T12:00:00Z`),
				snapshot: snapshotOf({ magic }),
				quests: [{ title: "Cook's Assistant", status: 'COMPLETED' }],
				activities: [],
			})
		}
		counting = countingPlayerReads(handle.db)
		tracker = createTracker({
			db: async () => counting.db,
			now: () => NOW,
			fetchFresh: () => Promise.reject(new Error('no upstream here')),
		})
	}, 120_000)
	afterAll(async () => {
		await handle?.close()
	})

	test('a catch-up without `since` (summary, the last snapshot before today, gains, quests)', async () => {
		const api = createPlayersApiCore(tracker, { hitLimit: async () => ({ allowed: true }) }, () => NOW)
		counting.reset()
		const answer = await api('GET', new URLSearchParams(), 'client', '/api/v1/players/Zezima_Back/catch-up')
		expect(answer.status).toBe(200)
		expect(catchUpSchema.parse(JSON.parse(answer.body))).toMatchObject({ since: '2026-11-22', sinceFrom: 'last-snapshot' })
		expect(counting.reads()).toBe(1)
	})

	test('a player page with every section', async () => {
		const lookup = {
			recordedLookup: () => Promise.reject(new Error('a tracked player is not looked up')),
			fetchFresh: () => Promise.reject(new Error('a tracked player is not fetched')),
			hitLimit: async () => ({ allowed: true as const }),
		}
		const source = createPlayerPageSource({ lookup, tracker, state: createMemoryState({ now: () => NOW }), now: () => NOW }, 'client')
		counting.reset()
		const page = await loadPlayerPage(source, 'Zezima_Back', new URL('https://example.test/players/Zezima_Back?period=month'))
		expect(page.kind).toBe('player')
		if (page.kind !== 'player') return
		expect(page.view.gains.total.xpGained).toBe(4000)
		expect(page.view.quests.map((quest) => quest.title)).toEqual(["Cook's Assistant"])
		expect(counting.reads()).toBe(1)
	})
})
