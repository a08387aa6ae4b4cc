import { execFile } from 'node:child_process'
import { chmodSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { asc } from 'drizzle-orm'
import { openDatabase } from '#app/server/db/database.server.ts'
import { releaseDatabaseLocks } from '#app/server/db/db-lock.server.ts'
import { feedbackReports } from '#app/feedback/server/schema.ts'
import { trackedPlayers } from '#app/tracker/server/schema.ts'
import { deletePlayer, isOptedOut } from '#app/tracker/server/tracker-store.server.ts'
import { startFakeUpstream } from '../fixtures/fake-upstream.ts'
import { freshDatabase } from '../fixtures/postgres.ts'
import { expect, test } from './fixtures.ts'
import { startServerInstance, type ServerInstance } from './server-instance.ts'

// The embedded database has one owner (issue 39): `npm run db -- status | migrate | backup |
// restore` go through the running server, never open the folder beside it, and every report
// written before and after them survives a restart. Also: DATA_DIR 0700, files 0600, backups 0600,
// /healthz and /readyz.

const ROOT = path.resolve(import.meta.dirname, '../..')
const TSX = path.join(ROOT, 'node_modules/.bin/tsx')
const LIMITS = { FEEDBACK_LIMIT_PER_HOUR: '10000', FEEDBACK_GLOBAL_LIMIT_PER_HOUR: '100000' }

/** `npm run db -- …` as an operator runs it, with the server's DATA_DIR (or DATABASE_URL). */
async function db(env: Record<string, string>, ...args: string[]): Promise<{ code: number; out: string }> {
	try {
		const { stdout, stderr } = await promisify(execFile)(TSX, ['scripts/db.ts', ...args], {
			cwd: ROOT,
			env: { PATH: process.env.PATH ?? '', ...env },
		})
		return { code: 0, out: stdout + stderr }
	} catch (error) {
		const failed = error as { code: number; stdout: string; stderr: string }
		return { code: failed.code, out: failed.stdout + failed.stderr }
	}
}

async function report(server: ServerInstance, message: string) {
	const answer = await fetch(`${server.baseURL}/feedback`, {
		method: 'POST',
		body: new URLSearchParams({ page: '/setup/client-setup', reason: 'other', message }),
		redirect: 'manual',
	})
	expect(answer.status, message).toBe(303)
}

const readyz = async (server: ServerInstance) => {
	const answer = await fetch(`${server.baseURL}/readyz`)
	return { status: answer.status, body: (await answer.json()) as { ready: boolean; database: string } }
}

test('PGlite: npm run db goes through the running server; every write around each command survives a restart', async () => {
	test.setTimeout(480_000)
	const dataDir = mkdtempSync(path.join(tmpdir(), 'gg-e2e-db-owner-'))
	chmodSync(dataDir, 0o755)
	const cli = { DATA_DIR: dataDir }
	let server = await startServerInstance({ DATA_DIR: dataDir, ...LIMITS })
	try {
		// Item 8: DATA_DIR fixed at start, with a log line.
		expect(statSync(dataDir).mode & 0o777).toBe(0o700)
		expect(server.output()).toContain(`DATA_DIR ${dataDir} was mode 0755: changed to 0700`)
		expect((await fetch(`${server.baseURL}/healthz`)).status).toBe(200)
		expect(await readyz(server)).toEqual({ status: 200, body: { ready: true, database: 'embedded, opens on first use' } })

		await report(server, 'before status')
		expect(await readyz(server)).toEqual({ status: 200, body: { ready: true, database: 'ok' } })
		const status = await db(cli, 'status')
		expect(status).toMatchObject({ code: 0, out: expect.stringMatching(/pending: none\n\(through the running server \(pid \d+\)\)/) })
		await report(server, 'after status')
		expect(await db(cli, 'migrate')).toMatchObject({ code: 0, out: expect.stringContaining('through the running server') })
		await report(server, 'after migrate')
		const backup = path.join(dataDir, 'backup.tar.gz')
		expect(await db(cli, 'backup', backup)).toMatchObject({ code: 0, out: expect.stringContaining('through the running server') })
		expect(statSync(backup).mode & 0o777).toBe(0o600)
		await report(server, 'after backup (gone with the restore)')
		expect(await db(cli, 'restore', backup)).toMatchObject({ code: 0, out: expect.stringContaining('through the running server') })
		await report(server, 'after restore')
		await db(cli, 'status')
		await report(server, 'after the second status')

		// A second process is refused while the server owns the folder, naming it.
		const refused = openDatabase({ dataDir: path.join(dataDir, 'db') })
		await expect(refused).rejects.toThrow(new RegExp(`in use by the server on port \\d+ \\(pid ${server.pid}\\)`))
		await server.stop()
		expect(await server.exited).toBe(0)
		server = await startServerInstance({ DATA_DIR: dataDir, ...LIMITS })
		await report(server, 'after the restart')
		await server.stop()

		// The database's files are the server user's only (PGlite ignores the umask: the server
		// tightens them when it creates, restores and opens the folder).
		const files = readdirSync(path.join(dataDir, 'db'), { recursive: true, withFileTypes: true })
		expect(files.length).toBeGreaterThan(100)
		const open = files.map((file) => path.join(file.parentPath, file.name)).filter((file) => (statSync(file).mode & 0o077) !== 0)
		expect(open).toEqual([])

		// With no server, the command opens the folder itself.
		expect(await db(cli, 'status')).toMatchObject({ code: 0, out: expect.not.stringContaining('through') })
		const handle = await openDatabase({ dataDir: path.join(dataDir, 'db') })
		try {
			const rows = await handle.db.select({ message: feedbackReports.message }).from(feedbackReports).orderBy(asc(feedbackReports.id))
			expect(rows.map((row) => row.message)).toEqual([
				'before status',
				'after status',
				'after migrate',
				'after restore',
				'after the second status',
				'after the restart',
			])
		} finally {
			await handle.close()
			releaseDatabaseLocks()
		}
	} finally {
		await server.stop()
		rmSync(dataDir, { recursive: true, force: true })
	}
})

test('a server whose embedded database cannot be opened answers /readyz 503, and /healthz 200', async () => {
	// A DATA_DIR of its own: the server opens its database on first use, after the folder is spoiled.
	const dataDir = mkdtempSync(path.join(tmpdir(), 'gg-e2e-no-db-'))
	const server = await startServerInstance({ DATA_DIR: dataDir, ...LIMITS })
	try {
		const { mkdirSync, writeFileSync } = await import('node:fs')
		mkdirSync(path.join(server.dataDir, 'db'))
		writeFileSync(path.join(server.dataDir, 'db', 'notes.txt'), 'not a database')
		const answer = await fetch(`${server.baseURL}/feedback`, {
			method: 'POST',
			body: new URLSearchParams({ page: '/setup/client-setup', reason: 'other' }),
			redirect: 'manual',
		})
		expect(answer.status).toBeGreaterThanOrEqual(500)
		expect(await readyz(server)).toMatchObject({
			status: 503,
			body: { ready: false, database: expect.stringContaining('holds no database') },
		})
		expect((await fetch(`${server.baseURL}/healthz`)).status).toBe(200)
	} finally {
		await server.stop()
		rmSync(dataDir, { recursive: true, force: true })
	}
})

test('PostgreSQL: every command works beside a running server; a restore keeps a block made after the backup', async () => {
	const url = process.env.TEST_DATABASE_URL
	test.skip(!url, 'needs TEST_DATABASE_URL: npm test starts a throwaway PostgreSQL')
	test.setTimeout(240_000)
	const database = await freshDatabase(url!, 'e2e_db_owner')
	const cli = { DATABASE_URL: database }
	const fake = await startFakeUpstream()
	const dir = mkdtempSync(path.join(tmpdir(), 'gg-e2e-db-owner-pg-'))
	const server = await startServerInstance({
		DATABASE_URL: database,
		RUNEMETRICS_BASE_URL: fake.runemetricsBaseUrl,
		HISCORES_BASE_URL: fake.hiscoresBaseUrl,
		TRACKER_REFRESH: 'off',
		...LIMITS,
	})
	const handle = await openDatabase({ url: database })
	const tracked = async () => (await handle.db.select({ key: trackedPlayers.key }).from(trackedPlayers)).map((row) => row.key)
	try {
		expect(await readyz(server)).toEqual({ status: 200, body: { ready: true, database: 'ok' } })
		await report(server, 'before status')
		expect(await db(cli, 'status')).toMatchObject({
			code: 0,
			out: expect.stringMatching(/PostgreSQL at .*\napplied: 0000_tracker.*\npending: none/),
		})
		await report(server, 'after status')
		expect(await db(cli, 'migrate')).toMatchObject({ code: 0, out: expect.stringContaining('up to date') })
		await report(server, 'after migrate')
		expect((await fetch(`${server.baseURL}/api/v1/player-data?username=Zezima%20Pg`)).status).toBe(200)
		await expect.poll(tracked).toEqual(['zezima pg'])

		const backup = path.join(dir, 'backup.dump')
		const backedUp = await db(cli, 'backup', backup)
		expect(backedUp).toMatchObject({ code: 0, out: expect.stringContaining('(pg_dump)') })
		expect(backedUp.out).not.toContain('postgres://')
		expect(statSync(backup).mode & 0o777).toBe(0o600)
		await report(server, 'after backup (gone with the restore)')
		await deletePlayer(handle.db, 'zezima pg', { block: true, at: new Date() })

		expect(await db(cli, 'restore', backup)).toMatchObject({ code: 0, out: expect.stringContaining('(pg_restore)') })
		await report(server, 'after restore')
		expect(await tracked()).toEqual([])
		expect(await isOptedOut(handle.db, 'zezima pg')).toBe(true)
		await server.stop()
		const rows = await handle.db.select({ message: feedbackReports.message }).from(feedbackReports).orderBy(asc(feedbackReports.id))
		expect(rows.map((row) => row.message)).toEqual(['before status', 'after status', 'after migrate', 'after restore'])
	} finally {
		await handle.close()
		await server.stop()
		await fake.close()
		rmSync(dir, { recursive: true, force: true })
	}
})
