import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { asc } from 'drizzle-orm'
import { afterAll, expect, test } from 'vitest'
import { openDatabase, replaceEmbedded } from '#app/server/db/database.server.ts'
import { copyPreparedPglite } from '#tests/fixtures/pglite.ts'
import { releaseDatabaseLocks } from '#app/server/db/db-lock.server.ts'
import { keepForgottenPlayers } from './forgotten-players.server.ts'
import { removals, trackedPlayers } from './schema.ts'
import { snapshotOf } from './tracker-store.test-kit.ts'
import { deletePlayer, isOptedOut, recordFetch } from './tracker-store.server.ts'

const root = mkdtempSync(path.join(tmpdir(), 'gg-forgotten-'))
afterAll(() => {
	releaseDatabaseLocks()
	rmSync(root, { recursive: true, force: true })
})

const fetchOf = (key: string, when: string) => ({
	key,
	name: key.toUpperCase(),
	fetchedAt: new Date(when),
	snapshot: snapshotOf({ attack: 1000 }),
	quests: null,
	activities: [],
})

test('a restore from an older backup deletes again the players removed or blocked since; one tracked again after its removal stays', async () => {
	const dataDir = path.join(root, 'db')
	await copyPreparedPglite(dataDir)
	const handle = await openDatabase({ dataDir })
	await handle.migrate()
	const { db } = handle
	// Dan was removed, then looked up again, before the backup: the backup holds his new tracking.
	await recordFetch(db, fetchOf('dan', '2026-03-01T10:00:00Z'))
	await deletePlayer(db, 'dan', { block: false, at: new Date('2026-03-02T00:00:00Z') })
	await recordFetch(db, fetchOf('dan', '2026-03-03T10:00:00Z'))
	for (const key of ['ann', 'bob', 'eve']) await recordFetch(db, fetchOf(key, '2026-03-01T10:00:00Z'))
	const backup = await handle.pglite!.dumpDataDir('gzip')
	// After the backup: Ann is removed and blocked, Bob removed.
	await deletePlayer(db, 'ann', { block: true, at: new Date('2026-03-05T00:00:00Z') })
	await deletePlayer(db, 'bob', { block: false, at: new Date('2026-03-05T00:00:00Z') })
	await handle.close()

	const restored = await replaceEmbedded(dataDir, backup, undefined, keepForgottenPlayers)
	try {
		expect(restored.warning).toBeNull()
		expect(restored.keptAt).toMatch(/db\.before-restore-/)
		const keys = await restored.handle.db.select({ key: trackedPlayers.key }).from(trackedPlayers).orderBy(asc(trackedPlayers.key))
		expect(keys.map((row) => row.key)).toEqual(['dan', 'eve'])
		expect(await isOptedOut(restored.handle.db, 'ann')).toBe(true)
		expect(await isOptedOut(restored.handle.db, 'bob')).toBe(false)
		// The lists themselves are carried over, for the restore after this one.
		const removed = await restored.handle.db.select().from(removals).orderBy(asc(removals.key))
		expect(removed.map((row) => row.key)).toEqual(['ann', 'bob', 'dan'])
	} finally {
		await restored.handle.close()
	}
}, 240_000)
