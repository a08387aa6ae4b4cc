import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { afterAll, describe, expect, test } from 'vitest'
import { openTestPglite, preparedPgliteFolder } from '#tests/fixtures/pglite.ts'
import { freshDatabase } from '#tests/fixtures/postgres.ts'
import { describePostgresUrl, openDatabase, queryRows, restoreEmbedded, type DatabaseHandle } from './database.server.ts'
import { migrationStatus } from './migration-status.server.ts'

const postgresUrl = process.env.TEST_DATABASE_URL
// Each test starts from a copy of one prepared empty database (tests/fixtures/pglite.ts): creating
// one runs initdb in WebAssembly, seconds, a minute on a busy machine, and only the first run does.
const PGLITE_TIMEOUT = 240_000

describe('PGlite', () => {
	test(
		'an empty database has every migration pending; after migrate none, and migrating again changes nothing',
		async () => {
			const handle = await openTestPglite()
			try {
				const before = await migrationStatus(handle)
				expect(before.applied).toEqual([])
				expect(before.pending.length).toBeGreaterThan(0)
				await handle.migrate()
				await handle.migrate()
				const after = await migrationStatus(handle)
				expect(after).toEqual({ applied: before.pending, pending: [] })
				// The smaller buffer cache the server's memory figure relies on.
				expect(await queryRows(handle.db, sql`show shared_buffers`)).toEqual([{ shared_buffers: '32MB' }])
				const tables = await queryRows<{ n: number }>(
					handle.db,
					sql`select count(*)::int as n from information_schema.tables where table_name = 'tracker_snapshots'`,
				)
				expect(tables).toEqual([{ n: 1 }])
				// bytea decoded by Node's Buffer (PGlite's own parser is several times slower), every byte value and none.
				const all = Buffer.from(Array.from({ length: 256 }, (_, i) => i))
				const [blobs] = await queryRows<{ all: Uint8Array; none: Uint8Array }>(
					handle.db,
					sql`select decode(${all.toString('hex')}, 'hex') as all, ''::bytea as none`,
				)
				expect(Buffer.isBuffer(blobs?.all) && blobs.all.equals(all)).toBe(true)
				expect(blobs?.none).toHaveLength(0)
			} finally {
				await handle.close()
			}
		},
		PGLITE_TIMEOUT,
	)

	test(
		'keeps its data in a folder across reopening; a backup restores into another folder, keeping the old one aside',
		async () => {
			const dir = await preparedPgliteFolder()
			try {
				let handle = await openDatabase({ dataDir: dir })
				await handle.migrate()
				await handle.db.execute(sql`insert into tracker_opt_outs (key, opted_out_at) values ('zezima', now())`)
				await handle.close()
				handle = await openDatabase({ dataDir: dir })
				const rows = await queryRows<{ key: string }>(handle.db, sql`select key from tracker_opt_outs`)
				expect(rows).toEqual([{ key: 'zezima' }])
				const archive = await handle.pglite!.dumpDataDir('gzip')
				await handle.close()

				const other = path.join(dir, 'restored')
				mkdirSync(other)
				const { keptAt } = await restoreEmbedded(other, archive)
				expect(keptAt).toMatch(/restored\.before-restore-/)
				handle = await openDatabase({ dataDir: other })
				expect(await queryRows(handle.db, sql`select key from tracker_opt_outs`)).toEqual([{ key: 'zezima' }])
				await handle.close()
				await expect(restoreEmbedded(other, new Blob(['not an archive']))).rejects.toThrow(/not a database backup/)
				// The failed restore put the good database back.
				handle = await openDatabase({ dataDir: other })
				expect(await queryRows(handle.db, sql`select key from tracker_opt_outs`)).toEqual([{ key: 'zezima' }])
				await handle.close()
			} finally {
				rmSync(dir, { recursive: true, force: true })
			}
		},
		PGLITE_TIMEOUT,
	)
})

test('a folder that holds files but no database is refused, never emptied', async () => {
	const dir = mkdtempSync(path.join(tmpdir(), 'gg-pglite-'))
	try {
		writeFileSync(path.join(dir, 'notes.txt'), 'mine')
		await expect(openDatabase({ dataDir: dir })).rejects.toThrow(/not empty and holds no database/)
		expect(readFileSync(path.join(dir, 'notes.txt'), 'utf8')).toBe('mine')
	} finally {
		rmSync(dir, { recursive: true, force: true })
	}
})

test('a PostgreSQL URL is described without its password', () => {
	expect(describePostgresUrl('postgres://app:secret@db.example:6543/guide')).toBe('db.example:6543/guide')
})

test('an unreachable PostgreSQL stops with a message naming DATABASE_URL', async () => {
	await expect(openDatabase({ url: 'postgres://app:secret@127.0.0.1:1/guide' })).rejects.toThrow(
		/^Could not connect to the database \(DATABASE_URL, PostgreSQL at 127\.0\.0\.1:1\/guide\): (?!.*secret)/,
	)
})

describe.runIf(postgresUrl)('PostgreSQL', () => {
	const handles: DatabaseHandle[] = []
	afterAll(() => Promise.all(handles.map((handle) => handle.close())))

	test('two instances migrating at once apply each migration exactly once', async () => {
		const url = await freshDatabase(postgresUrl!, 'migrate_race')
		const [a, b] = await Promise.all([openDatabase({ url }), openDatabase({ url })])
		handles.push(a!, b!)
		await Promise.all([a!.migrate(), b!.migrate(), a!.migrate()])
		const rows = await queryRows<{ n: number }>(a!.db, sql`select count(*)::int as n from drizzle.__drizzle_migrations`)
		const status = await migrationStatus(b!)
		expect(status.pending).toEqual([])
		expect(rows).toEqual([{ n: status.applied.length }])
	})
})
