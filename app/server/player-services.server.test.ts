// The composition root's opt-out: a player removed and blocked on the dashboard leaves every group
// in the same transaction; a removal without a block keeps their places.
import { afterAll, beforeAll, expect, test } from 'vitest'
import { createGroup, readGroup } from '#app/groups/server/groups-store.server.ts'
import type { DatabaseHandle } from '#app/server/db/database.server.ts'
import { parseEnv } from '#app/server/env.server.ts'
import { createMemoryState } from '#app/server/shared-state/memory-state.server.ts'
import { openTestPglite } from '#tests/fixtures/pglite.ts'
import { recordFetch } from '#app/tracker/server/tracker-store.server.ts'
import { snapshotOf } from '#app/tracker/server/tracker-store.test-kit.ts'
import { createPlayerServices } from './player-services.server.ts'

let handle: DatabaseHandle
beforeAll(async () => {
	handle = await openTestPglite()
	await handle.migrate()
}, 120_000)
afterAll(async () => {
	await handle?.close()
})

test('an opted-out player disappears from every group; a player only removed stays in theirs', async () => {
	const at = new Date('2026-11-20T12:00:00Z')
	for (const name of ['Anna', 'Bob', 'Cleo']) {
		await recordFetch(handle.db, {
			key: name.toLowerCase(),
			name,
			fetchedAt: at,
			snapshot: snapshotOf({ magic: 1000 }),
			quests: null,
			activities: [],
		})
	}
	const member = (name: string) => ({ key: name.toLowerCase(), name, rank: null, totalXp: null })
	const group = (name: string) => ({
		name,
		clanName: null,
		codeHash: 'hash',
		citadelReset: null,
		members: ['Anna', 'Bob', 'Cleo'].map(member),
	})
	const first = await createGroup(handle.db, group('Friends'), at)
	const second = await createGroup(handle.db, group('Skillers'), at)
	const { tracker } = createPlayerServices({
		env: parseEnv({}),
		state: createMemoryState(),
		now: () => at.getTime() + 60_000,
		db: async () => handle.db,
	})

	expect(await tracker.deletePlayer('anna', { block: true })).toEqual({ deleted: true })
	expect(await tracker.deletePlayer('bob', { block: false })).toEqual({ deleted: true })
	for (const id of [first, second]) {
		expect((await readGroup(handle.db, id))?.members.map((m) => m.key)).toEqual(['bob', 'cleo'])
	}
	expect(await tracker.optedOut('anna')).toBe(true)
	expect(await tracker.optedOut('bob')).toBe(false)
	expect(await tracker.player('anna')).toBeNull()
})
