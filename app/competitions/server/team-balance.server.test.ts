import { afterAll, beforeAll, expect, test } from 'vitest'
import type { DatabaseHandle } from '#app/server/db/database.server.ts'
import { openTestPglite } from '#tests/fixtures/pglite.ts'
import { recordFetch } from '#app/tracker/server/tracker-store.server.ts'
import { snapshotOf } from '#app/tracker/server/tracker-store.test-kit.ts'
import { balanceByRecentGains } from './team-balance.server.ts'

let handle: DatabaseHandle
beforeAll(async () => {
	handle = await openTestPglite()
	await handle.migrate()
}, 240_000)
afterAll(async () => {
	await handle?.close()
})

const NOW = new Date('2026-11-28T12:00:00Z')

async function fetchOf(name: string, when: string, magic: number) {
	await recordFetch(handle.db, {
		key: name.toLowerCase(),
		name,
		fetchedAt: new Date(when),
		snapshot: snapshotOf({ magic }),
		quests: null,
		activities: [],
	})
}

test("teams of about equal gains over the last 30 days, from the tracker's snapshots; an untracked player counts 0", async () => {
	// Big: 9M in the month (a gain before the month does not count); Mid: 5M; Small: 4M; New: never tracked.
	await fetchOf('Big', '2026-09-01T00:00:00Z', 1_000_000)
	await fetchOf('Big', '2026-10-01T00:00:00Z', 50_000_000)
	await fetchOf('Big', '2026-11-20T00:00:00Z', 59_000_000)
	await fetchOf('Mid', '2026-11-01T00:00:00Z', 10_000_000)
	await fetchOf('Mid', '2026-11-27T00:00:00Z', 15_000_000)
	await fetchOf('Small', '2026-11-01T00:00:00Z', 10_000_000)
	await fetchOf('Small', '2026-11-27T00:00:00Z', 14_000_000)
	const outcome = await balanceByRecentGains(handle.db, { participants: ['Big', 'Mid', 'Small', 'New'], teams: 2 }, NOW)
	expect(outcome).toEqual({
		kind: 'balanced',
		days: 30,
		teams: [
			{
				name: 'Team 1',
				recentGain: 9_000_000,
				participants: [
					{ name: 'Big', recentGain: 9_000_000, tracked: true },
					{ name: 'New', recentGain: 0, tracked: false },
				],
			},
			{
				name: 'Team 2',
				recentGain: 9_000_000,
				participants: [
					{ name: 'Mid', recentGain: 5_000_000, tracked: true },
					{ name: 'Small', recentGain: 4_000_000, tracked: true },
				],
			},
		],
	})
})

test('bad input is refused, naming the field', async () => {
	const errors = async (body: unknown) => {
		const outcome = await balanceByRecentGains(handle.db, body, NOW)
		return outcome.kind === 'invalid' ? outcome.errors.map((error) => error.path) : []
	}
	expect(await errors({ participants: ['A', 'B'], teams: 3 })).toEqual(['teams'])
	expect(await errors({ participants: ['A', 'B'], teams: 1.5 })).toEqual(['teams'])
	expect(await errors({ participants: ['A', 'a'], teams: 2 })).toEqual(['participants.1'])
	expect(await errors({ participants: ['A', 'not a valid name!!'], teams: 2 })).toEqual(['participants.1'])
	expect(await errors({ participants: ['A', 'B'], teams: 2, extra: 1 })).toEqual(['body'])
	expect(await errors('x')).toEqual(['body'])
})
