/**
 * The one database connection of this process: PostgreSQL through `DATABASE_URL` (a `pg` pool,
 * shared by every instance), else the embedded PGlite with its files under `DATA_DIR/db`.
 * Both speak PostgreSQL and both go through drizzle's pg-core query builder, so features write
 * one set of queries (decision 0013). PGlite costs ~300 MB of memory once open (a new folder is
 * created in a child process: creating takes ~850 MB): open it once per process, through `getDatabase()`.
 */
import { spawn } from 'node:child_process'
import { chmodSync, existsSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { PGlite, types } from '@electric-sql/pglite'
import type { SQL } from 'drizzle-orm'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import pg from 'pg'
import { getEnv } from '#app/server/env.server.ts'
import { holdDatabaseLock } from './db-lock.server.ts'
import { log } from '#app/server/log.server.ts'
import * as schema from './schema.ts'

type Schema = typeof schema
export type Database = PgDatabase<PgQueryResultHKT, Schema>

export type DatabaseHandle = {
	db: Database
	engine: 'pglite' | 'postgres'
	/** Where the data is, without secrets: `PGlite at .data/db`, `PostgreSQL at host:5432/name`. */
	where: string
	/**
	 * Applies the pending migrations of `folder`. On PostgreSQL it holds an advisory lock on a
	 * dedicated connection meanwhile, so instances starting together apply them once, in turn.
	 */
	migrate(folder?: string): Promise<void>
	/** The embedded engine itself (backups), when that is what this is. */
	pglite?: PGlite
	close(): Promise<void>
}

/** Rows of a raw SQL query: both drivers answer `{ rows }` (drizzle types it per driver only). */
export async function queryRows<Row>(db: Database, query: SQL): Promise<Row[]> {
	const result = (await db.execute(query)) as unknown as { rows: Row[] }
	return result.rows
}

/** The versioned SQL migrations drizzle-kit writes (resolved from the working directory, like `build/`). */
export const MIGRATIONS_FOLDER = path.resolve('app/server/db/migrations')

/** Any fixed number: every instance must use the same one. */
const MIGRATION_LOCK_ID = 726_013

export type OpenOptions = {
	/** postgres://… for a server; omit for PGlite. */
	url?: string
	/** PGlite's folder; omit for a throwaway in-memory database (tests). */
	dataDir?: string
}

export async function openDatabase(options: OpenOptions): Promise<DatabaseHandle> {
	return options.url ? openPostgres(options.url) : openPglite(options.dataDir)
}

/**
 * Creates PGlite's folder in a short-lived child process. Creating one (initdb) takes ~850 MB of
 * WebAssembly memory that a process never gives back; opening an existing folder takes ~300 MB,
 * so the server only ever opens.
 */
async function createPgliteFolder(dataDir: string): Promise<void> {
	const pglite = createRequire(path.resolve('package.json')).resolve('@electric-sql/pglite')
	// The child ends with its parent (the IPC channel closes): a server stopped meanwhile leaves no
	// initdb writing on into a folder someone is removing.
	const script = [
		"process.on('disconnect', () => process.exit(1))",
		'const { PGlite } = require(process.argv[1])',
		'PGlite.create({ dataDir: process.argv[2] }).then((c) => c.close()).then(() => process.exit(0))',
	].join(';')
	const partial = `${dataDir}.creating`
	rmSync(partial, { recursive: true, force: true })
	mkdirSync(partial, { recursive: true })
	await new Promise<void>((resolve, reject) => {
		const child = spawn(process.execPath, ['-e', script, pglite, partial], { stdio: ['ignore', 'ignore', 'pipe', 'ipc'] })
		let stderr = ''
		child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
		child.on('error', reject)
		child.on('exit', (code) =>
			code === 0 ? resolve() : reject(new Error(`Creating the database in ${partial} failed (${code}): ${stderr}`)),
		)
	})
	ownerOnly(partial)
	// Renamed once complete: a start interrupted meanwhile leaves no half-made folder to open.
	renameSync(partial, dataDir)
}

/**
 * PGlite ignores the umask: initdb and archives leave files 0666, and some it writes later 0644.
 * The folder is made its user's only when created, restored, opened and migrated; DATA_DIR (0700,
 * data-dir.server.ts) keeps others out of what PostgreSQL creates in between.
 */
function ownerOnly(dir: string) {
	chmodSync(dir, 0o700)
	for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
		try {
			chmodSync(path.join(entry.parentPath, entry.name), entry.isDirectory() ? 0o700 : 0o600)
		} catch (error) {
			if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error // a file PostgreSQL has just removed
		}
	}
}

/**
 * PGlite starts PostgreSQL with its own defaults plus a smaller buffer cache: 32 MB instead of
 * 128 MB, ~100 MB less memory for the server (the operating system still caches the files).
 */
const PGLITE_START = [...PGlite.defaultStartParams, '-c', 'shared_buffers=32MB']

/**
 * bytea (PGlite hands it over as `\x` and hex) decoded by Node's Buffer: PGlite's own parser calls
 * parseInt once a byte, about 4× slower, which reading many snapshots felt (a clan of 500's gains:
 * 1,000 blobs, 50 → 13 ms). Buffer is a Uint8Array.
 */
const PGLITE_PARSERS = { [types.BYTEA]: (hex: string) => Buffer.from(hex.slice(2), 'hex') }

/** Who this process is, for the lock's message when nobody said (the server and `npm run db` do). */
const thisProcess = () => `${path.basename(process.argv[1] ?? 'node')} ${process.argv.slice(2).join(' ')}`.trim()

async function openPglite(dataDir: string | undefined): Promise<DatabaseHandle> {
	if (dataDir) holdDatabaseLock(dataDir, thisProcess())
	if (dataDir && !existsSync(path.join(dataDir, 'PG_VERSION'))) {
		if (existsSync(dataDir) && readdirSync(dataDir).length > 0) {
			throw new Error(`${dataDir} is not empty and holds no database (no PG_VERSION): move it away and start again.`)
		}
		rmSync(dataDir, { recursive: true, force: true })
		await createPgliteFolder(dataDir)
	}
	const client = await PGlite.create({ ...(dataDir ? { dataDir } : {}), startParams: PGLITE_START, parsers: PGLITE_PARSERS })
	if (dataDir) ownerOnly(dataDir)
	const db = drizzlePglite({ client, schema })
	return {
		db,
		engine: 'pglite',
		where: dataDir ? `PGlite at ${dataDir}` : 'PGlite in memory',
		pglite: client,
		async migrate(folder = MIGRATIONS_FOLDER) {
			// One process, one connection: nothing else can run migrations meanwhile.
			await migratePglite(db, { migrationsFolder: folder })
			if (dataDir) ownerOnly(dataDir)
		},
		close: () => client.close(),
	}
}

/** `host:port/database` of a URL, never its user or password. */
export function describePostgresUrl(url: string): string {
	const parsed = new URL(url)
	return `${parsed.hostname}:${parsed.port || 5432}${parsed.pathname}`
}

async function openPostgres(url: string): Promise<DatabaseHandle> {
	const where = `PostgreSQL at ${describePostgresUrl(url)}`
	const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 10_000 })
	// A broken idle connection must not crash the process; the next query gets a new one.
	pool.on('error', (error) => log.error(`database: idle connection lost: ${error.message}`))
	try {
		await pool.query('select 1')
	} catch (error) {
		await pool.end().catch(() => {})
		const reason = error instanceof Error ? error.message : String(error)
		throw new Error(`Could not connect to the database (DATABASE_URL, ${where}): ${reason}`, { cause: error })
	}
	const db = drizzlePg({ client: pool, schema })
	return {
		db,
		engine: 'postgres',
		where,
		async migrate(folder = MIGRATIONS_FOLDER) {
			const connection = await pool.connect()
			try {
				await connection.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID])
				try {
					await migratePg(drizzlePg({ client: connection, schema }), { migrationsFolder: folder })
				} finally {
					await connection.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID])
				}
			} finally {
				connection.release()
			}
		},
		close: () => pool.end(),
	}
}

/** PGlite's folder for this environment. */
export function embeddedDataDir(dataDir: string): string {
	return path.resolve(dataDir, 'db')
}

let opened: Promise<DatabaseHandle> | undefined
let closing = false

/**
 * Whether there is anything stored yet: a server, a database this process opened, or PGlite's
 * folder. The refresher asks before opening PGlite, so a server nobody has looked a player up on
 * never pays for it.
 */
export function databaseExists(): boolean {
	const env = getEnv()
	return Boolean(env.DATABASE_URL) || opened !== undefined || existsSync(embeddedDataDir(env.DATA_DIR))
}

/**
 * This process's database, opened and migrated on first use. With `DATABASE_URL` the server calls
 * it at start, so a bad URL or a failed migration stops it with the reason; PGlite (~300 MB, and
 * initdb the first time) opens when the tracker first needs it.
 */
export function getDatabase(): Promise<DatabaseHandle> {
	if (closing) return Promise.reject(new Error('The server is shutting down: the database is closed.'))
	opened ??= (async () => {
		const env = getEnv()
		const started = performance.now()
		const handle = await openDatabase(env.DATABASE_URL ? { url: env.DATABASE_URL } : { dataDir: embeddedDataDir(env.DATA_DIR) })
		await handle.migrate()
		const seconds = ((performance.now() - started) / 1000).toFixed(1)
		log.info(`Database: ${handle.where} (ready in ${seconds} s)`)
		return handle
	})()
	return opened
}

/** This process's database as `getDatabase` gave it (opening, open or failed), or undefined before first use. */
export function openedDatabase(): Promise<DatabaseHandle> | undefined {
	return closing ? undefined : opened
}

/**
 * At shutdown: waits for the queries under way (both engines finish them before closing) and
 * closes the database; later calls to `getDatabase` fail.
 */
export async function closeDatabase(): Promise<string | undefined> {
	closing = true
	const handle = await opened?.catch(() => undefined)
	await handle?.close()
	return handle?.where
}

/**
 * Restores the embedded database from a `dumpDataDir` archive into `dataDir`: the current folder
 * is kept beside it (`db.before-restore-<time>`) and put back if the archive does not open.
 */
export async function restoreEmbedded(dataDir: string, archive: Blob): Promise<{ keptAt: string | null }> {
	holdDatabaseLock(dataDir, thisProcess())
	const keptAt = existsSync(dataDir) ? `${dataDir}.before-restore-${new Date().toISOString().replaceAll(':', '-')}` : null
	if (keptAt) renameSync(dataDir, keptAt)
	try {
		mkdirSync(dataDir, { recursive: true })
		const client = await PGlite.create({ dataDir, loadDataDir: archive })
		await client.query('select 1')
		await client.close()
		ownerOnly(dataDir)
		return { keptAt }
	} catch (error) {
		rmSync(dataDir, { recursive: true, force: true })
		if (keptAt) renameSync(keptAt, dataDir)
		throw new Error(
			`The archive is not a database backup this version can open: ${error instanceof Error ? error.message : String(error)}`,
			{ cause: error },
		)
	}
}

/**
 * What must outlive a restore: read from the database being replaced, it gives back what writes it
 * into the restored one (the tracker's removals and blocks).
 */
export type CarryOver = (before: Database) => Promise<(after: Database) => Promise<void>>

export type RestoreResult = {
	handle: DatabaseHandle
	keptAt: string | null
	/** Set when the database being replaced could not be read, so nothing was carried over. */
	warning: string | null
}

/**
 * Replaces the embedded database in `dataDir` with a backup, carrying `carryOver` across: reads it
 * from `current` (the open database, or the folder opened now), restores, migrates, writes it back.
 */
export async function replaceEmbedded(
	dataDir: string,
	archive: Blob,
	current: Promise<DatabaseHandle | undefined> | undefined,
	carryOver: CarryOver,
): Promise<RestoreResult> {
	let apply: ((after: Database) => Promise<void>) | undefined
	let warning: string | null = null
	const old = await (current ?? (existsSync(path.join(dataDir, 'PG_VERSION')) ? openMigrated(dataDir) : undefined))?.catch(
		(error: unknown) => {
			warning = `The database being replaced could not be opened (${error instanceof Error ? error.message : String(error)}): removals and blocks made since the backup were not re-applied.`
			return undefined
		},
	)
	try {
		if (old) apply = await carryOver(old.db)
	} finally {
		await old?.close()
	}
	const { keptAt } = await restoreEmbedded(dataDir, archive)
	const handle = await openMigrated(dataDir)
	await apply?.(handle.db)
	return { handle, keptAt, warning }
}

async function openMigrated(dataDir: string): Promise<DatabaseHandle> {
	const handle = await openDatabase({ dataDir })
	await handle.migrate()
	return handle
}

/**
 * The running server's restore: closes this process's PGlite, restores, and reopens (callers wait
 * meanwhile). A restore that fails leaves the old database in place, reopened on next use.
 */
export async function restoreRunningEmbedded(archive: Blob, carryOver: CarryOver): Promise<Omit<RestoreResult, 'handle'>> {
	const env = getEnv()
	if (env.DATABASE_URL) throw new Error('DATABASE_URL is set: restore PostgreSQL with pg_restore.')
	const result = replaceEmbedded(embeddedDataDir(env.DATA_DIR), archive, opened, carryOver)
	const next = result.then(({ handle }) => handle)
	opened = next
	next.catch(() => {
		if (opened === next) opened = undefined
	})
	const { keptAt, warning } = await result
	return { keptAt, warning }
}
