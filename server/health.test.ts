import { afterAll, beforeAll, expect, test } from 'vitest'
import type { DatabaseHandle } from '#app/server/db/database.server.ts'
import { openTestPglite } from '#tests/fixtures/pglite.ts'
import { markShuttingDown, readiness, type ReadinessSources } from './health.ts'

let handle: DatabaseHandle
beforeAll(async () => {
	handle = await openTestPglite()
}, 240_000)
afterAll(() => handle?.close())

const sources = (database: ReadinessSources['database'], owns = true): ReadinessSources => ({ database, ownsEmbeddedFolder: () => owns })

test('ready only once the database answers with every migration applied; not while it fails, hangs or is not ours', async () => {
	expect(await readiness(sources(() => Promise.resolve(handle)))).toMatchObject({
		ready: false,
		database: expect.stringMatching(/^migrations pending: 0000_tracker/),
	})
	await handle.migrate()
	expect(await readiness(sources(() => Promise.resolve(handle)))).toEqual({ ready: true, database: 'ok' })
	expect(await readiness(sources(() => Promise.reject(new Error('RuntimeError: Aborted()'))))).toEqual({
		ready: false,
		database: 'unreachable: RuntimeError: Aborted()',
	})
	expect(await readiness(sources(() => new Promise(() => {})))).toEqual({ ready: false, database: 'unreachable: no answer within 2000 ms' })
	// The embedded database not opened yet: ready when this process owns its folder.
	expect(await readiness(sources(() => undefined))).toEqual({ ready: true, database: 'embedded, opens on first use' })
	expect((await readiness(sources(() => undefined, false))).ready).toBe(false)
}, 30_000)

test('not ready from the moment the server starts shutting down', async () => {
	markShuttingDown()
	expect(await readiness(sources(() => Promise.resolve(handle)))).toEqual({ ready: false, database: 'shutting down' })
})
