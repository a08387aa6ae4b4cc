/**
 * The one database connection of this process: PostgreSQL through `DATABASE_URL` (a `pg` pool,
 * shared by every instance), else the embedded PGlite with its files under `DATA_DIR/db`.
 * Both speak PostgreSQL and both go through drizzle's pg-core query builder, so features write
 * one set of queries (decision 0013). PGlite costs ~300 MB of memory once open (a new folder is
 * created in a child process: creating takes ~850 MB): open it once per process, through `getDatabase()`.
 */
import { execFile } from 'node:child_process'
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { promisify } from 'node:util'
import { PGlite } from '@electric-sql/pglite'
import type { SQL } from 'drizzle-orm'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import pg from 'pg'
import { getEnv } from '#app/server/env.server.ts'
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
	const script = 'const { PGlite } = require(process.argv[1]); PGlite.create({ dataDir: process.argv[2] }).then((c) => c.close())'
	const partial = `${dataDir}.creating`
	rmSync(partial, { recursive: true, force: true })
	mkdirSync(partial, { recursive: true })
	await promisify(execFile)(process.execPath, ['-e', script, pglite, partial])
	// Renamed once complete: a start interrupted meanwhile leaves no half-made folder to open.
	renameSync(partial, dataDir)
}

/**
 * PGlite starts PostgreSQL with its own defaults plus a smaller buffer cache: 32 MB instead of
 * 128 MB, ~100 MB less memory for the server (the operating system still caches the files).
 */
const PGLITE_START = [...PGlite.defaultStartParams, '-c', 'shared_buffers=32MB']

async function openPglite(dataDir: string | undefined): Promise<DatabaseHandle> {
	if (dataDir && !existsSync(path.join(dataDir, 'PG_VERSION'))) {
		if (existsSync(dataDir) && readdirSync(dataDir).length > 0) {
			throw new Error(`${dataDir} is not empty and holds no database (no PG_VERSION): move it away and start again.`)
		}
		rmSync(dataDir, { recursive: true, force: true })
		await createPgliteFolder(dataDir)
	}
	const client = await PGlite.create({ ...(dataDir ? { dataDir } : {}), startParams: PGLITE_START })
	const db = drizzlePglite({ client, schema })
	return {
		db,
		engine: 'pglite',
		where: dataDir ? `PGlite at ${dataDir}` : 'PGlite in memory',
		pglite: client,
		async migrate(folder = MIGRATIONS_FOLDER) {
			// One process, one connection: nothing else can run migrations meanwhile.
			await migratePglite(db, { migrationsFolder: folder })
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
	opened ??= (async () => {
		const env = getEnv()
		const started = performance.now()
		const handle = await openDatabase(
			env.DATABASE_URL ? { url: env.DATABASE_URL } : { dataDir: embeddedDataDir(env.DATA_DIR) },
		)
		await handle.migrate()
		const seconds = ((performance.now() - started) / 1000).toFixed(1)
		log.info(`Database: ${handle.where} (ready in ${seconds} s)`)
		return handle
	})()
	return opened
}

/**
 * Restores the embedded database from a `dumpDataDir` archive into `dataDir`: the current folder
 * is kept beside it (`db.before-restore-<time>`) and put back if the archive does not open.
 */
export async function restoreEmbedded(dataDir: string, archive: Blob): Promise<{ keptAt: string | null }> {
	const keptAt = existsSync(dataDir) ? `${dataDir}.before-restore-${new Date().toISOString().replaceAll(':', '-')}` : null
	if (keptAt) renameSync(dataDir, keptAt)
	try {
		mkdirSync(dataDir, { recursive: true })
		const client = await PGlite.create({ dataDir, loadDataDir: archive })
		await client.query('select 1')
		await client.close()
		return { keptAt }
	} catch (error) {
		rmSync(dataDir, { recursive: true, force: true })
		if (keptAt) renameSync(keptAt, dataDir)
		throw new Error(`The archive is not a database backup this version can open: ${error instanceof Error ? error.message : String(error)}`, { cause: error })
	}
}

/** The running server's restore: closes this process's PGlite, restores, and reopens (callers wait meanwhile). */
export async function restoreRunningEmbedded(archive: Blob): Promise<{ keptAt: string | null }> {
	const env = getEnv()
	if (env.DATABASE_URL) throw new Error('DATABASE_URL is set: restore PostgreSQL with pg_restore.')
	const previous = opened
	let result: { keptAt: string | null } = { keptAt: null }
	const next = (async () => {
		await (await previous?.catch(() => undefined))?.close()
		const dataDir = embeddedDataDir(env.DATA_DIR)
		result = await restoreEmbedded(dataDir, archive)
		const handle = await openDatabase({ dataDir })
		await handle.migrate()
		return handle
	})()
	opened = next
	await next
	return result
}
